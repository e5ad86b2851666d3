// What the timeline lists and what a click or a box on it reaches.

#include "editor/timeline/timeline_rows.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace marionette;

namespace {

KeyTrack track(int bone, PoseProperty property, std::initializer_list<float> times) {
    KeyTrack t{bone, property, {}};
    for (float time : times) {
        Key k;
        k.time = time;
        t.keys.push_back(k);
    }
    return t;
}

SlotTrack slot_track(int slot, SlotProperty property, std::initializer_list<float> times) {
    SlotTrack t{slot, property, {}};
    for (float time : times) t.keys.push_back(SlotKey{time, -1, glm::vec4{1.0f}, Interpolation::Linear, {}});
    return t;
}

State keyed() {
    State s{"jump", {}, {}, true};
    s.tracks.push_back(track(2, PoseProperty::Scale, {0.0f, 1.0f}));
    s.tracks.push_back(track(0, PoseProperty::Rotation, {0.0f, 0.5f, 1.0f}));
    s.tracks.push_back(track(2, PoseProperty::Rotation, {0.25f}));
    return s;
}

}  // namespace

TEST(TimelineRows, ByBoneThenRotationTranslationScale) {
    const State s = keyed();
    EXPECT_EQ(timeline_rows(s), (std::vector<TimelineRow>{{KeyTimeline::Bone, 1}, {KeyTimeline::Bone, 2}, {KeyTimeline::Bone, 0}}));
    EXPECT_TRUE(timeline_rows(State{"empty", {}, {}, true}).empty());
}

TEST(TimelineRows, AClickFindsTheNearestKeyOnItsRowWithinTheTolerance) {
    const State s = keyed();
    const std::vector<TimelineRow> rows = timeline_rows(s);
    EXPECT_EQ(key_near(s, rows, 0, 0.52, 0.05), (KeyRef{1, 1}));
    EXPECT_EQ(key_near(s, rows, 0, 0.74, 0.3), (KeyRef{1, 1})) << "the nearer of two in reach";
    EXPECT_EQ(key_near(s, rows, 0, 0.76, 0.3), (KeyRef{1, 2}));
    EXPECT_FALSE(key_near(s, rows, 0, 0.3, 0.05).has_value());
    EXPECT_EQ(key_near(s, rows, 2, 1.0, 0.01), (KeyRef{0, 1}));
    EXPECT_FALSE(key_near(s, rows, 3, 0.0, 1.0).has_value()) << "below the last row";
    EXPECT_FALSE(key_near(s, rows, -1, 0.0, 1.0).has_value());
}

TEST(TimelineRows, ABoxTakesEveryKeyInsideItWhicheverWayItWasDrawn) {
    const State s = keyed();
    const std::vector<TimelineRow> rows = timeline_rows(s);
    const std::vector<KeyRef> box = keys_in_box(s, rows, 1, 0, 0.6, 0.2);
    EXPECT_EQ(box, (std::vector<KeyRef>{{1, 1}, {2, 0}}));
    EXPECT_EQ(keys_in_box(s, rows, -5, 50, 0.0, 10.0).size(), 6u) << "rows past either end are clamped";
    EXPECT_TRUE(keys_in_box(s, rows, 0, 2, 2.0, 3.0).empty());
}

TEST(TimelineRows, ADraggedKeyLandsOnAFrameAndTheEarliestStopsAtZero) {
    // At 30 fps: a key at 0.5 s moved by 0.11 s lands on frame 18 (0.6 s).
    EXPECT_NEAR(key_drag_shift(0.5, 0.11, 0.5, 30.0), 0.1, 1e-12);
    EXPECT_NEAR(key_drag_shift(0.5, 0.11, 0.5, 0.0), 0.11, 1e-12) << "no snapping";
    // Keys at 0.2 and 0.5 dragged a second earlier: the earliest stops at 0.
    EXPECT_NEAR(key_drag_shift(0.5, -1.0, 0.2, 30.0), -0.2, 1e-12);
    EXPECT_EQ(key_drag_shift(0.5, NAN, 0.2, 30.0), 0.0);
}

// A puppet's state: its slot tracks follow the bones' rows, by slot then drawing before colour,
// and the draw order comes last; a click and a box reach their keys as they reach bone keys.
TEST(TimelineRows, SlotTracksThenTheDrawOrderFollowTheBones) {
    State s = keyed();
    s.slot_tracks.push_back(slot_track(3, SlotProperty::Color, {0.5f}));
    s.slot_tracks.push_back(slot_track(1, SlotProperty::Attachment, {0.0f, 0.75f}));
    s.slot_tracks.push_back(slot_track(3, SlotProperty::Attachment, {1.0f}));
    s.draw_order.push_back(DrawOrderKey{0.25f, {}});
    s.draw_order.push_back(DrawOrderKey{0.8f, {}});
    const std::vector<TimelineRow> rows = timeline_rows(s);
    const std::vector<TimelineRow> expected{{KeyTimeline::Bone, 1},     {KeyTimeline::Bone, 2}, {KeyTimeline::Bone, 0},
                                            {KeyTimeline::Slot, 1},     {KeyTimeline::Slot, 2}, {KeyTimeline::Slot, 0},
                                            {KeyTimeline::DrawOrder, 0}};
    EXPECT_EQ(rows, expected);
    EXPECT_EQ(key_near(s, rows, 3, 0.7, 0.1), (KeyRef{1, 1, KeyTimeline::Slot}));
    EXPECT_EQ(key_near(s, rows, 6, 0.79, 0.1), (KeyRef{0, 1, KeyTimeline::DrawOrder}));
    EXPECT_FALSE(key_near(s, rows, 5, 1.0, 0.1).has_value()) << "the colour key is at 0.5";
    EXPECT_EQ(keys_in_box(s, rows, 4, 6, 0.2, 0.6), (std::vector<KeyRef>{{0, 0, KeyTimeline::Slot}, {0, 0, KeyTimeline::DrawOrder}}));
    EXPECT_EQ(every_key(s).size(), 6u + 4u + 2u);
    s.draw_order.clear();
    EXPECT_EQ(timeline_rows(s).size(), 6u) << "no draw-order row without its keys";
}

// Deform tracks are rows after the others, by slot then attachment; their keys are clicked,
// boxed, moved and deleted as any key is, and a track whose last key goes goes with it.
TEST(TimelineRows, DeformTracksComeLastAndTheirKeysMoveAndGoAsOthers) {
    State s = keyed();
    const auto deform = [](int slot, int attachment, std::initializer_list<float> times) {
        DeformTrack t{slot, attachment, {}};
        for (float time : times) t.keys.push_back(DeformKey{time, {}, Interpolation::Linear, {}});
        return t;
    };
    s.deform.push_back(deform(2, 1, {0.5f}));
    s.deform.push_back(deform(0, 0, {0.0f, 1.0f}));
    const std::vector<TimelineRow> rows = timeline_rows(s);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[3], (TimelineRow{KeyTimeline::Deform, 1}));
    EXPECT_EQ(rows[4], (TimelineRow{KeyTimeline::Deform, 0}));
    EXPECT_EQ(key_near(s, rows, 3, 0.95, 0.1), (KeyRef{1, 1, KeyTimeline::Deform}));
    EXPECT_EQ(every_key(s).size(), 6u + 3u);
    EXPECT_TRUE(same_key(key_id(s, KeyRef{1, 1, KeyTimeline::Deform}), deform_key_id(0, 0, 1.0f)));
    EXPECT_EQ(find_key(s, deform_key_id(2, 1, 0.5f)), (KeyRef{0, 0, KeyTimeline::Deform}));

    Rig rig;
    rig.states.push_back(s);
    const std::vector<KeyRef> second{KeyRef{1, 1, KeyTimeline::Deform}};
    const Result<Rig> moved = move_keys(rig, 0, second, 0.5f);
    ASSERT_TRUE(moved.ok()) << moved.message();
    EXPECT_EQ(moved.value().states[0].deform[1].keys[1].time, 1.5f);
    const std::vector<KeyRef> lone{KeyRef{0, 0, KeyTimeline::Deform}};
    const Result<Rig> deleted = delete_keys(rig, 0, lone);
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    ASSERT_EQ(deleted.value().states[0].deform.size(), 1u) << "the emptied track goes";
    EXPECT_EQ(deleted.value().states[0].deform[0].slot, 0);
}
