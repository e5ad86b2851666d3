#pragma once
// The two-bone solve for the common case, a chain without joint limits, written for speed: the
// editor and the frame benchmark call it thousands of times a frame. TwoBoneJob::run() takes
// it when it applies and its general path otherwise; tests check that both give the same pose.

#include <optional>

#include <glm/glm.hpp>

#include "core/ik_result.hpp"

namespace marionette {

struct TwoBoneJob;

// `target` is in the root bone's parent frame. False when the inputs are degenerate (the target
// on the root joint, a bone of no length, lengths outside what float products of four lengths
// hold): the general path gives those their defined poses. Nothing is written then.
bool solve_free_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result);

// 3D, `target` and `pole` in the root bone's parent frame. Also false without SSE2, where the
// general path would turn a bone half way round (a direction flipped exactly), and where the
// pole (or the middle joint) lies within about half a degree of the line to the target.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole, IkResult& result);

}  // namespace marionette
