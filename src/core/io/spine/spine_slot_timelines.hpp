#pragma once
// A state's slot tracks and draw-order keys as Spine's slot timelines ("attachment", "rgba")
// and "drawOrder" timeline (docs/spine.md).
//
// Spine keys a draw order as offsets from the setup order: each slot listed (in setup order)
// moves `offset` places from its setup place, and the slots not listed fill the places left,
// in setup order (esotericsoftware.com/spine-json-format, "Draw order timeline"). The slots a
// key leaves out are the longest run the order keeps in setup order, so a key lists as few as
// it can: one slot brought from the bottom to the top is one offset.

#include <vector>

#include "core/io/json/json_field.hpp"
#include "core/io/spine/spine_skeleton.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SpineSlotTimelines {
    Json slots = Json::object();      // by slot name: {"attachment": [...], "rgba": [...]}
    Json draw_order = Json::array();  // empty without draw-order keys
    double last_time = 0.0;           // the latest key written
};

// A keyed state's: the keys as they are (a track's first key after 0 repeated at 0, as Spine
// shows the setup before a timeline's first key; colours' cosine keys a frame apart).
SpineSlotTimelines spine_slot_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state);

// A state with oscillator channels, exported over `frames` frames of the rig's fps: its slot
// keys play on the state's own time, which loops at the state's length within those frames
// (state.hpp); drawings and the draw order are keyed once per loop, colours every frame.
SpineSlotTimelines spine_sampled_slot_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::size_t frames);

// The offsets of a draw-order key taking the setup order (slot i at place i) to `order` (slot
// indices, bottom first), as (slot index, offset) pairs in slot order; none for the setup order.
std::vector<std::pair<int, int>> draw_order_offsets(const std::vector<int>& order);

}  // namespace marionette
