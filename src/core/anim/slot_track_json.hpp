#pragma once
// A state's slot timelines in a rig file (docs/rig-format.md, "Slots in states"): the
// "slot_tracks" list (a slot's drawing or colour keys) and the "draw_order" keys, slots named.

#include <optional>
#include <vector>

#include "core/anim/state.hpp"
#include "core/io/json/json_field.hpp"

namespace marionette {

// The index of the slot `f` names among `slots`; fails at `f` when none has that name. What every
// state timeline naming a slot reads its slot with.
int read_slot_name(const JsonField& f, const std::vector<Slot>& slots);

// Reads them from a state's object into `state`, naming slots among `slots`; fails at the place.
void read_slot_timelines(const std::optional<JsonField>& slot_tracks, const std::optional<JsonField>& draw_order,
                         const std::vector<Slot>& slots, State& state);

// Adds them to a state's object when the state has any.
void write_slot_timelines(const State& state, const std::vector<Slot>& slots, Json& out);

// A state's "skin_keys" (docs/rig-format.md, "Skins"), skins named among `skins`: read into
// `state` (failing at the place) and written when the state has any.
void read_skin_keys(const JsonField& field, const std::vector<Skin>& skins, State& state);
void write_skin_keys(const State& state, const std::vector<Skin>& skins, Json& out);

}  // namespace marionette
