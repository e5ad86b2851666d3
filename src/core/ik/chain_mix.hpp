#pragma once
// A chain's mix (ik_chain.hpp) applied: after IK has solved a chain, its bones are brought back
// toward the rotations FK gave them, so that each ends `mix` of the way to the solve's answer.

#include <span>
#include <vector>

#include "core/rig/pose.hpp"

namespace marionette {

// Each of `bones` ends `mix` of the way from its FK rotation (`fk[i]` for `bones[i]`) to its
// rotation in `pose`, along the shorter arc (mix clamped to [0, 1]; 1 leaves `pose` as it is,
// 0 gives the FK rotations). Bones outside the pose, or without an FK rotation, are skipped.
void mix_with_fk(std::span<const int> bones, std::span<const glm::quat> fk, float mix, Pose& pose);

// The rotations of `bones` in `pose`, in that order: their FK rotations for mix_with_fk.
std::vector<glm::quat> rotations_of(std::span<const int> bones, const Pose& pose);

}  // namespace marionette
