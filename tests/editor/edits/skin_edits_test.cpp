// Editing skins: a new skin is numbered when its name is taken and shown, and new pictures go
// into the skin shown; renames refuse a taken name; deleting a skin deletes its attachments and
// what asked for one asks for its twin of the same name; skin keys are keyed and removed at the
// playhead; every refusal leaves the rig as it was.

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/edits/skin_edits.hpp"
#include "editor/edits/slot_edits.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/timeline_rows.hpp"

using namespace marionette;

namespace {

// "head" has its own head and the girl's; "hat" only the goblin's; "dress" keys a drawing of
// the girl's head and the girl's skin.
Rig wardrobe() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "head", "length": 10 } ],
      "skins": ["goblin", "girl"],
      "slots": [
        { "name": "head", "bone": "head", "attachment": "head", "attachments": [
            { "name": "girl head", "image": "girl/head2.png", "size": [12, 10], "skin": "girl" },
            { "name": "head", "image": "girl/head.png", "size": [12, 10], "skin": "girl" },
            { "name": "head", "image": "head.png", "size": [10, 10] } ] },
        { "name": "hat", "bone": "head", "attachment": "hat", "attachments": [
            { "name": "hat", "image": "goblin/hat.png", "size": [8, 4], "skin": "goblin" } ] } ],
      "states": [ { "name": "dress", "channels": [],
        "slot_tracks": [ { "slot": "head", "keys": [ { "time": 0, "value": "head" }, { "time": 1, "value": "girl head" } ] } ],
        "skin_keys": [ { "time": 0, "skin": "goblin" }, { "time": 1, "skin": "girl" } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

}  // namespace

TEST(SkinEdits, ANewSkinIsNumberedWhenTakenAndShownAndNewPicturesGoIntoIt) {
    const Rig rig = wardrobe();
    Result<SkinEdit> added = add_skin(rig, "girl");
    ASSERT_TRUE(added.ok()) << added.message();
    EXPECT_EQ(added.value().rig.skins.back().name, "girl.001");
    EXPECT_EQ(added.value().rig.skin, 2);
    EXPECT_EQ(added.value().skin, 2);
    EXPECT_FALSE(add_skin(rig, "").ok());

    const Rig& shown = added.value().rig;
    const Transform world = compute_world(shown.skeleton, shown.pose).value()[0];
    Result<SlotEdit> picture = add_picture_slot(shown, 0, "scarf.png", {4, 4}, world);
    ASSERT_TRUE(picture.ok()) << picture.message();
    EXPECT_EQ(picture.value().rig.slots.back().attachments[0].skin, 2) << "into the skin shown, as in Spine";
    Result<SlotEdit> drawing = add_slot_attachment(rig, 0, "head3.png", {10, 10}, world);
    ASSERT_TRUE(drawing.ok()) << drawing.message();
    EXPECT_EQ(drawing.value().rig.slots[0].attachments.back().skin, -1) << "no skin shown: the rig's own";
}

TEST(SkinEdits, RenamesRefuseATakenOrEmptyName) {
    const Rig rig = wardrobe();
    Result<Rig> renamed = rename_skin(rig, 1, "lass");
    ASSERT_TRUE(renamed.ok()) << renamed.message();
    EXPECT_EQ(renamed.value().skins[1].name, "lass");
    EXPECT_EQ(rename_skin(rig, 1, "goblin").message(), "another skin is named \"goblin\"");
    EXPECT_FALSE(rename_skin(rig, 1, "").ok());
    EXPECT_FALSE(rename_skin(rig, 2, "x").ok());
    EXPECT_TRUE(rename_skin(rig, 1, "girl").ok()) << "its own name is not taken";
}

TEST(SkinEdits, DeletingASkinDeletesItsAttachmentsAndWhatAskedForOneAsksForItsTwin) {
    Rig rig = wardrobe();
    rig.skin = 1;
    rig.slots[0].shown = 1;  // the girl's "head"
    Result<Rig> deleted = delete_skin(rig, 1);
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    const Rig& out = deleted.value();
    ASSERT_EQ(out.skins.size(), 1u);
    EXPECT_EQ(out.skin, -1) << "the rig showed the girl: now no skin";
    ASSERT_EQ(out.slots[0].attachments.size(), 1u);
    EXPECT_EQ(out.slots[0].attachments[0].image, "head.png");
    EXPECT_EQ(out.slots[0].shown, 0) << "asks for \"head\": the rig's own";
    const State& st = out.states[0];
    EXPECT_EQ(st.slot_tracks[0].keys[0].attachment, 0) << "\"head\" is still there";
    EXPECT_EQ(st.slot_tracks[0].keys[1].attachment, -1) << "\"girl head\" was the girl's only";
    EXPECT_EQ(st.skin_keys[1].skin, -1) << "the girl's key shows no skin";
    EXPECT_EQ(st.skin_keys[0].skin, 0);
    ASSERT_TRUE(serialize_rig(out).ok()) << "the result saves";

    Result<Rig> goblin_gone = delete_skin(wardrobe(), 0);
    ASSERT_TRUE(goblin_gone.ok()) << goblin_gone.message();
    EXPECT_TRUE(goblin_gone.value().slots[1].attachments.empty());
    EXPECT_EQ(goblin_gone.value().slots[1].shown, -1);
    EXPECT_EQ(goblin_gone.value().states[0].skin_keys[1].skin, 0) << "the girl moves down one";
    EXPECT_EQ(goblin_gone.value().slots[0].attachments[0].skin, 0);
    EXPECT_FALSE(delete_skin(wardrobe(), 2).ok());
}

TEST(SkinEdits, TheSkinShownAndKeyedAtThePlayhead) {
    const Rig rig = wardrobe();
    EXPECT_EQ(show_skin(rig, 1).value().skin, 1);
    EXPECT_EQ(show_skin(rig, -1).value().skin, -1);
    EXPECT_FALSE(show_skin(rig, 2).ok());
    EXPECT_FALSE(show_skin(rig, -2).ok());

    Result<Rig> keyed = key_skin(rig, 0, 0.5f, -1);
    ASSERT_TRUE(keyed.ok()) << keyed.message();
    const std::vector<SkinKey> want{{0.0f, 0}, {0.5f, -1}, {1.0f, 1}};
    EXPECT_EQ(keyed.value().states[0].skin_keys, want) << "in time order";
    Result<Rig> replaced = key_skin(keyed.value(), 0, 0.5f, 1);
    ASSERT_TRUE(replaced.ok());
    EXPECT_EQ(replaced.value().states[0].skin_keys[1].skin, 1) << "a key at that time is replaced";
    EXPECT_EQ(replaced.value().states[0].skin_keys.size(), 3u);
    EXPECT_FALSE(key_skin(rig, 1, 0.5f, 0).ok()) << "no such state";
    EXPECT_FALSE(key_skin(rig, 0, 0.5f, 2).ok()) << "no such skin";
    EXPECT_FALSE(key_skin(rig, 0, -1.0f, 0).ok()) << "a key time out of range";

    Result<Rig> unkeyed = unkey_skin(keyed.value(), 0, 0.5f);
    ASSERT_TRUE(unkeyed.ok()) << unkeyed.message();
    EXPECT_EQ(unkeyed.value().states[0].skin_keys, rig.states[0].skin_keys);
    EXPECT_EQ(unkey_skin(rig, 0, 0.5f).message(), "state \"dress\" has no skin key there");
}

TEST(SkinEdits, SkinKeysAreARowOfTheTimelineMovedAndDeletedAsDrawOrderKeys) {
    const Rig rig = wardrobe();
    const State& st = rig.states[0];
    const std::vector<TimelineRow> rows = timeline_rows(st);
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows.back().timeline, KeyTimeline::Skin);
    EXPECT_EQ(track_label(rig, st, KeyTimeline::Skin, 0), "the skin");
    EXPECT_EQ(track_key_count(st, KeyTimeline::Skin, 0), 2u);

    const KeyRef girl{0, 1, KeyTimeline::Skin};
    Result<Rig> moved = move_keys(rig, 0, std::vector<KeyRef>{girl}, 0.5f);
    ASSERT_TRUE(moved.ok()) << moved.message();
    EXPECT_FLOAT_EQ(moved.value().states[0].skin_keys[1].time, 1.5f);
    EXPECT_EQ(moved.value().states[0].skin_keys[1].skin, 1);
    ASSERT_TRUE(serialize_rig(moved.value()).ok());
    Result<Rig> onto = move_keys(rig, 0, std::vector<KeyRef>{girl}, -1.0f);
    ASSERT_FALSE(onto.ok());
    EXPECT_NE(onto.message().find("the skin would have two keys"), std::string::npos) << onto.message();
    EXPECT_EQ(find_key(moved.value().states[0], skin_key_id(1.5f)), girl) << "found again by its time";

    Result<Rig> deleted = delete_keys(rig, 0, std::vector<KeyRef>{{0, 0, KeyTimeline::Skin}});
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    ASSERT_EQ(deleted.value().states[0].skin_keys.size(), 1u);
    EXPECT_EQ(deleted.value().states[0].skin_keys[0].skin, 1);
    EXPECT_FALSE(set_key_interpolation(rig, 0, girl, Interpolation::Linear).ok()) << "a skin switches at its key";
    EXPECT_FALSE(delete_keys(rig, 0, std::vector<KeyRef>{{0, 2, KeyTimeline::Skin}}).ok()) << "no third key";
}
