#pragma once
// The 2D two-bone solve for the common case, a chain without joint limits, written for speed:
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


}  // namespace marionette
