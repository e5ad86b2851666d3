#pragma once
// The keys of a state's kinds of timeline seen alike: bone tracks, slot tracks, the draw order
// and chain mix tracks all hold keys in time order, each with a `time`. What the timeline's rows, its
// selection, and the key moves and deletes share, so none of them special-cases a kind.

#include <cstddef>
#include <string>

#include "core/rig/rig.hpp"
#include "editor/edits/key_edits.hpp"

namespace marionette {

// Calls `f` with the keys of track `track` on `timeline` (which must exist; the draw order is
// track 0) and returns what it returns.
template <class StateT, class F>
decltype(auto) with_track_keys(StateT& state, KeyTimeline timeline, int track, F&& f) {
    const auto t = static_cast<std::size_t>(track);
    switch (timeline) {
        case KeyTimeline::Slot: return f(state.slot_tracks[t].keys);
        case KeyTimeline::DrawOrder: return f(state.draw_order);
        case KeyTimeline::Skin: return f(state.skin_keys);
        case KeyTimeline::Chain: return f(state.chain_tracks[t].keys);
        case KeyTimeline::Deform: return f(state.deform[t].keys);
        case KeyTimeline::Bone: break;
    }
    return f(state.tracks[t].keys);
}

// Whether `timeline` has a track `track` (the draw order and the skin keys: track 0, even without
// keys).
bool has_track(const State& state, KeyTimeline timeline, int track);
// How many keys the track holds (0 for a track that does not exist).
std::size_t track_key_count(const State& state, KeyTimeline timeline, int track);
// Whether `ref` names an existing key.
bool key_exists(const State& state, KeyRef ref);
// The time of an existing key.
float key_time(const State& state, KeyRef ref);
// What an existing track of `state` (one of `rig`'s) keys, for messages: "arm's rotation",
// "eyes' attachment", "the draw order", "the skin", "leg_l's mix", "face's round shape".
std::string track_label(const Rig& rig, const State& state, KeyTimeline timeline, int track);

}  // namespace marionette
