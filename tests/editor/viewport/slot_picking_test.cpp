// Clicking a picture picks its slot (and so its bone): the one drawn on top where it overlaps,
// through turns, mirrors and a bone's pose scale; never a hidden, empty or transparent one.

#include <utility>

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/viewport/slot_picking.hpp"

using namespace marionette;

namespace {

// Two bones along x: body (0..10), head (10..14). "back" is a 20 x 20 picture centred on body's
// origin, "face" a 4 x 4 one at head's origin, drawn after it.
Rig picking_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 }, { "name": "head", "parent": "body", "length": 4, "translation": [10, 0] } ],
      "slots": [
        { "name": "back", "bone": "body", "attachment": "a", "attachments": [ { "name": "a", "image": "a.png", "size": [20, 20] } ] },
        { "name": "face", "bone": "head", "attachment": "f", "attachments": [ { "name": "f", "image": "f.png", "size": [4, 4] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

int hit(const Rig& rig, glm::vec2 point) {
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    return slot_under(rig, rig.pose, world, point);
}

}  // namespace

TEST(SlotPicking, TheTopPictureWinsWhereTheyOverlap) {
    const Rig rig = picking_puppet();
    EXPECT_EQ(hit(rig, {0, 0}), 0);
    EXPECT_EQ(hit(rig, {9.5f, 1}), 1) << "face is drawn over back there";
    EXPECT_EQ(hit(rig, {11.9f, 1.9f}), 1);
    EXPECT_EQ(hit(rig, {12.1f, 0}), -1) << "past both";
    EXPECT_EQ(hit(rig, {11, -2.1f}), -1) << "below face";
    EXPECT_EQ(hit(rig, {11, 2.1f}), -1) << "above face";
    EXPECT_EQ(hit(rig, {-10.1f, 0}), -1);
    Rig reordered = rig;
    std::swap(reordered.slots[0], reordered.slots[1]);
    EXPECT_EQ(hit(reordered, {9.5f, 1}), 1) << "back, now last, is on top";
}

TEST(SlotPicking, TurnsMirrorsAndPoseScalesMoveWhatIsHit) {
    Rig rig = picking_puppet();
    Attachment& face = rig.slots[1].attachments[0];
    face.size = {8, 2};
    face.rotation = 1.5707963f;  // now 2 wide along x, 8 tall along y, about head's origin
    EXPECT_EQ(hit(rig, {10.5f, 3.5f}), 1);
    EXPECT_EQ(hit(rig, {13.5f, 0.5f}), -1);
    face.scale = {-1, 1};  // mirrored: the same place
    EXPECT_EQ(hit(rig, {10.5f, 3.5f}), 1);
    // head's pose scale doubles its frame: the picture reaches 8 up.
    rig.pose.scales[1] = {2, 2, 1};
    EXPECT_EQ(hit(rig, {10.5f, 7.5f}), 1);
    // body turned a quarter turn: head (and its picture) now stand above body's origin.
    rig.pose.rotations[0] = glm::angleAxis(1.5707963f, glm::vec3(0, 0, 1));
    EXPECT_EQ(hit(rig, {-7.5f, 10.5f}), 1);
}

TEST(SlotPicking, HiddenEmptyAndTransparentPicturesAreNeverHit) {
    Rig rig = picking_puppet();
    rig.slots[1].shown = -1;
    EXPECT_EQ(hit(rig, {9.5f, 1}), 0) << "face shows nothing: back under it";
    rig.slots[0].color.a = 0.0f;
    EXPECT_EQ(hit(rig, {9.5f, 1}), -1);
    rig.slots[0].color.a = 1.0f;
    rig.slots[0].attachments[0].tint.a = 0.0f;
    EXPECT_EQ(hit(rig, {0, 0}), -1);
    rig.slots[0].attachments[0].tint.a = 1.0f;
    rig.slots[0].attachments[0].size = {0, 20};
    EXPECT_EQ(hit(rig, {0, 0}), -1) << "no area";
    // A world shorter than the skeleton passes the slots beyond it over.
    const std::vector<Transform> world;
    EXPECT_EQ(slot_under(picking_puppet(), picking_puppet().pose, world, {0, 0}), -1);
}

// A mesh is picked by its triangles: a notch cut out of its outline is not the picture.
TEST(SlotPicking, AMeshIsPickedByItsTrianglesNotItsBox) {
    Rig rig = picking_puppet();
    AttachmentMesh notch;  // the 20 x 20 back with a triangle cut from the middle of its top edge
    notch.vertices = {{0, 0}, {20, 0}, {20, 20}, {10, 5}, {0, 20}};
    notch.uvs = {{0, 0}, {1, 0}, {1, 1}, {0.5f, 0.25f}, {0, 1}};
    notch.triangles = {{0, 1, 3}, {1, 2, 3}, {0, 3, 4}};
    notch.hull = 5;
    rig.slots[0].attachments[0].mesh = notch;
    ASSERT_FALSE(attachment_mesh_problem(notch, 2, "m").has_value());
    EXPECT_EQ(hit(rig, {0, -8}), 0) << "below the notch";
    EXPECT_EQ(hit(rig, {0, 5}), -1) << "in the notch, inside the picture's box";
    EXPECT_EQ(hit(rig, {-9.5f, 8}), 0) << "beside the notch";
}
