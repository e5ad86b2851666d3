#pragma once
// Spreading a swing over frames. A stateless solve must sometimes change its answer a long way
// for a tiny move of the target: where the closest pose the joint limits allow goes over to the
// other side of a limit (the hero's arm from one shoulder limit to the other). The solve is
// right to say so, but shown in one frame it is a flip. An IK drag therefore shows the chain
// turning toward the solve at a bounded rate: at once when the turn is what the target's own
// motion accounts for, over a few frames when it is more (docs/ik.md, "Swings, spread over frames").

#include <span>
#include <vector>

#include "core/math/rotation_math.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The most a joint turns in one frame toward a solve that swung further than the target moved:
// a 170 degree swing takes 12 frames, a fifth of a second at 60 frames a second.
inline constexpr float kSwingStepRadians = 15.0f * kPi / 180.0f;
// A joint may turn at once by kFollowFactor times the target's step seen from the chain's root
// joint (|step| / distance, in radians), so a fast drag is followed as fast as it goes; and by
// kRadialFactor times the change of 2 acos(distance / reach), the bend of a limb of two equal
// bones reaching that far: near full extension a limb bends that fast for a step straight out
// or in, which is no swing (beyond reach the distance changes nothing).
inline constexpr float kFollowFactor = 4.0f;
inline constexpr float kRadialFactor = 2.0f;

// The largest turn, in radians, a joint of `bones` makes on its way from `pose` to `goal` (one
// rotation per bone): through its range for an angle range or hinge, the short way otherwise.
float largest_turn(const Rig& rig, const Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal);

// Turns `bones` in `pose` toward `goal` so that no joint turns by more than `max_turn`, all by
// the same fraction of their way, each within its joint limits all along (a range or hinge
// turns through its range, never across the angles it forbids). Returns whether `pose` reached
// `goal`.
bool turn_toward(const Rig& rig, Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal, float max_turn);

// The turn a target step from `before` to `after` accounts for at once, for a chain whose root
// joint is at `joint` and whose bones reach `reach` (kFollowFactor, kRadialFactor), or
// kSwingStepRadians if that is more.
float follow_allowance(const glm::vec3& joint, float reach, const glm::vec3& before, const glm::vec3& after);

}  // namespace marionette
