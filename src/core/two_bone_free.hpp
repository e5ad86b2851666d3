#pragma once
// The two-bone solves for the common case, a chain without joint limits, written for speed:
// the editor and the frame benchmark call it thousands of times a frame. TwoBoneJob::run()
// takes it when it applies and the solve on the limb's shape (two_bone_shaped.hpp) otherwise;
// tests check that both give the same pose.

#include <optional>

#include <glm/glm.hpp>

#include "core/ik_result.hpp"

namespace marionette {

struct TwoBoneJob;

// `target` is in the root bone's parent frame. A result of 0 iterations when the inputs are
// degenerate (the target on the root joint, a bone of no length, lengths outside what float
// products of four lengths hold): the general path gives those their defined poses. Nothing is
// written then. (Returned whole rather than through a reference: a result built in memory and
// returned in registers stalled on store forwarding, 8% of the 3D solve.)
IkResult solve_free_2d(const TwoBoneJob& job, glm::vec2 target);

// 3D, a limb without limits and with a pole (both in the root bone's parent frame): the exact
// aim of the solve on the limb's shape without its limit machinery, the same pose to rounding
// (two_bone_paths_test). 0 iterations, writing nothing, where the inputs are degenerate.
IkResult solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole);


}  // namespace marionette
