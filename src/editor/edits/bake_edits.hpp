#pragma once
// "Bake to keys": a state (its oscillator channels, its keys, both) or a timeline of states with
// their blends, sampled at an fps and turned into a new keyed state whose linear keys
// reproduce every frame within the tolerance key_reduction.hpp documents. The source is left
// as it was; the new state is added at the end of the list. Pure functions like the other
// edits: the edited copy of the rig, or an error naming the problem.

#include <span>
#include <string>

#include "core/anim/bake_cycle.hpp"
#include "core/anim/key_reduction.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Appends "<name> baked" (made unique), looping as the source does, holding a track for every
// bone property the state drives. `fps` as the rig's fps rule; a tolerance's zero distance
// means bake_distance_tolerance().
Result<Rig> bake_state(const Rig& rig, int state, double fps, BakeTolerance tolerance = {});

// Appends a state named `name` (which must be free) that plays `timeline` for `seconds` as the
// state machine plays it, blends included, and then holds (no loop): a track for every bone
// property any state of the timeline drives.
Result<Rig> bake_timeline_state(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, double seconds,
                                const std::string& name, BakeTolerance tolerance = {});

}  // namespace marionette
