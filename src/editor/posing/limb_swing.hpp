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
// under docs/ik.md's rule (no joint turns more than 10 degrees in a frame while the target moves
// less than a degree seen from the chain's root). A 170 degree swing takes 19 frames, a third of
// a second at 60 frames a second.
inline constexpr float kSwingStepRadians = 9.0f * kPi / 180.0f;
// A joint may turn at once by kFollowFactor times the target's step seen from the chain's root
// joint (|step| / distance, in radians), so a fast drag is followed as fast as it goes. Near
// full extension a limb bends faster than that for a step straight out or in (2 acos(distance /
// reach) for two equal bones: 16 degrees for the last hundredth of the reach), and that bend,
// too, is shown at kSwingStepRadians a frame.
inline constexpr float kFollowFactor = 4.0f;
// A drag's two-bone solves keep the side the limb is on while it misses by at most this share of
// the limb's reach more than the other side would (TwoBoneJob::keep_side): a target that barely
// favours the other side does not swing the limb over.
inline constexpr float kKeepSideOfReach = 0.05f;

// The largest turn, in radians, a joint of `bones` makes on its way from `pose` to `goal` (one
// rotation per bone): through its range for an angle range or hinge, the short way otherwise.
float largest_turn(const Rig& rig, const Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal);

// Turns `bones` in `pose` toward `goal` so that no joint turns by more than `max_turn`, all by
// the same fraction of their way, each within its joint limits all along (a range or hinge
// turns through its range, never across the angles it forbids). Returns whether `pose` reached
// `goal`.
bool turn_toward(const Rig& rig, Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal, float max_turn);

// The turn a target step from `before` to `after` accounts for at once, for a chain whose root
// joint is at `joint` (kFollowFactor), or kSwingStepRadians if that is more.
float follow_allowance(const glm::vec3& joint, const glm::vec3& before, const glm::vec3& after);

}  // namespace marionette
