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

// Where a bone's joint sits in its parent's joint frame under `pose`: its rest translation
// plus the pose's (roots also get the root offset). Solvers that place a chain's joints from
// the skeleton read them here, so a moved bone is where FK puts it.
inline glm::vec3 local_translation(const Skeleton& skeleton, const Pose& pose, std::size_t bone) {
    const Bone& b = skeleton[bone];
    glm::vec3 t = b.rest.translation + pose.translations[bone];
    if (b.parent < 0) t += pose.root_offset;
    return t;
}

// A bone's transform relative to its parent's joint frame under `pose`.
inline Transform local_transform(const Skeleton& skeleton, const Pose& pose, std::size_t bone) {
    return {local_translation(skeleton, pose, bone), skeleton[bone].rest.rotation * pose.rotations[bone]};
}

// The world frame of a bone's parent (identity for a root), composed up the parent path
// without a buffer: what a solver needs to place a chain without running all of FK.
Transform parent_world(const Skeleton& skeleton, const Pose& pose, int bone);

// Convenience for callers that own no buffer: validates, runs, returns the world frames.
Result<std::vector<Transform>> compute_world(const Skeleton& skeleton, const Pose& pose);

}  // namespace marionette
