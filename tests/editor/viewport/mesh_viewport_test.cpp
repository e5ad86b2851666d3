// Mesh mode, driven as a user drives it: M on a picked mesh picture starts it; a dragged vertex
// moves in the setup (its picture with it) or, with auto-key, keys the state's shape by the
// picture-space offset that puts it under the pointer on a turned bone; a box, A and Alt+A
// select; Ctrl+click adds and X deletes; the Weights tool paints the active bone's weight; each
// drag is one undo step, and the mode ends with Tab or when its mesh is undone away.

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/mesh/vertex_weights.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/mesh_edits.hpp"
#include "editor/edits/mesh_vertex_edits.hpp"
#include "editor/viewport/viewport_scene.hpp"

namespace marionette {
namespace {

using testing::ViewportScene;

// "upper" 0 to 100 along x, "lower" 100 to 200; a 200 x 40 sleeve on upper over both (its
// picture space's (0, 0) at world (0, -20)) as a grid of 4 x 1 cells, rigid; a state "wave".
Rig sleeve_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 100 }, { "name": "lower", "parent": "upper", "length": 100, "translation": [100, 0] } ],
      "slots": [ { "name": "sleeve", "bone": "upper", "attachment": "s",
                   "attachments": [ { "name": "s", "image": "s.png", "size": [200, 40], "offset": [100, 0] } ] } ],
      "states": [ { "name": "wave" } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    Result<Rig> grid = make_attachment_grid(rig.value(), 0, 0, 4, 1);
    EXPECT_TRUE(grid.ok()) << grid.message();
    return grid.value();
}

const AttachmentMesh& sleeve_mesh(ViewportScene& scene) { return *scene.document().rig().slots[0].attachments[0].mesh; }

// The world point of picture point `p` at rest (unposed rig).
glm::vec3 sleeve_world(glm::vec2 p) { return {p.x, p.y - 20.0f, 0.0f}; }

void enter_sleeve_mesh(ViewportScene& scene) {
    scene.controller().set_mode(PoseMode::Fk);
    scene.click(scene.pixel_of({160, 10, 0}));  // the sleeve, off the bones
    ASSERT_EQ(scene.controller().selected_slot(), 0);
    scene.key(ViewKey::M);
    ASSERT_TRUE(scene.controller().mesh_mode().has_value());
}

TEST(MeshViewport, MStartsOnAMeshPictureAndTabEndsIt) {
    ViewportScene scene(sleeve_puppet());
    scene.key(ViewKey::M);
    EXPECT_FALSE(scene.controller().mesh_mode().has_value());
    EXPECT_NE(scene.controller().take_message().value_or("").find("click a picture"), std::string::npos);
    enter_sleeve_mesh(scene);
    EXPECT_EQ(scene.controller().mesh_mode()->slot, 0);
    scene.key(ViewKey::Tab);
    EXPECT_FALSE(scene.controller().mesh_mode().has_value());
    // With a bone picked rather than the picture: the mesh that bone moves, once weighted on it.
    scene.controller().select(1);  // lower: the sleeve hangs on upper, rigid
    scene.key(ViewKey::M);
    EXPECT_FALSE(scene.controller().mesh_mode().has_value()) << "a rigid mesh on another bone";
    WeightBrush dab;
    dab.bone = 1;
    dab.centre = {200.0f, 20.0f};
    dab.radius = 30.0f;
    dab.strength = 1.0f;
    Result<Rig> painted = paint_mesh_weights(scene.document().rig(), 0, 0, dab);
    ASSERT_TRUE(painted.ok()) << painted.message();
    scene.document().edit([&](Rig& rig) { rig = painted.value(); });
    scene.key(ViewKey::M);
    ASSERT_TRUE(scene.controller().mesh_mode().has_value()) << "weighted on lower now";
    EXPECT_EQ(scene.controller().mesh_mode()->slot, 0);
    scene.key(ViewKey::Tab);
    EXPECT_FALSE(scene.controller().mesh_mode().has_value());
    EXPECT_EQ(scene.controller().mode(), PoseMode::Fk) << "Tab leaves mesh mode before it toggles FK and IK";
}

TEST(MeshViewport, ADraggedVertexMovesInTheSetupWithItsPartOfThePicture) {
    ViewportScene scene(sleeve_puppet());
    enter_sleeve_mesh(scene);
    const int top = test::vertex_at(sleeve_mesh(scene), {100, 40});
    ASSERT_GE(top, 0);
    scene.drag(scene.pixel_of(sleeve_world({100, 40})), scene.pixel_of(sleeve_world({120, 30})));
    const AttachmentMesh& m = sleeve_mesh(scene);
    EXPECT_NEAR(m.vertices[static_cast<std::size_t>(top)].x, 120.0f, 0.5f);
    EXPECT_NEAR(m.vertices[static_cast<std::size_t>(top)].y, 30.0f, 0.5f);
    EXPECT_NEAR(m.uvs[static_cast<std::size_t>(top)].x, 0.6f, 0.003f);
    EXPECT_EQ(scene.controller().mesh_mode()->selected, std::vector<std::uint32_t>{static_cast<std::uint32_t>(top)});
    EXPECT_EQ(scene.history().undo_label(), "Move vertices of sleeve");
    scene.history().undo(scene.document());
    EXPECT_EQ(sleeve_mesh(scene), *sleeve_puppet().slots[0].attachments[0].mesh);

    // Down through the bottom edge: held where the mesh was last valid, above it.
    scene.drag(scene.pixel_of(sleeve_world({100, 40})), scene.pixel_of(sleeve_world({100, -30})));
    EXPECT_GT(sleeve_mesh(scene).vertices[static_cast<std::size_t>(top)].y, 0.0f);
}

TEST(MeshViewport, WithAutoKeyADraggedVertexKeysTheShapeOnATurnedBone) {
    Rig rig = sleeve_puppet();
    rig.pose.rotations[0] = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));  // upper points up
    ViewportScene scene(rig);
    scene.controller().set_auto_key(AutoKey{0, 0.5f});
    // Entered on the turned sleeve: its picture point (150, 20) is at world (-0, 150).
    scene.controller().set_mode(PoseMode::Fk);
    scene.controller().select_slot(0);
    scene.key(ViewKey::M);
    ASSERT_TRUE(scene.controller().mesh_mode().has_value());
    const int top = test::vertex_at(sleeve_mesh(scene), {150, 40});
    // Picture (x, y) is world (20 - y, x) on the turned bone.
    scene.drag(scene.pixel_of({-20, 150, 0}), scene.pixel_of({-20, 170, 0}));
    const Rig& keyed = scene.document().rig();
    ASSERT_EQ(keyed.states[0].deform.size(), 1u);
    const DeformKey& key = keyed.states[0].deform[0].keys[0];
    EXPECT_EQ(key.time, 0.5f);
    EXPECT_NEAR(key.offsets[static_cast<std::size_t>(top)].x, 20.0f, 0.5f) << "up the screen is along the picture on the turned bone";
    EXPECT_NEAR(key.offsets[static_cast<std::size_t>(top)].y, 0.0f, 0.5f);
    EXPECT_EQ(key.offsets[0], glm::vec2(0.0f)) << "only the dragged vertex";
    EXPECT_EQ(sleeve_mesh(scene), *sleeve_puppet().slots[0].attachments[0].mesh) << "the setup's mesh stays";
    EXPECT_EQ(scene.history().undo_label(), "Key shape of sleeve at 0.50 s in wave");
}

TEST(MeshViewport, BoxesAndKeysSelectCtrlClickAddsAndXDeletes) {
    ViewportScene scene(sleeve_puppet());
    enter_sleeve_mesh(scene);
    // A box round the right-hand cell's four corners... and a bit more.
    scene.drag(scene.pixel_of(sleeve_world({140, 50})), scene.pixel_of(sleeve_world({210, -10})));
    EXPECT_EQ(scene.controller().mesh_mode()->selected.size(), 4u);
    scene.key(ViewKey::A, Modifiers{.alt = true});
    EXPECT_TRUE(scene.controller().mesh_mode()->selected.empty());
    scene.key(ViewKey::A);
    EXPECT_EQ(scene.controller().mesh_mode()->selected.size(), sleeve_mesh(scene).vertices.size());
    scene.key(ViewKey::Escape);
    EXPECT_TRUE(scene.controller().mesh_mode()->selected.empty());

    const std::size_t before = sleeve_mesh(scene).vertices.size();
    scene.click(scene.pixel_of(sleeve_world({75, 20})), Modifiers{.ctrl = true});
    ASSERT_EQ(sleeve_mesh(scene).vertices.size(), before + 1);
    EXPECT_NEAR(sleeve_mesh(scene).vertices.back().x, 75.0f, 0.5f);
    EXPECT_EQ(scene.controller().mesh_mode()->selected, std::vector<std::uint32_t>{static_cast<std::uint32_t>(before)});
    EXPECT_EQ(scene.history().undo_label(), "Add a vertex to sleeve");
    // Ctrl+click by the top side: a vertex on the outline.
    const std::size_t hull = sleeve_mesh(scene).hull;
    scene.click(scene.pixel_of(sleeve_world({25, 40})) + glm::vec2(0.0f, 2.0f), Modifiers{.ctrl = true});
    EXPECT_EQ(sleeve_mesh(scene).hull, hull + 1);
    scene.key(ViewKey::X);
    EXPECT_EQ(sleeve_mesh(scene).hull, hull);
    EXPECT_EQ(sleeve_mesh(scene).vertices.size(), before + 1);
    EXPECT_EQ(scene.history().undo_label(), "Delete 1 vertex of sleeve");
    // Ctrl+click off the mesh: nothing added, a word why.
    scene.click(scene.pixel_of(sleeve_world({100, 70})), Modifiers{.ctrl = true});
    EXPECT_EQ(sleeve_mesh(scene).vertices.size(), before + 1);
    EXPECT_TRUE(scene.controller().take_message().has_value());
}

TEST(MeshViewport, TheWeightsToolPaintsTheActiveBoneInOneStep) {
    ViewportScene scene(sleeve_puppet());
    enter_sleeve_mesh(scene);
    scene.key(ViewKey::W);
    EXPECT_EQ(scene.controller().mesh_mode()->tool, MeshTool::Weights);
    scene.controller().change_selection([](BoneSelection& s) { s.set(1); });  // lower
    MeshBrush brush = scene.controller().mesh_mode()->brush;
    brush.strength = 1.0f;
    brush.radius = 30.0f;
    scene.controller().set_mesh_brush(brush);
    scene.drag(scene.pixel_of(sleeve_world({200, 40})), scene.pixel_of(sleeve_world({200, 0})));
    const AttachmentMesh& m = sleeve_mesh(scene);
    ASSERT_TRUE(m.is_weighted());
    EXPECT_GT(vertex_weight(m, static_cast<std::size_t>(test::vertex_at(m, {200, 0})), 1, 0), 0.5f);
    EXPECT_EQ(vertex_weight(m, static_cast<std::size_t>(test::vertex_at(m, {0, 0})), 0, 0), 1.0f) << "the far end is left";
    EXPECT_EQ(scene.history().undo_label(), "Paint weights of sleeve");
    scene.history().undo(scene.document());
    EXPECT_FALSE(sleeve_mesh(scene).is_weighted());

    // Undoing the mesh away ends the mode.
    scene.document().edit([](Rig& rig) { rig.slots[0].attachments[0].mesh.reset(); });
    scene.send(ViewportInput::motion({10, 10}, {0, 0}));
    EXPECT_FALSE(scene.controller().mesh_mode().has_value());
}

}  // namespace
}  // namespace marionette
