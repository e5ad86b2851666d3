// The 3D rotation gizmo: three rings on the selected bone, picked on screen, dragged to turn the
// selection about one world axis, within the bones' limits, in one undo step.

#include "editor/posing/rotation_gizmo.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/viewport/viewport_scene.hpp"

using namespace marionette;
using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::rotation_change;
using marionette::testing::ViewportScene;

namespace {

using marionette::testing::without_limits;
using marionette::testing::world_rotation;

Rig free_3d() { return without_limits(figure_3d()); }

// The scene looking along -z (front view), the forearm selected; its joint's pixel.
glm::vec2 front_with_forearm(ViewportScene& scene) {
    scene.controller().set_view(ViewCamera::View::Front);
    scene.controller().frame(scene.view(), scene.extent());
    const int forearm = bone_named(scene.document().rig(), "forearm");
    scene.controller().select(forearm);
    scene.send(ViewportInput::motion({10.0f, 10.0f}, {0.0f, 0.0f}));
    return scene.on_bone("forearm", 0.0f);
}

std::array<GizmoRing, 3> rings_of(ViewportScene& scene) {
    const Rig& rig = scene.document().rig();
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const auto rings = scene.controller().gizmo(world, scene.view());
    EXPECT_TRUE(rings.has_value());
    return rings.value_or(std::array<GizmoRing, 3>{});
}

}  // namespace

TEST(RotationGizmo, RingsKeepTheirSizeOnScreenAndArePickedWhereTheyShow) {
    ViewportScene scene(free_3d());
    const glm::vec2 joint = front_with_forearm(scene);
    const auto rings = rings_of(scene);
    const ViewCamera& camera = scene.controller().camera();
    for (const GizmoRing& r : rings) EXPECT_NEAR(r.radius, kGizmoPixels * camera.world_per_pixel_at(r.center, scene.view()), 1e-5f);
    // Seen from the front the Z ring is a circle; X and Y are lines through the joint.
    const glm::vec2 diagonal = joint + kGizmoPixels * glm::vec2{0.7071f, -0.7071f};
    EXPECT_EQ(pick_ring(rings, camera, scene.view(), diagonal, kGizmoPickPixels), 2);
    EXPECT_EQ(pick_ring(rings, camera, scene.view(), joint + glm::vec2{0.0f, 40.0f}, kGizmoPickPixels), 0);
    EXPECT_EQ(pick_ring(rings, camera, scene.view(), joint + glm::vec2{40.0f, 0.0f}, kGizmoPickPixels), 1);
    EXPECT_FALSE(pick_ring(rings, camera, scene.view(), joint + glm::vec2{30.0f, 30.0f}, kGizmoPickPixels).has_value());
}

TEST(RotationGizmo, DraggingARingTurnsTheBoneAboutItsAxisInOneStep) {
    ViewportScene scene(free_3d());
    const glm::vec2 joint = front_with_forearm(scene);
    const Rig before = scene.document().rig();
    const int forearm = bone_named(before, "forearm");
    // Grab the Z ring at its top and drag left: counter-clockwise as seen, a positive turn
    // about +Z, which points at the viewer.
    const glm::vec2 top = joint + glm::vec2{0.0f, -kGizmoPixels};
    scene.send(ViewportInput::press(top + glm::vec2{3.0f, 0.0f}));
    ASSERT_EQ(scene.controller().dragged_ring(), std::optional<int>(2));
    const float pixels = 0.5f * kGizmoPixels;  // half a radian along the ring
    scene.send(ViewportInput::motion(top + glm::vec2{3.0f - pixels, 0.0f}, {-pixels, 0.0f}));
    EXPECT_EQ(scene.controller().take_message().value_or(""), "Rotate 28.6° about global Z");  // half a radian
    scene.send(ViewportInput::release(top + glm::vec2{3.0f - pixels, 0.0f}));
    const glm::quat expected = glm::angleAxis(0.5f, glm::vec3{0, 0, 1}) * world_rotation(before, forearm);
    EXPECT_LT(rotation_change(world_rotation(scene.document().rig(), forearm), expected), 0.02f);
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_EQ(scene.history().undo_label(), "Rotate forearm");
    EXPECT_EQ(scene.controller().selected(), forearm);
}

TEST(RotationGizmo, AHingeTurnsOnlyAboutItsAxis) {
    ViewportScene scene(figure_3d());
    const glm::vec2 joint = front_with_forearm(scene);
    const int forearm = bone_named(scene.document().rig(), "forearm");
    const glm::quat before = scene.document().rig().pose.rotations[static_cast<std::size_t>(forearm)];
    const glm::vec2 grab = joint + kGizmoPixels * glm::vec2{0.7071f, -0.7071f};
    scene.drag(grab, grab + glm::vec2{-40.0f, -40.0f});
    const Rig& rig = scene.document().rig();
    const glm::quat q = rig.pose.rotations[static_cast<std::size_t>(forearm)];
    EXPECT_TRUE(within_limits(q, *rig.skeleton[static_cast<std::size_t>(forearm)].limits, false, 1e-4f));
    EXPECT_GT(rotation_change(q, before), 0.02f) << "the hinge did not turn (its axis lies mostly across Z: a part of the turn)";
    EXPECT_EQ(scene.history().undo_count(), 1u);
}

TEST(RotationGizmo, ABoneInsideTheRingsIsPickedFirstAnd2DHasNone) {
    ViewportScene scene(free_3d());
    front_with_forearm(scene);
    const glm::vec2 on_forearm = scene.on_bone("forearm", 0.5f);
    scene.click(on_forearm);
    EXPECT_EQ(scene.controller().selected(), bone_named(scene.document().rig(), "forearm"));
    EXPECT_FALSE(scene.history().can_undo());
    ViewportScene flat(figure_2d());
    flat.controller().select(3);
    const std::vector<Transform> world = compute_world(flat.document().rig().skeleton, flat.document().rig().pose).value();
    EXPECT_FALSE(flat.controller().gizmo(world, flat.view()).has_value());
}
