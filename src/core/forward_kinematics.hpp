#pragma once
// Forward kinematics as a job: plain inputs and outputs, validate() then run(), no hidden state.
// One pass over the parent-before-child bone array computes every joint's world frame.

#include <span>

#include "core/pose.hpp"
#include "core/result.hpp"
#include "core/skeleton.hpp"

namespace marionette {

struct ForwardKinematicsJob {
    // Inputs.
    const Skeleton* skeleton = nullptr;
    const Pose* pose = nullptr;
    // Output: the world frame of each bone's joint (its head), one per bone.
    std::span<Transform> world;

    Status validate() const;
    // Runs without checking (debug builds assert validate()): call validate() first, or know the
    // inputs are sound.
    void run() const;
};

// A bone's transform relative to its parent's joint frame under `pose` (roots get the offset).
inline Transform local_transform(const Skeleton& skeleton, const Pose& pose, std::size_t bone) {
    const Bone& b = skeleton[bone];
    Transform t{b.rest.translation, b.rest.rotation * pose.rotations[bone]};
    if (b.parent < 0) t.translation += pose.root_offset;
    return t;
}

// The world frame of a bone's parent (identity for a root), composed up the parent path
// without a buffer: what a solver needs to place a chain without running all of FK.
Transform parent_world(const Skeleton& skeleton, const Pose& pose, int bone);

// Convenience for callers that own no buffer: validates, runs, returns the world frames.
Result<std::vector<Transform>> compute_world(const Skeleton& skeleton, const Pose& pose);

}  // namespace marionette
