// Editing a puppet's pictures: adding a picture makes a slot on top, named after the file,
// upright in the world whatever the bone's turn; another drawing of a part goes in its slot
// where the shown one is; changes keep the slots' rule; the draw order moves one slot; deleting
// keeps the shown picture right.

#include <gtest/gtest.h>

#include "core/math/angles.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/slot_edits.hpp"

using namespace marionette;

namespace {

// body points down (-90°), head up from its tip; one slot "torso" on body.
Rig edited_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 50, "rotation": -90 }, { "name": "head", "parent": "body", "length": 40, "rotation": 180 } ],
      "slots": [ { "name": "torso", "bone": "body", "attachment": "torso", "attachments": [ { "name": "torso", "image": "torso.png", "size": [30, 60], "offset": [25, 0], "rotation": 90 } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

Transform world_of(const Rig& rig, int bone) { return compute_world(rig.skeleton, rig.pose).value()[static_cast<std::size_t>(bone)]; }

}  // namespace

TEST(SlotEdits, APictureAddedToABoneIsASlotOnTopUprightInTheWorld) {
    const Rig rig = edited_puppet();
    Result<SlotEdit> added = add_picture_slot(rig, 0, "parts/eyes_open.png", {20, 10}, world_of(rig, 0));
    ASSERT_TRUE(added.ok()) << added.message();
    const Rig& out = added.value().rig;
    ASSERT_EQ(out.slots.size(), 2u);
    EXPECT_EQ(added.value().slot, 1) << "on top of the draw order";
    const Slot& slot = out.slots[1];
    EXPECT_EQ(slot.name, "eyes_open");
    EXPECT_EQ(slot.bone, 0);
    EXPECT_EQ(slot.shown, 0);
    ASSERT_EQ(slot.attachments.size(), 1u);
    EXPECT_EQ(slot.attachments[0].name, "eyes_open");
    EXPECT_EQ(slot.attachments[0].image, "parts/eyes_open.png");
    EXPECT_EQ(slot.attachments[0].size, glm::vec2(20, 10));
    // Centred on the bone's middle; its x along the world's x although the bone points down.
    const std::array<glm::vec3, 4> c = attachment_world_corners(slot.attachments[0], world_of(out, 0), glm::vec3(1.0f));
    EXPECT_NEAR(c[0].x, -10.0f, 1e-4f);
    EXPECT_NEAR(c[0].y, -30.0f, 1e-4f);
    EXPECT_NEAR(c[2].x, 10.0f, 1e-4f);
    EXPECT_NEAR(c[2].y, -20.0f, 1e-4f);
    EXPECT_EQ(slot.attachments[0].rotation, degrees_to_radians(90.0)) << "exactly the turn the file writes as 90";
    // A second picture of the same name is numbered; the original rig is untouched.
    Result<SlotEdit> again = add_picture_slot(out, 1, "eyes_open.png", {20, 10}, world_of(out, 1));
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().rig.slots[2].name, "eyes_open.001");
    EXPECT_EQ(rig.slots.size(), 1u);
}

TEST(SlotEdits, AnotherDrawingOfAPartGoesInItsSlotWhereTheShownOneIs) {
    const Rig rig = edited_puppet();
    Result<SlotEdit> added = add_slot_attachment(rig, 0, "torso_bent.png", {32, 58}, world_of(rig, 0));
    ASSERT_TRUE(added.ok()) << added.message();
    const Slot& slot = added.value().rig.slots[0];
    ASSERT_EQ(slot.attachments.size(), 2u);
    EXPECT_EQ(slot.shown, 1) << "the new drawing shows";
    EXPECT_EQ(added.value().attachment, 1);
    EXPECT_EQ(slot.attachments[1].name, "torso_bent");
    EXPECT_EQ(slot.attachments[1].offset, slot.attachments[0].offset);
    EXPECT_EQ(slot.attachments[1].rotation, slot.attachments[0].rotation);
    EXPECT_EQ(slot.attachments[1].size, glm::vec2(32, 58));
    Result<SlotEdit> same_name = add_slot_attachment(added.value().rig, 0, "torso.png", {1, 1}, world_of(rig, 0));
    ASSERT_TRUE(same_name.ok());
    EXPECT_EQ(same_name.value().rig.slots[0].attachments[2].name, "torso.001");
}

TEST(SlotEdits, ChangesKeepTheSlotsRuleAndNameWhatBreaksIt) {
    const Rig rig = edited_puppet();
    Slot slot = rig.slots[0];
    slot.color = {1, 0.5f, 0.5f, 0.8f};
    slot.shown = -1;
    Result<Rig> r = set_slot(rig, 0, slot);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.value().slots[0].color, slot.color);
    EXPECT_EQ(r.value().slots[0].shown, -1);
    slot.color.a = 2.0f;
    r = set_slot(rig, 0, slot);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.message(), "slots[0].color: each must be between 0 and 1");
    slot = rig.slots[0];
    slot.bone = 7;
    EXPECT_EQ(set_slot(rig, 0, slot).message(), "slots[0].bone: not a bone");
    slot = rig.slots[0];
    slot.attachments.clear();
    EXPECT_FALSE(set_slot(rig, 0, slot).ok()) << "attachments change one by one";
    EXPECT_FALSE(set_slot(rig, 3, rig.slots[0]).ok());
    Attachment a = rig.slots[0].attachments[0];
    a.scale = {2, -1};
    a.pivot = {0, 1};
    r = set_attachment(rig, 0, 0, a);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.value().slots[0].attachments[0], a);
    a.image = "/etc/passwd";
    EXPECT_EQ(set_attachment(rig, 0, 0, a).message(),
              "slots[0].attachments[0].image: \"/etc/passwd\" must be relative to the rig file's folder");
    EXPECT_FALSE(set_attachment(rig, 0, 1, rig.slots[0].attachments[0]).ok());
    EXPECT_FALSE(set_attachment(rig, -1, 0, rig.slots[0].attachments[0]).ok());
    EXPECT_FALSE(add_picture_slot(rig, 5, "a.png", {1, 1}, Transform{}).ok());
    EXPECT_FALSE(add_picture_slot(rig, 0, "", {1, 1}, Transform{}).ok());
    EXPECT_FALSE(add_picture_slot(rig, 0, "a.png", {-1, 1}, Transform{}).ok());
}

TEST(SlotEdits, MovingASlotChangesOnlyItsPlaceInTheDrawOrder) {
    Rig rig = edited_puppet();
    for (const char* image : {"a.png", "b.png", "c.png"}) rig = add_picture_slot(rig, 0, image, {1, 1}, Transform{}).value().rig;
    const auto names = [](const Rig& r) {
        std::string out;
        for (const Slot& s : r.slots) out += s.name + " ";
        return out;
    };
    ASSERT_EQ(names(rig), "torso a b c ");
    EXPECT_EQ(names(move_slot(rig, 3, 0).value()), "c torso a b ");
    EXPECT_EQ(names(move_slot(rig, 0, 3).value()), "a b c torso ");
    EXPECT_EQ(names(move_slot(rig, 1, 2).value()), "torso b a c ");
    EXPECT_FALSE(move_slot(rig, 0, 4).ok());
    EXPECT_FALSE(move_slot(rig, -1, 0).ok());
}

TEST(SlotEdits, DeletingKeepsTheShownPictureRight) {
    Rig rig = edited_puppet();
    rig = add_slot_attachment(rig, 0, "b.png", {1, 1}, Transform{}).value().rig;
    rig = add_slot_attachment(rig, 0, "c.png", {1, 1}, Transform{}).value().rig;
    ASSERT_EQ(rig.slots[0].shown, 2);
    Rig out = delete_attachment(rig, 0, 0).value();
    EXPECT_EQ(out.slots[0].shown, 1) << "still c";
    EXPECT_EQ(out.slots[0].attachments[1].name, "c");
    out = delete_attachment(rig, 0, 2).value();
    EXPECT_EQ(out.slots[0].shown, -1) << "the shown one went";
    EXPECT_FALSE(delete_attachment(rig, 0, 3).ok());
    EXPECT_TRUE(delete_slot(rig, 0).value().slots.empty());
    EXPECT_FALSE(delete_slot(rig, 1).ok());
}

TEST(SlotEdits, StatesKeysFollowTheirSlotsAndDrawings) {
    Rig rig = edited_puppet();
    rig = add_picture_slot(rig, 0, "hat.png", {1, 1}, Transform{}).value().rig;      // slot 1
    rig = add_slot_attachment(rig, 0, "bent.png", {1, 1}, Transform{}).value().rig;  // torso's drawing 1
    State s;
    s.name = "s";
    s.slot_tracks.push_back(SlotTrack{0, SlotProperty::Attachment, {SlotKey{0.0f, 1}, SlotKey{1.0f, 0}}});
    s.slot_tracks.push_back(SlotTrack{1, SlotProperty::Color, {SlotKey{0.0f}}});
    s.draw_order.push_back(DrawOrderKey{0.5f, {1, 0}});
    rig.states.push_back(s);
    // Moved: the tracks and orders name the same slots by their new places.
    Rig moved = move_slot(rig, 1, 0).value();
    EXPECT_EQ(moved.states[0].slot_tracks[0].slot, 1);
    EXPECT_EQ(moved.states[0].slot_tracks[1].slot, 0);
    EXPECT_EQ(moved.states[0].draw_order[0].order, (std::vector<int>{0, 1})) << "still hat under torso";
    EXPECT_TRUE(serialize_rig(moved).ok());
    // Deleted: its tracks go, and it leaves every order.
    Rig gone = delete_slot(rig, 0).value();
    ASSERT_EQ(gone.states[0].slot_tracks.size(), 1u);
    EXPECT_EQ(gone.states[0].slot_tracks[0].slot, 0) << "hat's colour track, now slot 0";
    EXPECT_EQ(gone.states[0].draw_order[0].order, (std::vector<int>{0}));
    EXPECT_TRUE(serialize_rig(gone).ok());
    // A drawing removed: keys showing it show nothing; keys of later drawings follow them.
    Rig fewer = delete_attachment(rig, 0, 0).value();
    EXPECT_EQ(fewer.states[0].slot_tracks[0].keys[0].attachment, 0) << "bent, now drawing 0";
    EXPECT_EQ(fewer.states[0].slot_tracks[0].keys[1].attachment, -1);
    EXPECT_TRUE(serialize_rig(fewer).ok());
}

TEST(SlotEdits, KeyingADrawingOrColourAddsOrReplacesAKeyAtTheTime) {
    Rig rig = add_slot_attachment(edited_puppet(), 0, "bent.png", {1, 1}, Transform{}).value().rig;
    rig.states.push_back(State{"bend", {}, {}, true});
    SlotKey drawing;
    drawing.attachment = 1;
    Result<Rig> keyed = key_slot(rig, 0, 0, SlotProperty::Attachment, 0.5f, drawing);
    ASSERT_TRUE(keyed.ok()) << keyed.message();
    ASSERT_EQ(keyed.value().states[0].slot_tracks.size(), 1u) << "a track made for it";
    drawing.attachment = -1;
    keyed = key_slot(keyed.value(), 0, 0, SlotProperty::Attachment, 0.25f, drawing);
    drawing.attachment = 0;
    keyed = key_slot(keyed.value(), 0, 0, SlotProperty::Attachment, 0.5f, drawing);
    ASSERT_TRUE(keyed.ok()) << keyed.message();
    const SlotTrack& t = keyed.value().states[0].slot_tracks[0];
    ASSERT_EQ(t.keys.size(), 2u) << "the key at 0.5 s was replaced";
    EXPECT_EQ(t.keys[0].time, 0.25f);
    EXPECT_EQ(t.keys[0].attachment, -1);
    EXPECT_EQ(t.keys[1].attachment, 0);
    SlotKey colour;
    colour.color = {1, 0, 0, 1};
    keyed = key_slot(keyed.value(), 0, 0, SlotProperty::Color, 1.0f, colour);
    ASSERT_TRUE(keyed.ok());
    EXPECT_EQ(keyed.value().states[0].slot_tracks.size(), 2u);
    EXPECT_FLOAT_EQ(state_length(keyed.value().states[0]), 1.0f);
    colour.color.a = 3.0f;
    EXPECT_FALSE(key_slot(keyed.value(), 0, 0, SlotProperty::Color, 1.0f, colour).ok()) << "a colour past 1";
    drawing.attachment = 5;
    EXPECT_FALSE(key_slot(rig, 0, 0, SlotProperty::Attachment, 0.0f, drawing).ok()) << "no such drawing";
    EXPECT_FALSE(key_slot(rig, 0, 0, SlotProperty::Attachment, -1.0f, SlotKey{}).ok()) << "a time before 0";
    EXPECT_FALSE(key_slot(rig, 1, 0, SlotProperty::Attachment, 0.0f, SlotKey{}).ok());
    EXPECT_FALSE(key_slot(rig, 0, 4, SlotProperty::Attachment, 0.0f, SlotKey{}).ok());
}

TEST(SlotEdits, KeyingTheDrawOrderAddsOrReplacesAKeyAtTheTime) {
    Rig rig = add_picture_slot(edited_puppet(), 0, "hat.png", {1, 1}, Transform{}).value().rig;
    rig.states.push_back(State{"s", {}, {}, true});
    Result<Rig> keyed = key_draw_order(rig, 0, 0.5f, {1, 0});
    ASSERT_TRUE(keyed.ok()) << keyed.message();
    keyed = key_draw_order(keyed.value(), 0, 0.5f, {0, 1});
    ASSERT_TRUE(keyed.ok()) << keyed.message();
    ASSERT_EQ(keyed.value().states[0].draw_order.size(), 1u) << "replaced";
    EXPECT_EQ(keyed.value().states[0].draw_order[0].order, (std::vector<int>{0, 1}));
    EXPECT_FALSE(key_draw_order(rig, 0, 0.5f, {1}).ok()) << "an order missing a slot";
    EXPECT_FALSE(key_draw_order(rig, 0, 0.5f, {1, 1}).ok());
    EXPECT_FALSE(key_draw_order(rig, 2, 0.5f, {1, 0}).ok());
}

// A mesh's deform keys go with it when it is deleted, and an edit that would leave them not
// fitting its vertices is refused naming them.
TEST(SlotEdits, DeformKeysFollowTheirMeshAndKeepFittingIt) {
    Rig rig = edited_puppet();
    Attachment& torso = rig.slots[0].attachments[0];
    torso.mesh = grid_mesh(torso.size, 1, 1);
    Attachment spare = torso;
    spare.name = "spare";
    rig.slots[0].attachments.insert(rig.slots[0].attachments.begin(), spare);  // the torso is now attachment 1
    rig.slots[0].shown = 1;
    State squash;
    squash.name = "squash";
    squash.deform.push_back(DeformTrack{0, 1, {DeformKey{0.0f, std::vector<glm::vec2>(4, glm::vec2(1.0f))}}});
    rig.states.push_back(squash);
    // Deleting the spare renumbers the torso's track.
    Rig out = delete_attachment(rig, 0, 0).value();
    ASSERT_EQ(out.states[0].deform.size(), 1u);
    EXPECT_EQ(out.states[0].deform[0].attachment, 0);
    // A mesh of other vertices would not fit the keys.
    Attachment finer = out.slots[0].attachments[0];
    finer.mesh = grid_mesh(finer.size, 2, 1);
    const Result<Rig> refused = set_attachment(out, 0, 0, finer);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), "states[0].deform[0].keys[0]: one offset a vertex of \"torso\" (6), not 4");
    // Deleting the torso takes its keys.
    EXPECT_TRUE(delete_attachment(out, 0, 0).value().states[0].deform.empty());
}
