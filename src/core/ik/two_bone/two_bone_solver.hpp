#pragma once
// Analytic two-bone IK as a job: plain inputs, validate(), run(), no hidden state.
//
// 2D: the law of cosines gives the triangle's angles; `bend` picks the side. 3D: the middle joint
// lies on the circle where the spheres around the root joint and the target meet; the bend plane
// comes from a pole (a point the middle joint bends toward), so the limb keeps its own
// orientation instead of one taken from the world axes.
//
// Too far: the limb straightens and points at the target. Too close: it folds as far as it can
// on its own bend side and never flips. Degenerate inputs (target at the root, zero-length
// bones, a pole on the root->target line) give a defined, finite pose.

#include "core/base/result.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/ik/ik_result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct TwoBoneJob {
    // Inputs.
    const Skeleton* skeleton = nullptr;
    Dimensions dimensions = Dimensions::Two;  // 2D: the target's z is ignored
    int root = -1;                            // the upper bone
    int effector = -1;                        // the lower bone, a child of root; its tip reaches
    glm::vec3 target{0.0f};                   // world space
    // bend (2D), pole (3D; without one the current middle joint is the pole), softness.
    TwoBoneSettings settings;
    float tolerance = 0.0f;  // "reached" distance; 0: 1e-4 of the limb's reach
    // In and out: the two bones' rotations; no other bone is touched.
    Pose* pose = nullptr;
    // The root's parent's world frame under `pose` when the caller has it (the frame's forward
    // kinematics; chain_placement.hpp); none: composed up the parent path. Must outlive run().
    const Transform* parent_frame = nullptr;
    // Where the limits leave only a closest pose (the target out of their reach), one on the side
    // the limb is on is kept over a closer one elsewhere while it misses by at most this much more
    // (a distance; 0: only by rounding's tie band). A drag passes a share of the reach
    // (IkDrag), so the limb does not swing over for a target that barely favours the other side.
    float keep_side = 0.0f;

    Status validate() const;
    IkResult run() const;  // only after validate() accepts the inputs (asserted in debug builds)
};

// The distance the effector is sent to, for a target at `distance` from the root joint: the
// reach clamped to what the limb can do, slowed near full extension by `softness`.
float two_bone_goal_distance(float distance, float upper, float lower, float softness);
// The same for a limb whose tip reaches from `fold` to `reach` from the root joint.
float soft_goal_distance(float distance, float fold, float reach, float softness);

}  // namespace marionette
