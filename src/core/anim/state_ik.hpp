#pragma once
// IK while a state plays: the chains a state keys the mix of (chain_track.hpp) are solved on
// top of the pose its tracks and channels give, as Spine applies its IK constraints after the
// animation. Everything else a state shows is forward kinematics.

#include <vector>

#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Solves, on `pose` (the state's forward-kinematics pose at `track_time` seconds on its
// tracks), each chain of `rig` that `state` keys the mix of, in the rig's chain order: a pinned
// chain whose keyed mix there is above 0 is solved toward its pin from `pose`, and its bones end
// that share of the way from their rotations in `pose` to the solve's (chain_mix.hpp). A chain
// without a pin has no target and keeps its pose, as does one a solve refuses. The result
// depends on `pose` and the time alone. Returns how many chains were solved.
int solve_state_chains(const Rig& rig, const State& state, double track_time, Pose& pose);

// The chains solve_state_chains may solve for `state`, in the rig's order: pinned chains the
// state keys a mix above 0 for somewhere (what an export has to bake, or hand to IK).
std::vector<int> chains_solved_by(const Rig& rig, const State& state);

}  // namespace marionette
