// A state's slot timelines: drawings switch at their keys, colours move on by the keys'
// interpolation, the draw order follows its keys; transitions mix colours and switch drawings
// and order half-way; the file reads and writes them by name, refusing what breaks the rules
// with the place named; the state machine plays them with its layers.

#include <gtest/gtest.h>

#include "core/anim/state_machine.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// Three slots on one bone; "blink" switches eyes closed at 1 s and open at 1.2 s, fades the
// face to red by 2 s (cosine), and draws "hat" under everything from 1.5 s.
constexpr const char* kPuppet = R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [ { "name": "head", "length": 10 } ],
  "slots": [
    { "name": "face", "bone": "head", "attachment": "face", "attachments": [ { "name": "face", "image": "face.png", "size": [10, 10] } ] },
    { "name": "eyes", "bone": "head", "attachment": "open",
      "attachments": [ { "name": "open", "image": "open.png", "size": [6, 2] }, { "name": "closed", "image": "closed.png", "size": [6, 1] } ] },
    { "name": "hat", "bone": "head", "attachments": [ { "name": "hat", "image": "hat.png", "size": [8, 4] } ] } ],
  "states": [ { "name": "blink", "channels": [],
    "slot_tracks": [
      { "slot": "eyes", "property": "attachment", "keys": [ { "time": 0, "value": "open" }, { "time": 1, "value": "closed" }, { "time": 1.2, "value": "open" } ] },
      { "slot": "hat", "keys": [ { "time": 0, "value": "hat" } ] },
      { "slot": "face", "property": "color", "keys": [ { "time": 1, "value": [1, 1, 1, 1], "interpolation": "cosine" }, { "time": 2, "value": [1, 0, 0, 0.5] } ] } ],
    "draw_order": [ { "time": 1.5, "order": ["hat", "face", "eyes"] } ] } ] })";

Rig puppet() {
    Result<Rig> rig = parse_rig(kPuppet);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

SlotPose at(const Rig& rig, double time) {
    SlotPose pose = setup_slot_pose(rig.slots, rig.skin);
    sample_slot_tracks(rig.states[0].slot_tracks, rig.states[0].draw_order, time, pose);
    return pose;
}

}  // namespace

TEST(SlotTracks, DrawingsSwitchAtTheirKeysColoursMoveOnAndTheOrderFollowsItsKeys) {
    const Rig rig = puppet();
    EXPECT_EQ(setup_slot_pose(rig.slots, rig.skin).shown, (std::vector<int>{0, 0, -1})) << "the hat shows nothing until keyed";
    EXPECT_EQ(at(rig, 0.0).shown, (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(at(rig, 0.999).shown[1], 0);
    EXPECT_EQ(at(rig, 1.0).shown[1], 1) << "closed from its key on";
    EXPECT_EQ(at(rig, 1.19).shown[1], 1) << "a drawing never blends: it holds until the next key";
    EXPECT_EQ(at(rig, 1.2).shown[1], 0);
    EXPECT_EQ(at(rig, 0.5).colors[0], glm::vec4(1.0f)) << "before the first key, the first key's colour";
    const glm::vec4 half = at(rig, 1.5).colors[0];
    EXPECT_NEAR(half.g, 0.5f, 1e-5f) << "cosine half-way";
    EXPECT_NEAR(half.a, 0.75f, 1e-5f);
    const glm::vec4 quarter = at(rig, 1.25).colors[0];
    EXPECT_NEAR(quarter.g, 0.5f + 0.5f * std::cos(0.25f * 3.14159265f), 1e-5f) << "eased, not a straight line";
    EXPECT_EQ(at(rig, 5.0).colors[0], glm::vec4(1, 0, 0, 0.5f)) << "after the last key, the last";
    EXPECT_EQ(at(rig, 1.4).order, (std::vector<int>{2, 0, 1})) << "before the first key its order, as a bone track holds its first key";
    SlotPose unkeyed = setup_slot_pose(rig.slots, rig.skin);
    sample_slot_tracks({}, {}, 1.0, unkeyed);
    EXPECT_EQ(unkeyed.order, (std::vector<int>{0, 1, 2})) << "no draw-order keys: the rig's order";
    EXPECT_EQ(at(rig, 1.5).order, (std::vector<int>{2, 0, 1}));
    EXPECT_FLOAT_EQ(state_length(rig.states[0]), 2.0f) << "slot keys make a state's length";
    EXPECT_TRUE(is_keyed(rig.states[0]));
}

TEST(SlotTracks, ATransitionMixesColoursAndSwitchesDrawingsAndOrderHalfWay) {
    const Rig rig = puppet();
    const SlotPose a = at(rig, 0.0), b = at(rig, 2.0);
    SlotPose out;
    blend_slot_poses(a, b, 0.25f, out);
    EXPECT_EQ(out.order, a.order);
    EXPECT_NEAR(out.colors[0].g, 0.75f, 1e-6f);
    blend_slot_poses(a, b, 0.5f, out);
    EXPECT_EQ(out.order, b.order);
    // The machine: from the rig's pose to blink with a 1 s linear blend; 1.8 s later the blend
    // has arrived and blink shows its own slots at 1.8 s.
    StateMachine m;
    switch_state(m, rig, 0, TransitionSettings{1.0f, Easing::Linear});
    advance(m, 1.8);
    SlotPose shown;
    sample_slots(m, rig, shown);
    SlotPose direct = at(rig, 1.8);
    EXPECT_EQ(shown, direct) << "arrived: the state's own slots";
    StateMachine early;
    switch_state(early, rig, 0, TransitionSettings{1.0f, Easing::Linear});
    advance(early, 0.25);
    sample_slots(early, rig, shown);
    EXPECT_EQ(shown.shown, setup_slot_pose(rig.slots, rig.skin).shown) << "a quarter of the way: the rig's drawings still";
    advance(early, 0.5);
    sample_slots(early, rig, shown);
    EXPECT_EQ(shown.shown, at(rig, 0.75).shown) << "past half-way: the state's";
}

TEST(SlotTracks, TheFileWritesThemByNameAndReadsThemBack) {
    const Rig rig = puppet();
    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    Result<Rig> again = parse_rig(text.value());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().states[0].slot_tracks, rig.states[0].slot_tracks);
    EXPECT_EQ(again.value().states[0].draw_order, rig.states[0].draw_order);
    EXPECT_NE(text.value().find("\"value\": \"closed\""), std::string::npos);
    EXPECT_NE(text.value().find("\"order\": ["), std::string::npos);
    // A drawing of none is written as null and read back.
    Rig none = rig;
    none.states[0].slot_tracks[0].keys[1].attachment = -1;
    Result<Rig> back = parse_rig(serialize_rig(none).value());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().states[0].slot_tracks[0].keys[1].attachment, -1);
}

TEST(SlotTracks, WhatBreaksTheRulesIsRefusedNamingThePlace) {
    const std::string good = kPuppet;
    const auto broken = [&](const std::string& from, const std::string& to) {
        std::string text = good;
        const std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        Result<Rig> r = parse_rig(text);
        EXPECT_FALSE(r.ok()) << to;
        return r.ok() ? std::string() : r.message();
    };
    EXPECT_NE(broken(R"("slot": "eyes")", R"("slot": "nose")").find("states[0].slot_tracks[0].slot: \"nose\" is not a slot"),
              std::string::npos);
    EXPECT_NE(broken(R"("value": "closed")", R"("value": "squint")").find("\"squint\" is not a drawing of slot \"eyes\""),
              std::string::npos);
    EXPECT_NE(broken(R"({ "time": 1.2, "value": "open" })", R"({ "time": 0.5, "value": "open" })")
                  .find("states[0].slot_tracks[0].keys[2]: keys must be in strictly increasing time"),
              std::string::npos);
    EXPECT_NE(broken(R"([1, 0, 0, 0.5])", R"([1, 0, 0, 1.5])")
                  .find("states[0].slot_tracks[2].keys[1]: each of a colour's values must be between 0 and 1"),
              std::string::npos);
    EXPECT_NE(broken(R"(["hat", "face", "eyes"])", R"(["hat", "face", "hat"])").find("states[0].draw_order[0]: slot \"hat\" comes twice"),
              std::string::npos);
    EXPECT_NE(
        broken(R"(["hat", "face", "eyes"])", R"(["hat", "face"])").find("states[0].draw_order[0]: the order names 2 slots; the rig has 3"),
        std::string::npos);
    EXPECT_NE(broken(R"("property": "attachment")", R"("property": "alpha")").find("unknown slot property \"alpha\""), std::string::npos);
    EXPECT_NE(broken(R"({ "time": 0, "value": "open" })", R"({ "time": 0, "value": "open", "interpolation": "linear" })")
                  .find("has no interpolation"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "slot": "hat", "keys": [ { "time": 0, "value": "hat" } ] })",
                     R"({ "slot": "eyes", "keys": [ { "time": 0, "value": "open" } ] })")
                  .find("states[0].slot_tracks[1]: a second attachment track for slot \"eyes\" (also slot_tracks[0])"),
              std::string::npos);
    // A save refuses what the loader would: a track on a slot that is gone.
    Rig rig = puppet();
    rig.states[0].slot_tracks[0].slot = 7;
    Result<std::string> text = serialize_rig(rig);
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.message(), "cannot write the rig: states[0].slot_tracks[0]: not a slot");
}
