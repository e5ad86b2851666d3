#pragma once
// Cyclic coordinate descent as a job: plain inputs, validate(), run(), no hidden state.
//
// Each iteration costs O(N) in the chain length. A pass down the chain carries the target into
// each joint's parent frame; a pass up turns each joint, from the effector's to the root, so
// that joint->effector points along joint->target, carrying the effector's position up as it
// goes (instead of recomputing forward kinematics for every joint). Joint limits and the
// per-step cap are applied inside each step, so every joint is within its limits after every
// solve. A solve stops when the effector is within tolerance, when an iteration no longer brings
// it closer (out of reach, or held by limits), or after max_iterations. A chain that starts
// within tolerance, or that the iterations bring no closer, is left as it was (iterations 0 for
// the first): solving again toward the same target from a solve's answer changes nothing.

#include <span>

#include "core/base/result.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/ik/ik_result.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Scratch memory for one chain joint; the caller owns an array of chain-length entries.
struct CcdJoint {
    enum class Kind : unsigned char { Free, Range, Hinge, Ball, SwingTwist };

    int bone = -1;
    Kind kind = Kind::Free;
    glm::vec3 translation{0.0f};           // joint position in the parent's frame
    glm::vec3 target{0.0f};                // the target in the parent's frame
    float inverse_target_distance = 0.0f;  // 1 / |target - translation|
    // 3D: local rotation (rest * pose) and rest rotation.
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::quat rest{1.0f, 0.0f, 0.0f, 0.0f};
    // 2D: the same as unit complex numbers.
    Rot2 turn;
    Rot2 rest_turn;
    glm::vec3 hinge{0.0f};        // 3D hinge axis in the parent's frame
    glm::vec3 hinge_local{0.0f};  // and in the bone's rest frame
    float angle = 0.0f;           // pose angle (2D range, 3D hinge), unwrapped while solving
    float lo = -kPi;              // allowed pose angles (swing-twist: the twist)
    float hi = kPi;
    float cone_cos_half = -1.0f;  // 3D ball joint: cos(max / 2)
    float cone_angle = kPi;       // and max (swing-twist: the largest swing)
};

struct CcdJob {
    // Inputs.
    const Skeleton* skeleton = nullptr;
    Dimensions dimensions = Dimensions::Two;  // 2D: joints turn about z, the target's z is ignored
    int root = -1;                            // the chain: root down the parent path to effector
    int effector = -1;
    glm::vec3 target{0.0f};  // world space
    CcdSettings settings;
    std::span<CcdJoint> scratch;  // at least chain-length entries
    // In and out: the chain starts from these rotations and the solution is written back; no
    // other bone's rotation is touched.
    Pose* pose = nullptr;
    // The root's parent's world frame under `pose` when the caller has it (the frame's forward
    // kinematics; chain_placement.hpp); none: composed up the parent path. Must outlive run().
    const Transform* parent_frame = nullptr;

    Status validate() const;
    IkResult run() const;  // only after validate() accepts the inputs (asserted in debug builds)
};

// The number of bones from root down to effector, or 0 when effector is not below root.
std::size_t chain_length(const Skeleton& skeleton, int root, int effector);

}  // namespace marionette
