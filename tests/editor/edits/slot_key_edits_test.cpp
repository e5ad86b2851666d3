// A puppet state's drawing, colour and draw-order keys edited as the timeline edits bone keys:
// found again by id after they are renumbered, moved together with bone keys, never onto
// another key of their track, deleted (an emptied slot track goes), and left as the loader
// accepts them.

#include <gtest/gtest.h>

#include "core/rig/rig_json.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/timeline/timeline_keys.hpp"

using namespace marionette;

namespace {

// Two slots on "body"; state "blink": body's rotation keyed at 0 and 1 s, the eyes' drawing at
// 0 (open) and 0.5 s (shut), their colour at 0.25 s, the draw order at 0 and 0.75 s.
Rig blinking() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 50 } ],
      "slots": [
        { "name": "torso", "bone": "body", "attachment": "torso", "attachments": [ { "name": "torso", "image": "torso.png", "size": [30, 60] } ] },
        { "name": "eyes", "bone": "body", "attachment": "open", "attachments": [
            { "name": "open", "image": "open.png", "size": [10, 5] }, { "name": "shut", "image": "shut.png", "size": [10, 5] } ] } ],
      "states": [ { "name": "blink",
        "tracks": [ { "bone": "body", "property": "rotation", "keys": [ { "time": 0, "value": 0 }, { "time": 1, "value": 10 } ] } ],
        "slot_tracks": [
          { "slot": "eyes", "property": "attachment", "keys": [ { "time": 0, "value": "open" }, { "time": 0.5, "value": "shut" } ] },
          { "slot": "eyes", "property": "color", "keys": [ { "time": 0.25, "value": [1, 0.5, 0.5, 1] } ] } ],
        "draw_order": [ { "time": 0, "order": ["torso", "eyes"] }, { "time": 0.75, "order": ["eyes", "torso"] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

constexpr KeyRef kShut{0, 1, KeyTimeline::Slot};
constexpr KeyRef kTint{1, 0, KeyTimeline::Slot};
constexpr KeyRef kOrderSwap{0, 1, KeyTimeline::DrawOrder};

// The rig as a file and back: what the loader says of the edited state.
void expect_loads(const Rig& rig) {
    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    Result<Rig> back = parse_rig(text.value());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().states, rig.states);
}

}  // namespace

TEST(SlotKeyEdits, IdsNameSlotAndDrawOrderKeysAndFindThemAfterAMove) {
    const Rig rig = blinking();
    const State& s = rig.states[0];
    EXPECT_EQ(key_id(s, kShut), slot_key_id(1, SlotProperty::Attachment, 0.5f));
    EXPECT_EQ(key_id(s, kOrderSwap), draw_order_key_id(0.75f));
    EXPECT_FALSE(same_key(key_id(s, kShut), slot_key_id(1, SlotProperty::Color, 0.5f))) << "the colour track is another";
    EXPECT_FALSE(same_key(key_id(s, kOrderSwap), KeyId{0, PoseProperty::Rotation, 0.75f})) << "a bone key at the same time";
    // Moving the open-eyes key past the shut one renumbers both; the ids still find them.
    Result<Rig> moved = move_keys(rig, 0, std::vector<KeyRef>{{0, 0, KeyTimeline::Slot}}, 0.6f);
    ASSERT_TRUE(moved.ok()) << moved.message();
    const State& m = moved.value().states[0];
    EXPECT_EQ(find_key(m, slot_key_id(1, SlotProperty::Attachment, 0.5f)), (KeyRef{0, 0, KeyTimeline::Slot}));
    EXPECT_EQ(find_key(m, slot_key_id(1, SlotProperty::Attachment, 0.6f)), (KeyRef{0, 1, KeyTimeline::Slot}));
    EXPECT_EQ(m.slot_tracks[0].keys[1].attachment, 0) << "the key took its drawing along";
    EXPECT_FALSE(find_key(m, slot_key_id(0, SlotProperty::Attachment, 0.5f)).has_value()) << "torso has no track";
    EXPECT_EQ(find_key(m, draw_order_key_id(0.7502f)), kOrderSwap);
    expect_loads(moved.value());
}

TEST(SlotKeyEdits, BoneSlotAndDrawOrderKeysMoveTogetherButNeverOntoAnother) {
    const Rig rig = blinking();
    const std::vector<KeyRef> keys{{0, 1, KeyTimeline::Bone}, kShut, kTint, kOrderSwap};
    Result<Rig> moved = move_keys(rig, 0, keys, -0.125f);
    ASSERT_TRUE(moved.ok()) << moved.message();
    const State& m = moved.value().states[0];
    EXPECT_FLOAT_EQ(m.tracks[0].keys[1].time, 0.875f);
    EXPECT_FLOAT_EQ(m.slot_tracks[0].keys[1].time, 0.375f);
    EXPECT_FLOAT_EQ(m.slot_tracks[1].keys[0].time, 0.125f);
    EXPECT_FLOAT_EQ(m.draw_order[1].time, 0.625f);
    EXPECT_EQ(m.draw_order[1].order, (std::vector<int>{1, 0}));
    expect_loads(moved.value());
    // Onto the open-eyes key, onto the first order, before 0: refused, naming the track.
    Result<Rig> onto = move_keys(rig, 0, std::vector<KeyRef>{kShut}, -0.5f);
    ASSERT_FALSE(onto.ok());
    EXPECT_NE(onto.message().find("eyes's attachment would have two keys at 0 s"), std::string::npos) << onto.message();
    onto = move_keys(rig, 0, std::vector<KeyRef>{kOrderSwap}, -0.75f);
    ASSERT_FALSE(onto.ok());
    EXPECT_NE(onto.message().find("the draw order would have two keys"), std::string::npos) << onto.message();
    EXPECT_FALSE(move_keys(rig, 0, std::vector<KeyRef>{kTint}, -0.5f).ok()) << "before 0";
    EXPECT_FALSE(move_keys(rig, 0, std::vector<KeyRef>{{2, 0, KeyTimeline::Slot}}, 0.1f).ok()) << "no third slot track";
    EXPECT_FALSE(move_keys(rig, 0, std::vector<KeyRef>{{0, 2, KeyTimeline::DrawOrder}}, 0.1f).ok()) << "no third order";
}

TEST(SlotKeyEdits, DeletingTheLastKeyOfASlotTrackRemovesTheTrack) {
    const Rig rig = blinking();
    Result<Rig> out = delete_keys(rig, 0, std::vector<KeyRef>{kTint, kShut, {0, 0, KeyTimeline::DrawOrder}});
    ASSERT_TRUE(out.ok()) << out.message();
    const State& s = out.value().states[0];
    ASSERT_EQ(s.slot_tracks.size(), 1u) << "the colour track had one key";
    EXPECT_EQ(s.slot_tracks[0].property, SlotProperty::Attachment);
    ASSERT_EQ(s.slot_tracks[0].keys.size(), 1u);
    EXPECT_EQ(s.slot_tracks[0].keys[0].attachment, 0);
    ASSERT_EQ(s.draw_order.size(), 1u);
    EXPECT_FLOAT_EQ(s.draw_order[0].time, 0.75f);
    EXPECT_EQ(s.tracks, rig.states[0].tracks);
    expect_loads(out.value());
    EXPECT_FALSE(delete_keys(rig, 0, std::vector<KeyRef>{{1, 1, KeyTimeline::Slot}}).ok()) << "the colour track has one key";
}

TEST(SlotKeyEdits, OnlyColourKeysTakeAnInterpolationAndOnlyBoneKeysAreCopied) {
    const Rig rig = blinking();
    Result<Rig> eased = set_key_interpolation(rig, 0, kTint, Interpolation::Cosine);
    ASSERT_TRUE(eased.ok()) << eased.message();
    EXPECT_EQ(eased.value().states[0].slot_tracks[1].keys[0].interpolation, Interpolation::Cosine);
    Result<Rig> refused = set_key_interpolation(rig, 0, kShut, Interpolation::Linear);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("eyes's attachment switches at its keys"), std::string::npos) << refused.message();
    EXPECT_FALSE(set_key_interpolation(rig, 0, kOrderSwap, Interpolation::Linear).ok());
    const std::vector<CopiedKey> copied = copy_keys(rig.states[0], std::vector<KeyRef>{kShut, {0, 1, KeyTimeline::Bone}, kOrderSwap});
    ASSERT_EQ(copied.size(), 1u);
    EXPECT_EQ(copied[0].bone, 0);
    EXPECT_FLOAT_EQ(copied[0].key.time, 0.0f) << "counted from the earliest copied";
}

TEST(SlotKeyEdits, LabelsNameWhatATrackKeys) {
    const Rig rig = blinking();
    EXPECT_EQ(track_label(rig, rig.states[0], KeyTimeline::Bone, 0), "body's rotation");
    EXPECT_EQ(track_label(rig, rig.states[0], KeyTimeline::Slot, 1), "eyes's color");
    EXPECT_EQ(track_label(rig, rig.states[0], KeyTimeline::DrawOrder, 0), "the draw order");
    EXPECT_EQ(track_key_count(rig.states[0], KeyTimeline::Slot, 5), 0u);
    EXPECT_EQ(track_key_count(rig.states[0], KeyTimeline::DrawOrder, 0), 2u);
}
