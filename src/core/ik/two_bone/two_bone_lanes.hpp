#pragma once
// The two-bone free path (two_bone_free.cpp) for four limbs at once, one per SSE2 lane: what
// TwoBoneBatchJob runs on limbs without joint limits. Inputs are gathered into arrays, one entry
// per lane, in the frames the one-limb path works in (the root bone's parent frame); the lane
// kernels compute what solve_free_2d / solve_free_3d compute, step for step, and refuse the
// lanes those would refuse (the caller solves them one at a time with TwoBoneJob).

#include <cstdint>

#include <glm/glm.hpp>

namespace marionette {

inline constexpr int kLanes = 4;

struct TwoBoneLanes2d {
    // In the root bone's parent frame: the root joint, the target.
    alignas(16) float root_x[kLanes], root_y[kLanes];
    alignas(16) float target_x[kLanes], target_y[kLanes];
    // The middle joint in the upper bone's frame, and the lower bone's length.
    alignas(16) float offset_x[kLanes], offset_y[kLanes];
    alignas(16) float lower[kLanes];
    // The rest rotations about z, as a quaternion's w and z.
    alignas(16) float rest_a_w[kLanes], rest_a_z[kLanes], rest_b_w[kLanes], rest_b_z[kLanes];
    alignas(16) float bend[kLanes];  // +1 or -1
    // A soft limb's goal distance squared (two_bone_goal_distance needs exp(), left to the
    // caller's scalar code); below 0 on other lanes, which clamp the target's distance.
    alignas(16) float soft_goal2[kLanes];
    alignas(16) float tolerance[kLanes];  // 0: 1e-4 of the reach
};

// The new pose rotations, one quaternion per lane laid out as glm::quat (x y z w; in 2D x and y
// are 0), so each is copied out whole; and the results.
struct TwoBoneLanesSolved {
    alignas(16) float pose_a[kLanes][4], pose_b[kLanes][4];
    alignas(16) float error[kLanes];
    int reached = 0;  // bit i: lane i reached its target
};

// A soft limb's goal distance squared, as the free paths compute it from the target and root
// joint in the root bone's parent frame (z = 0 in 2D), the middle joint's offset and the lower
// bone's length: the lanes take it from here for their soft_goal2.
float soft_goal_squared(const glm::vec3& to_target, const glm::vec3& offset, float lower, float softness);

// Bit i of the result is set when lane i was solved; the other lanes' outputs are garbage.
// Without SSE2 no lane is solved.
int solve_free_2d_lanes(const TwoBoneLanes2d& in, TwoBoneLanesSolved& out);

}  // namespace marionette
