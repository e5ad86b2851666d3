#pragma once
// A state's chain mix keys in a rig file (docs/rig-format.md, "IK in states"): the
// "chain_tracks" list, each naming its chain and holding keys {"time", "mix"} with the
// interpolation bone keys have.

#include <optional>
#include <vector>

#include "core/anim/state.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/io/json/json_field.hpp"

namespace marionette {

// Reads them from a state's object into `state`, naming chains among `chains`; fails at the place.
void read_chain_tracks(const std::optional<JsonField>& chain_tracks, const std::vector<IkChain>& chains, State& state);

// Adds them to a state's object when the state has any.
void write_chain_tracks(const State& state, const std::vector<IkChain>& chains, Json& out);

}  // namespace marionette
