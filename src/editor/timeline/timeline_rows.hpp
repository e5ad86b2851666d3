#pragma once
// What the timeline lists and where the pointer is in it: a row per track of the state, bones
// in skeleton order, and the keys under a click or inside a dragged box. Pure functions of the
// state, so the window-less tests check them.

#include <optional>
#include <span>
#include <vector>

#include "core/anim/state.hpp"
#include "editor/edits/key_edits.hpp"

namespace marionette {

// One row of the timeline: a track of one of the state's timelines.
struct TimelineRow {
    KeyTimeline timeline = KeyTimeline::Bone;
    int track = -1;

    bool operator==(const TimelineRow&) const = default;
};

// The rows in the order the timeline shows them: bone tracks by bone (skeleton order), then
// rotation, translation, scale; then slot tracks by slot (the rig's draw order), drawing before
// colour; then the draw order, when it has keys; then chain mix tracks by chain; then deform
// tracks by slot and attachment.
std::vector<TimelineRow> timeline_rows(const State& state);

// The key on row `row` nearest `time`, if one lies within `tolerance` seconds of it.
std::optional<KeyRef> key_near(const State& state, std::span<const TimelineRow> rows, int row, double time, double tolerance);

// Every key on rows `first_row` to `last_row` (either order) between the two times (either
// order), ends included.
std::vector<KeyRef> keys_in_box(const State& state, std::span<const TimelineRow> rows, int first_row, int last_row, double t0, double t1);

// Every key of every timeline of the state.
std::vector<KeyRef> every_key(const State& state);

// The shift that puts the dragged key, first at `grabbed`, on the frame nearest `grabbed +
// moved` at `fps` (no snapping for an fps not above 0); it stops where the earliest key moved
// (at `earliest`) reaches 0.
double key_drag_shift(double grabbed, double moved, double earliest, double fps);

}  // namespace marionette
