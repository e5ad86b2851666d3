// Skins: a slot asks for an attachment by name and draws the shown skin's of that name, else its
// own, else nothing; states key the skin; transitions switch it half-way; deform keys follow the
// skin's mesh; the rig file keeps skins by name and refuses what breaks their rules at the place.

#include <gtest/gtest.h>

#include "core/anim/state_machine.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// A goblin and a girl: "head" has its own "head" and the girl's; "hat" only in the goblin skin;
// "eyes" only the rig's own. "dress" keys the girl at 1 s and none at 2 s.
constexpr const char* kDressed = R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [ { "name": "head", "length": 10 } ],
  "skins": ["goblin", "girl"], "skin": "goblin",
  "slots": [
    { "name": "head", "bone": "head", "attachment": "head", "attachments": [
        { "name": "head", "image": "head.png", "size": [10, 10] },
        { "name": "head", "image": "girl/head.png", "size": [12, 10], "skin": "girl",
          "mesh": { "vertices": [[0, 0], [12, 0], [12, 10]], "uvs": [[0, 0], [1, 0], [1, 1]], "triangles": [[0, 1, 2]], "hull": 3 } } ] },
    { "name": "hat", "bone": "head", "attachment": "hat", "attachments": [
        { "name": "hat", "image": "goblin/hat.png", "size": [8, 4], "skin": "goblin" } ] },
    { "name": "eyes", "bone": "head", "attachment": "eyes", "attachments": [ { "name": "eyes", "image": "eyes.png", "size": [6, 2] } ] } ],
  "states": [ { "name": "dress", "channels": [],
    "skin_keys": [ { "time": 1, "skin": "girl" }, { "time": 2, "skin": null } ],
    "deform": [ { "slot": "head", "attachment": "head", "skin": "girl",
                  "keys": [ { "time": 0, "offsets": [[1, 0], [0, 0], [0, 0]] } ] } ] } ] })";

Rig dressed() {
    Result<Rig> rig = parse_rig(kDressed);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

// What each slot draws (attachment index, -1 none) in `pose`.
std::vector<int> drawn(const Rig& rig, const SlotPose& pose) {
    std::vector<int> out;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) out.push_back(drawn_index(rig.slots, pose, s));
    return out;
}

SlotPose dress_at(const Rig& rig, double time) {
    SlotPose pose = setup_slot_pose(rig.slots, rig.skin);
    const State& st = rig.states[0];
    sample_skin_keys(st.skin_keys, time, pose);
    sample_slot_tracks(st.slot_tracks, st.draw_order, time, pose);
    sample_deform_tracks(rig.slots, st.deform, time, pose);
    return pose;
}

std::string load_message(const std::string& text) {
    Result<Rig> rig = parse_rig(text);
    return rig ? std::string("loaded") : rig.message();
}

// kDressed with `from` replaced by `to` (which must be there).
std::string changed(const std::string& from, const std::string& to) {
    std::string text = kDressed;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

}  // namespace

TEST(Skins, ASlotDrawsTheSkinsAttachmentOfTheNameItAsksForElseItsOwnElseNothing) {
    const Rig rig = dressed();
    ASSERT_EQ(rig.skins.size(), 2u);
    EXPECT_EQ(rig.skin, 0);
    const Slot& head = rig.slots[0];
    EXPECT_EQ(drawn_attachment(head, 0, -1), 0) << "no skin: the rig's own";
    EXPECT_EQ(drawn_attachment(head, 0, 0), 0) << "the goblin has no head of its own: the rig's";
    EXPECT_EQ(drawn_attachment(head, 0, 1), 1) << "the girl's head";
    EXPECT_EQ(drawn_attachment(head, 1, -1), 0) << "asking for the girl's head asks for the name \"head\"";
    EXPECT_EQ(drawn_attachment(rig.slots[1], 0, 1), -1) << "the girl has no hat and the rig none of its own";
    EXPECT_EQ(drawn_attachment(rig.slots[1], 0, 0), 0);
    EXPECT_EQ(drawn_attachment(head, -1, 1), -1);
    EXPECT_EQ(drawn_attachment(head, 7, 1), -1) << "out of range: nothing, no crash";
    EXPECT_EQ(drawn(rig, setup_slot_pose(rig.slots, rig.skin)), (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(drawn(rig, setup_slot_pose(rig.slots, 1)), (std::vector<int>{1, -1, 0}));
    const SlotPose girl = setup_slot_pose(rig.slots, 1);
    EXPECT_EQ(shown_drawing(rig.slots, girl, 0, 1)->image, "girl/head.png");
    EXPECT_EQ(shown_drawing(rig.slots, girl, 1, 1), nullptr);
}

TEST(Skins, StatesKeyTheSkinAndDeformKeysActOnTheSkinsMesh) {
    const Rig rig = dressed();
    EXPECT_TRUE(is_keyed(rig.states[0]));
    EXPECT_EQ(state_length(rig.states[0]), 2.0f) << "the last skin key ends the state";
    EXPECT_EQ(dress_at(rig, 0.5).skin, 1) << "before the first key, the first key's skin";
    EXPECT_EQ(drawn(rig, dress_at(rig, 1.5)), (std::vector<int>{1, -1, 0}));
    EXPECT_EQ(dress_at(rig, 1.5).deforms[0], (std::vector<glm::vec2>{{1, 0}, {0, 0}, {0, 0}})) << "the girl's head mesh is deformed";
    EXPECT_EQ(dress_at(rig, 2.5).skin, -1);
    EXPECT_EQ(drawn(rig, dress_at(rig, 2.5)), (std::vector<int>{0, -1, 0})) << "no skin: the hat is the goblin's only";
    EXPECT_TRUE(dress_at(rig, 2.5).deforms[0].empty()) << "the rig's own head is not the deformed mesh";

    // Played by the state machine: the same skins, and a transition switches the skin half-way.
    StateMachine m;
    m.layers = {StateLayer{0, 0.0}};
    m.clock = 1.5;
    SlotPose played;
    sample_slots(m, rig, played);
    EXPECT_EQ(played.skin, 1);
    SlotPose from = setup_slot_pose(rig.slots, 0), to = setup_slot_pose(rig.slots, 1), out;
    blend_slot_poses(from, to, 0.49f, out);
    EXPECT_EQ(out.skin, 0);
    blend_slot_poses(from, to, 0.5f, out);
    EXPECT_EQ(out.skin, 1);
}

TEST(Skins, TheFileKeepsThemByNameAndReadsThemBackExactly) {
    const Rig rig = dressed();
    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_NE(text.value().find("\"skin_keys\""), std::string::npos);
    Result<Rig> again = parse_rig(text.value());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value(), rig);
    EXPECT_EQ(again.value().slots[0].attachments[1].skin, 1);
    EXPECT_EQ(again.value().states[0].deform[0].attachment, 1) << "the deform track keeps the girl's head, not the rig's";
}

TEST(Skins, EveryBrokenRuleIsRefusedAtItsPlace) {
    EXPECT_EQ(load_message(changed(R"("skins": ["goblin", "girl"])", R"("skins": ["goblin", "goblin"])")),
              "skins[1]: \"goblin\" names another skin too");
    EXPECT_EQ(load_message(changed(R"("skins": ["goblin", "girl"])", R"("skins": ["goblin", ""])")), "skins[1]: must not be empty");
    EXPECT_EQ(load_message(changed(R"("skins": ["goblin", "girl"])", R"("skins": "goblin")")), "skins: must be a list of skin names");
    EXPECT_EQ(load_message(changed(R"("skin": "goblin")", R"("skin": "elf")")), "skin: \"elf\" is not one of the rig's skins");
    EXPECT_EQ(load_message(changed(R"("skin": "girl",)", R"("skin": "elf",)")),
              "slots[0].attachments[1].skin: \"elf\" is not one of the rig's skins");
    EXPECT_EQ(load_message(changed(R"("image": "girl/head.png", "size": [12, 10], "skin": "girl")",
                                   R"("image": "girl/head.png", "size": [12, 10])")),
              "slots[0].attachments[1].name: \"head\" names another attachment of the slot too");
    EXPECT_EQ(load_message(changed(R"({ "time": 1, "skin": "girl" })", R"({ "time": 1, "skin": "elf" })")),
              "states[0].skin_keys[0].skin: \"elf\" is not one of the rig's skins");
    EXPECT_EQ(load_message(changed(R"({ "time": 2, "skin": null })", R"({ "time": 1, "skin": null })")),
              "states[0].skin_keys[1]: keys must be in strictly increasing time");
    EXPECT_EQ(load_message(changed(R"({ "time": 1, "skin": "girl" })", R"({ "time": -1, "skin": "girl" })")),
              "states[0].skin_keys[0]: a key's time must be between 0 and 3600 seconds");
    EXPECT_EQ(load_message(changed(R"({ "time": 1, "skin": "girl" })", R"({ "time": 1, "skin": "girl", "mix": 1 })")),
              "states[0].skin_keys[0]: unknown key \"mix\"");
    EXPECT_EQ(load_message(changed(R"("attachment": "head", "skin": "girl",)", R"("attachment": "head", "skin": "goblin",)")),
              "states[0].deform[0].attachment: \"head\" is not one of slot \"head\"'s attachments in skin \"goblin\"");

    // What the writer is handed breaks no rule either: it refuses rather than write what the
    // reader would.
    Rig rig = dressed();
    rig.skin = 2;
    EXPECT_EQ(serialize_rig(rig).message(), "cannot write the rig: skin: not one of the rig's skins");
    rig = dressed();
    rig.slots[1].attachments[0].skin = 5;
    EXPECT_EQ(serialize_rig(rig).message(), "cannot write the rig: slots[1].attachments[0].skin: not one of the rig's skins");
    rig = dressed();
    rig.states[0].skin_keys[1].skin = 2;
    EXPECT_EQ(serialize_rig(rig).message(), "cannot write the rig: states[0].skin_keys[1]: not one of the rig's skins");
}
