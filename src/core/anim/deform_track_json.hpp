#pragma once
// A state's deform keys in a rig file (docs/rig-format.md, "Deform keys"): the "deform" list,
// each track naming its slot and mesh attachment and holding keys {"time", "offsets"} with the
// interpolation bone keys have.

#include <optional>
#include <vector>

#include "core/anim/state.hpp"
#include "core/io/json/json_field.hpp"
#include "core/mesh/slot.hpp"

namespace marionette {

// Reads them from a state's object into `state`, naming slots among `slots`; fails at the place.
void read_deform_tracks(const std::optional<JsonField>& deform, const std::vector<Slot>& slots, const std::vector<Skin>& skins,
                        State& state);

// Adds them to a state's object when the state has any.
void write_deform_tracks(const State& state, const std::vector<Slot>& slots, const std::vector<Skin>& skins, Json& out);

}  // namespace marionette
