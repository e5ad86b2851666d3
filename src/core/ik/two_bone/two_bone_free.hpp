#pragma once
// The two-bone solves for the common cases (no joint limits; a 2D limb with limits whose target
// the side it is on reaches within its ranges), written for speed: the editor and the frame
// benchmark call them thousands of times a frame. TwoBoneJob::run() takes them where they apply
// and the solve on the limb's shape (two_bone_shaped.hpp) otherwise; tests check that both give
// the same pose.

#include <glm/glm.hpp>

#include "core/ik/ik_result.hpp"

namespace marionette {

struct TwoBoneJob;

// The 2D free solve, solve_free_2d, is inline in two_bone_triangle_2d.hpp. Both take `target`
// in the root bone's parent frame.

// solve_free_2d's triangle for a 2D limb with joint limits, when the side it is on (from straight: the
// rig's `bend`) or else the other side reaches the goal within both ranges: the exact answer of
// the solve on the limb's shape, without building the shape. False, writing nothing, when
// neither side does (the closest-tip search's case) or the inputs are degenerate.
bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result);

// 3D, a limb without limits and with a pole (both in the root bone's parent frame): the exact
// aim of the solve on the limb's shape without its limit machinery, the same pose to rounding
// (two_bone_paths_test). False, writing nothing, where the inputs are degenerate.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result);

}  // namespace marionette
