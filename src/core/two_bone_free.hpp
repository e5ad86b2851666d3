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

// `target` is in the root bone's parent frame. False when the inputs are degenerate (the target
// on the root joint, a bone of no length, lengths outside what float products of four lengths
// hold): the general path gives those their defined poses. Nothing is written then.
bool solve_free_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result);

// 3D, a limb without limits and with a pole (both in the root bone's parent frame): the exact
// aim of the solve on the limb's shape without its limit machinery, the same pose to rounding
// (two_bone_paths_test). False, writing nothing, where the inputs are degenerate.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result);


}  // namespace marionette
