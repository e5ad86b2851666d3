#pragma once
// The two-bone solves for the common cases (no joint limits; a limited limb whose target the
// side it is on reaches within its limits), written for speed: the editor and the frame benchmark call them
// thousands of times a frame. TwoBoneJob::run()
// takes it when it applies and the solve on the limb's shape (two_bone_shaped.hpp) otherwise;
// tests check that both give the same pose.

#include <optional>

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

// What solve_limited_3d did: answered; found that neither side reaches the goal within the
// limits (the solve on the limb's shape need not try its exact answers again: only its
// closest-tip search is left); or declined the limb (its shape or inputs are not this path's).
enum class LimitedAnswer { Solved, NoExactAnswer, Declined };

// The same for a 3D limb with joint limits whose middle joint bends in one plane (no hinge, or a
// hinge across both bones) and whose upper joint is not a hinge, when the side it is on (from
// straight, the rest side) reaches the goal with the pole's swivel within both joints' limits:
// the exact answer of the solve on the limb's shape. Writes nothing unless it answers.
LimitedAnswer solve_limited_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result);

}  // namespace marionette
