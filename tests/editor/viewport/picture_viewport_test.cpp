// Pictures in the viewport, driven as a user drives them: clicking a picture picks its bone (a
// bone drawn over it wins), dragging it poses the bone; with a picture tool set, dragging places
// the picture on its bone instead (G, R, S choose move, turn, scale), one undo step a drag.

#include <gtest/gtest.h>

#include "core/rig/rig_json.hpp"
#include "editor/viewport/viewport_scene.hpp"

namespace marionette {
namespace {

using testing::ViewportScene;

// body along x (0..100) with "arm" from its tip; "board" an 80 x 80 picture on body centred 100
// above its middle (no bone there), "under" a 200 x 20 one along body itself.
Rig viewport_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 100 }, { "name": "arm", "parent": "body", "length": 50, "translation": [100, 0] } ],
      "slots": [
        { "name": "under", "bone": "body", "attachment": "u", "attachments": [ { "name": "u", "image": "u.png", "size": [200, 20], "offset": [50, 0] } ] },
        { "name": "board", "bone": "body", "attachment": "b", "attachments": [ { "name": "b", "image": "b.png", "size": [80, 80], "offset": [50, 100] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

const Attachment& board(const ViewportScene& scene) { return const_cast<ViewportScene&>(scene).document().rig().slots[1].attachments[0]; }

TEST(PictureViewport, ClickingAPicturePicksItsBoneAndDraggingItPosesTheBone) {
    ViewportScene scene(viewport_puppet());
    scene.controller().set_mode(PoseMode::Fk);
    scene.click(scene.pixel_of({50, 100, 0}));
    EXPECT_EQ(scene.controller().selected(), 0);
    EXPECT_EQ(scene.controller().selected_slot(), 1);
    EXPECT_FALSE(scene.history().can_undo()) << "a click only selects";
    // Dragged a quarter turn about body's joint: body turns, the picture rides along unchanged.
    scene.drag(scene.pixel_of({50, 100, 0}), scene.pixel_of({-100, 50, 0}));
    const float turned = 2.0f * std::atan2(scene.document().rig().pose.rotations[0].z, scene.document().rig().pose.rotations[0].w);
    EXPECT_NEAR(turned, std::atan2(50.0f, -100.0f) - std::atan2(100.0f, 50.0f), 1e-3f);
    EXPECT_EQ(board(scene), viewport_puppet().slots[1].attachments[0]);
    EXPECT_EQ(scene.history().undo_label(), "Rotate body");
}

TEST(PictureViewport, ABoneDrawnOverAPictureIsPickedFirst) {
    ViewportScene scene(viewport_puppet());
    scene.click(scene.on_bone("arm", 0.5f));
    EXPECT_EQ(scene.controller().selected(), 1) << "arm lies over the picture \"under\"";
    EXPECT_EQ(scene.controller().selected_slot(), -1);
    scene.click(scene.pixel_of({-40, 0, 0}));
    EXPECT_EQ(scene.controller().selected(), 0) << "beyond body's joint only its picture is there";
    EXPECT_EQ(scene.controller().selected_slot(), 0);
}

TEST(PictureViewport, WithAPictureToolADragPlacesThePictureInOneUndoStep) {
    ViewportScene scene(viewport_puppet());
    scene.controller().set_picture_tool(PictureTool::Move);
    const Rig before = scene.document().rig();
    scene.drag(scene.pixel_of({60, 110, 0}), scene.pixel_of({90, 70, 0}));
    EXPECT_NEAR(board(scene).offset.x, 80.0f, 0.5f);
    EXPECT_NEAR(board(scene).offset.y, 60.0f, 0.5f);
    EXPECT_EQ(scene.document().rig().pose, before.pose) << "no bone moved";
    EXPECT_EQ(scene.controller().selected_slot(), 1);
    EXPECT_EQ(scene.history().undo_label(), "Move picture board");
    EXPECT_EQ(scene.history().undo_count(), 1u);
    scene.history().undo(scene.document());
    EXPECT_TRUE(scene.document().rig() == before);

    scene.key(ViewKey::R);
    EXPECT_EQ(scene.controller().picture_tool(), PictureTool::Rotate);
    scene.drag(scene.pixel_of({80, 100, 0}), scene.pixel_of({50, 130, 0}));  // a quarter turn about its centre
    EXPECT_NEAR(board(scene).rotation, 1.5707963f, 0.02f);
    EXPECT_EQ(board(scene).offset, glm::vec2(50, 100));
    EXPECT_EQ(scene.history().undo_label(), "Turn picture board");

    scene.key(ViewKey::S);
    scene.drag(scene.pixel_of({70, 100, 0}), scene.pixel_of({90, 100, 0}));  // 20 from its centre, then 40
    EXPECT_NEAR(board(scene).scale.x, 2.0f, 0.05f);
    EXPECT_NEAR(board(scene).scale.y, 2.0f, 0.05f);
    EXPECT_EQ(scene.history().undo_label(), "Scale picture board");

    scene.key(ViewKey::G);
    EXPECT_EQ(scene.controller().picture_tool(), PictureTool::Move);
    // A click on empty space deselects and changes nothing.
    const std::size_t steps = scene.history().undo_count();
    scene.click(scene.pixel_of({-40, 130, 0}));
    EXPECT_EQ(scene.controller().selected(), -1);
    EXPECT_EQ(scene.controller().selected_slot(), -1);
    EXPECT_EQ(scene.history().undo_count(), steps);
}

TEST(PictureViewport, EPlacesPicturesAndTabGoesBackToPosingInTheSameMode) {
    ViewportScene scene(viewport_puppet());
    scene.controller().set_mode(PoseMode::Fk);
    scene.key(ViewKey::R);
    EXPECT_FALSE(scene.controller().picture_tool().has_value()) << "without Place mode, R chooses no tool";
    scene.key(ViewKey::E);
    EXPECT_EQ(scene.controller().picture_tool(), PictureTool::Move);
    scene.key(ViewKey::S);
    EXPECT_EQ(scene.controller().picture_tool(), PictureTool::Scale);
    scene.key(ViewKey::Tab);
    EXPECT_FALSE(scene.controller().picture_tool().has_value());
    EXPECT_EQ(scene.controller().mode(), PoseMode::Fk) << "Tab left Place mode without switching FK and IK";
    scene.key(ViewKey::E);
    scene.key(ViewKey::E);
    EXPECT_FALSE(scene.controller().picture_tool().has_value()) << "E again goes back to posing";
    // A rig without pictures has nothing to place.
    ViewportScene plain(marionette::testing::figure_2d());
    plain.key(ViewKey::E);
    EXPECT_FALSE(plain.controller().picture_tool().has_value());
    EXPECT_EQ(plain.controller().take_message(), "E places pictures: this rig has none (add one to a bone in the inspector)");
}

TEST(PictureViewport, UnderAStatePlaceModePlacesTheDrawingTheStateShows) {
    Rig rig = viewport_puppet();
    Attachment other = rig.slots[1].attachments[0];
    other.name = "b2";
    rig.slots[1].attachments.push_back(other);  // the same place, a second drawing
    ViewportScene scene(rig);
    SlotPose shown = setup_slot_pose(scene.document().rig().slots, scene.document().rig().skin);
    shown.shown[1] = 1;  // as a state would show it
    scene.controller().set_shown_slots(&shown);
    scene.controller().set_picture_tool(PictureTool::Move);
    scene.drag(scene.pixel_of({60, 110, 0}), scene.pixel_of({90, 70, 0}));
    const Slot& board_slot = scene.document().rig().slots[1];
    EXPECT_EQ(board_slot.attachments[0].offset, glm::vec2(50, 100)) << "the slot's own drawing stays";
    EXPECT_NEAR(board_slot.attachments[1].offset.x, 80.0f, 0.5f) << "the shown one moved";
    EXPECT_NEAR(board_slot.attachments[1].offset.y, 60.0f, 0.5f);
}

}  // namespace
}  // namespace marionette
