#pragma once
// Edits of the rig's states and transition settings, as pure functions like edits.hpp's: each
// returns the edited copy of the rig or an error naming the problem, and a successful edit
// leaves a rig the loader accepts and that saves and reloads to itself. States are named by
// index; an index out of range is an error, not a crash.

#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// `base` when no state has that name, else `base.001`, `base.002`, ...
std::string unique_state_name(const Rig& rig, std::string_view base);
// Why `name` cannot name a state of `rig` (empty, not UTF-8, taken by a state other than
// `renamed`; -1 for a new state), or ok.
Status check_state_name(const Rig& rig, std::string_view name, int renamed);

// A new state at the end of the list, named `name` (non-empty, valid UTF-8, unique) or, without
// one, "state", "state.001", ...; it drives nothing until channels are added.
Result<Rig> add_state(const Rig& rig, std::optional<std::string> name = std::nullopt);
// A new state at the end holding the rig's pose as it is now: a still channel (amplitude 0)
// for every bone posed away from rest, its base that pose. Authoring starts from dragging.
Result<Rig> add_state_from_pose(const Rig& rig, std::optional<std::string> name = std::nullopt);
// A copy of the state, right after it, named like "walking.001".
Result<Rig> duplicate_state(const Rig& rig, int state);
// Renaming a state to its own name succeeds.
Result<Rig> rename_state(const Rig& rig, int state, std::string_view name);
Result<Rig> delete_state(const Rig& rig, int state);

// Sets the still values from the rig's pose as it is now, keeping each oscillation: a bone's
// first channel of a property takes the pose's value as its base (rotation) or center
// (translation, scale), its other channels of that property the identity, so the bone swings
// about where the user put it. Properties posed away from rest that the state did not drive get
// a still channel. Refused when a center with its channel's swing would leave the property's range.
Result<Rig> capture_pose(const Rig& rig, int state);

// A channel for `bone`'s `property`, still (no swing) at the bone's current pose value, so
// adding it changes nothing shown; its period is the state's first channel's (the state's
// rhythm), 1 s for the first; a rotation's axis is the bone's hinge in 3D when it has one, else
// z. Refused for a property the state drives already: the new channel would compose with the
// old one's swing (the file may list several channels for one; the editor edits the one it has).
Result<Rig> add_channel(const Rig& rig, int state, int bone, PoseProperty property = PoseProperty::Rotation);

// The first of `state`'s channels that drives `bone`'s `property`, or -1.
int channel_driving(const State& state, int bone, PoseProperty property = PoseProperty::Rotation);
Result<Rig> remove_channel(const Rig& rig, int state, int channel);
// Replaces one channel, checked as the loader checks it: the bone exists; a rotation's axis is
// a finite non-zero direction (stored unit; 2D: z only), its base a finite non-zero rotation
// (stored unit; 2D: about z only), its amplitude finite within +-36000 degrees; a translation's
// or scale's center and swing keep channel_stays_in_range (2D: no z); the phase finite within
// +-36000 degrees; the period finite and > 0.
Result<Rig> set_channel(const Rig& rig, int state, int channel, const StateChannel& value);

// The whole pose replaced by `pose` (a state's pose taken as the rig's own, when the user
// starts posing over a preview): one rotation per bone, each checked like a pose rotation, and
// a finite root offset (2D: no z).
Result<Rig> take_pose(const Rig& rig, const Pose& pose);

// Whether a keyed state starts again after its last key (true) or holds it.
Result<Rig> set_state_loop(const Rig& rig, int state, bool loop);

// Duration finite and >= 0 (at most an hour), easing any.
Result<Rig> set_transition(const Rig& rig, const TransitionSettings& settings);

}  // namespace marionette
