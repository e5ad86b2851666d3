#pragma once
// Forward kinematics as a job: plain inputs and outputs, validate() then run(), no hidden state.
// One pass over the parent-before-child bone array computes every joint's world frame.

#include <span>

#include "core/base/result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

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
// plus the pose's, stretched by the parent's scale (roots get the root offset instead). Solvers
// that place a chain's joints from the skeleton read them here, so a moved bone, or the child
// of a scaled one, is where FK puts it.
inline glm::vec3 local_translation(const Skeleton& skeleton, const Pose& pose, std::size_t bone) {
    const Bone& b = skeleton[bone];
    const glm::vec3 t = b.rest.translation + pose.translations[bone];
    if (b.parent < 0) return t + pose.root_offset;
    return t * pose.scales[static_cast<std::size_t>(b.parent)];
}

// A bone's length under `pose`: its rest length stretched by its scale along the bone. The tip
// of the bone (a chain's end effector) is this far along its joint frame's x axis.
inline float posed_length(const Skeleton& skeleton, const Pose& pose, std::size_t bone) {
    return skeleton[bone].length * pose.scales[bone].x;
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
