// R and G as a user gives them: a key, the pointer or a typed number, an axis, then Enter or a
// click to keep it, Escape or a right click to leave the pose as it was.

#include "editor/posing/modal_transform.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/ik/ik_test_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/viewport/viewport_scene.hpp"

using namespace marionette;
using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::rotation_change;
using marionette::testing::tip_in_world;
using marionette::testing::ViewportScene;
using marionette::testing::without_limits;
using marionette::testing::world_rotation;

namespace {

constexpr float kDegree = 0.017453293f;

float angle(const Rig& rig, const std::string& bone) {
    const glm::quat& q = rig.pose.rotations[static_cast<std::size_t>(bone_named(rig, bone))];
    return 2.0f * std::atan2(q.z, q.w);
}

// As a keyboard types: the key down (the digit 1 is also the Front view), then its text.
void type(ViewportScene& scene, const std::string& text) {
    for (const char c : text) {
        scene.send(ViewportInput::key_down(c == '1' ? ViewKey::Front : ViewKey::Other, {}));
        scene.send(ViewportInput::text(c));
    }
}

// `rig` after R on `bone`, then `keys` (axis locks), the number `typed`, and Enter.
Rig rotated(const Rig& rig, int bone, std::initializer_list<ViewKey> keys, const std::string& typed) {
    ViewportScene scene(rig);
    scene.controller().select(bone);
    scene.key(ViewKey::R);
    for (const ViewKey k : keys) scene.key(k);
    type(scene, typed);
    scene.key(ViewKey::Enter);
    EXPECT_EQ(scene.history().undo_count(), 1u);
    return scene.document().rig();
}

}  // namespace

TEST(ModalRotate, ATypedAngleTurnsTheSelectedBoneAndEnterKeepsItAsOneStep) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "forearm"));
    scene.key(ViewKey::R);
    ASSERT_TRUE(scene.controller().transform().has_value());
    type(scene, "30");
    EXPECT_NEAR(angle(scene.document().rig(), "forearm"), angle(before, "forearm") + 30.0f * kDegree, 1e-4f);
    EXPECT_FALSE(scene.history().can_undo()) << "a step before the confirm";
    scene.key(ViewKey::Enter);
    EXPECT_FALSE(scene.controller().transform().has_value());
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_EQ(scene.history().undo_label(), "Rotate forearm");
    EXPECT_NEAR(angle(scene.document().rig(), "forearm"), angle(before, "forearm") + 30.0f * kDegree, 1e-4f);
    scene.key(ViewKey::Z, Modifiers{.ctrl = true});
    EXPECT_TRUE(scene.document().rig() == before);
}

// The number comes from the text typed, not from key codes: on AZERTY the main row's keys send
// '&', 'é', '"', ... and only the text is "1", "2", "3". A digit key without text (its view
// shortcut) types nothing during R.
TEST(ModalRotate, TheNumberIsTheTextTypedWhateverKeysTypedIt) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "forearm"));
    scene.key(ViewKey::R);
    scene.send(ViewportInput::key_down(ViewKey::Front));
    scene.send(ViewportInput::key_down(ViewKey::Top));
    EXPECT_TRUE(scene.document().rig() == before) << "a digit key alone typed a number";
    EXPECT_TRUE(scene.controller().transform().has_value());
    for (const char c : std::string("-12.5")) {
        scene.send(ViewportInput::key_down(ViewKey::Other));  // the key, whatever the layout calls it
        scene.send(ViewportInput::text(c));
    }
    EXPECT_NEAR(angle(scene.document().rig(), "forearm"), angle(before, "forearm") - 12.5f * kDegree, 1e-4f);
    scene.key(ViewKey::Enter);
    EXPECT_EQ(scene.history().undo_count(), 1u);
}

TEST(ModalRotate, EscapeOrARightClickLeavesThePoseAsItWasWithNoStep) {
    for (const bool escape : {true, false}) {
        ViewportScene scene(figure_2d());
        const Rig before = scene.document().rig();
        scene.controller().select(bone_named(before, "forearm"));
        scene.send(ViewportInput::motion({500.0f, 300.0f}, {0.0f, 0.0f}));
        scene.key(ViewKey::R);
        scene.send(ViewportInput::motion({400.0f, 150.0f}, {-100.0f, -150.0f}));
        type(scene, "-45");
        ASSERT_FALSE(scene.document().rig() == before);
        if (escape) {
            scene.key(ViewKey::Escape);
        } else {
            scene.send(ViewportInput::press({400.0f, 150.0f}, MouseButton::Right));
        }
        EXPECT_FALSE(scene.controller().transform().has_value());
        EXPECT_TRUE(scene.document().rig() == before);
        EXPECT_FALSE(scene.history().can_undo());
        EXPECT_FALSE(scene.document().modified());
    }
}

TEST(ModalRotate, ThePointerTurnsTheBoneAsFarAsItGoesRoundTheJointAndAClickKeepsIt) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    const int forearm = bone_named(before, "forearm");
    scene.controller().select(forearm);
    const glm::vec2 joint =
        scene.pixel_of(compute_world(before.skeleton, before.pose).value()[static_cast<std::size_t>(forearm)].translation);
    const glm::vec2 start = joint + glm::vec2{100.0f, 0.0f};
    scene.send(ViewportInput::motion(start, {0.0f, 0.0f}));
    scene.key(ViewKey::R);
    // A quarter turn counter-clockwise on screen (pixels run down), in steps.
    for (int i = 1; i <= 9; ++i) {
        const float a = static_cast<float>(i) * 10.0f * kDegree;
        scene.send(ViewportInput::motion(joint + 100.0f * glm::vec2{std::cos(a), -std::sin(a)}, {0.0f, 0.0f}));
    }
    EXPECT_NEAR(wrap_angle(angle(scene.document().rig(), "forearm") - angle(before, "forearm")), 90.0f * kDegree, 1e-3f);
    scene.send(ViewportInput::press(joint, MouseButton::Left));
    scene.send(ViewportInput::release(joint));
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_EQ(scene.controller().selected(), forearm) << "the confirming click selected something else";
}

TEST(ModalRotate, EverySelectedBoneTurnsAboutItsOwnJointWithinItsLimits) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "hand"));
    scene.send(ViewportInput::press(scene.on_bone("forearm", 0.5f), MouseButton::Left, Modifiers{.shift = true}));
    scene.send(ViewportInput::release(scene.on_bone("forearm", 0.5f)));
    ASSERT_EQ(scene.controller().selection().bones().size(), 2u);
    scene.key(ViewKey::R);
    type(scene, "200");  // past the forearm's 130
    scene.key(ViewKey::Enter);
    const Rig& after = scene.document().rig();
    EXPECT_NEAR(wrap_angle(angle(after, "hand") - angle(before, "hand")), wrap_angle(200.0f * kDegree), 1e-3f);
    EXPECT_NEAR(angle(after, "forearm"), 130.0f * kDegree, 1e-3f);
    EXPECT_EQ(scene.history().undo_label(), "Rotate 2 bones");
}

TEST(ModalRotate, In2DOnlyZLocksAndNothingElseIsTaken) {
    ViewportScene scene(figure_2d());
    scene.controller().select(bone_named(scene.document().rig(), "forearm"));
    scene.key(ViewKey::R);
    scene.controller().take_message();
    scene.key(ViewKey::X);
    EXPECT_NE(scene.controller().take_message().value_or("").find("turns about Z"), std::string::npos);
    EXPECT_EQ(scene.controller().transform()->space(), AxisSpace::Free);
    scene.key(ViewKey::Z);
    EXPECT_EQ(scene.controller().transform()->space(), AxisSpace::World);
    // Keys that are shortcuts elsewhere do nothing meanwhile.
    const Rig now = scene.document().rig();
    scene.key(ViewKey::Tab);
    scene.key(ViewKey::Z, Modifiers{.ctrl = true});
    EXPECT_EQ(scene.controller().mode(), PoseMode::Ik);
    EXPECT_TRUE(scene.controller().transform().has_value());
}

TEST(ModalRotate, In3DAnAxisLocksTheWorldAxisThenTheBonesOwn) {
    const Rig rig = without_limits(figure_3d());
    const int forearm = bone_named(rig, "forearm");
    const glm::quat start_world = world_rotation(rig, forearm);
    const glm::quat start_pose = rig.pose.rotations[static_cast<std::size_t>(forearm)];
    const Rig about_x = rotated(rig, forearm, {ViewKey::X}, "90");
    EXPECT_LT(rotation_change(world_rotation(about_x, forearm), glm::angleAxis(90.0f * kDegree, glm::vec3{1, 0, 0}) * start_world), 1e-4f);
    const Rig about_own_y = rotated(rig, forearm, {ViewKey::Y, ViewKey::Y}, "-40");
    EXPECT_LT(rotation_change(about_own_y.pose.rotations[static_cast<std::size_t>(forearm)],
                              start_pose * glm::angleAxis(-40.0f * kDegree, glm::vec3{0, 1, 0})),
              1e-4f);
    ViewportScene scene(rig);
    scene.controller().select(forearm);
    scene.key(ViewKey::R);
    scene.key(ViewKey::Y);
    EXPECT_EQ(scene.controller().transform()->space(), AxisSpace::World);
    scene.key(ViewKey::Y);
    EXPECT_EQ(scene.controller().transform()->space(), AxisSpace::Local);
    scene.key(ViewKey::Y);
    EXPECT_EQ(scene.controller().transform()->space(), AxisSpace::Free);
}

TEST(ModalRotate, A3DHingeTurnsOnlyAboutItsAxis) {
    // figure_3d's forearm is a hinge about -y in its frame: a turn about world X is brought to it.
    const Rig rig = figure_3d();
    const int forearm = bone_named(rig, "forearm");
    const glm::quat q = rotated(rig, forearm, {ViewKey::X}, "35").pose.rotations[static_cast<std::size_t>(forearm)];
    EXPECT_GT(rotation_change(q, rig.pose.rotations[static_cast<std::size_t>(forearm)]), 5.0f * kDegree) << "the hinge did not turn";
    EXPECT_NEAR(q.x, 0.0f, 1e-5f);
    EXPECT_NEAR(q.z, 0.0f, 1e-5f);
}

TEST(ModalGrab, ARootMovesThePuppetByATypedDistanceAlongTheLockedAxis) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "hips"));
    scene.key(ViewKey::G);
    scene.key(ViewKey::Y);
    type(scene, "-12.5");
    scene.key(ViewKey::Enter);
    EXPECT_EQ(scene.document().rig().pose.root_offset, before.pose.root_offset + glm::vec3(0.0f, -12.5f, 0.0f));
    EXPECT_EQ(scene.history().undo_label(), "Move hips");
}

TEST(ModalGrab, ThePointerMovesARootAsFarAsItGoesOnScreen) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "hips"));
    scene.send(ViewportInput::motion({300.0f, 300.0f}, {0.0f, 0.0f}));
    scene.key(ViewKey::G);
    scene.send(ViewportInput::motion({340.0f, 300.0f}, {40.0f, 0.0f}));
    const float per_pixel = scene.controller().camera().world_per_pixel_at(glm::vec3{0.0f}, scene.view());
    const glm::vec3 moved = scene.document().rig().pose.root_offset - before.pose.root_offset;
    EXPECT_NEAR(moved.x, 40.0f * per_pixel, 1e-3f);
    EXPECT_NEAR(moved.y, 0.0f, 1e-3f);
    // Locked to Y, the sideways motion moves nothing.
    scene.key(ViewKey::Y);
    EXPECT_NEAR(glm::length(scene.document().rig().pose.root_offset - before.pose.root_offset), 0.0f, 1e-4f);
    scene.key(ViewKey::Escape);
    EXPECT_TRUE(scene.document().rig() == before);
}

TEST(ModalGrab, AnotherBonesEndIsItsChainsTarget) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    const int forearm = bone_named(before, "forearm");
    scene.controller().select(forearm);
    scene.key(ViewKey::G);
    scene.key(ViewKey::X);
    type(scene, "-10");
    scene.key(ViewKey::Enter);
    EXPECT_NEAR(glm::distance(tip_in_world(scene.document().rig(), forearm), tip_in_world(before, forearm) + glm::vec3(-10.0f, 0.0f, 0.0f)),
                0.0f, 0.05f);
    EXPECT_EQ(scene.history().undo_label(), "Drag forearm");
}

TEST(ModalTransform, NeedsASelectedBone) {
    ViewportScene scene(figure_2d());
    scene.controller().select(-1);
    scene.key(ViewKey::R);
    EXPECT_FALSE(scene.controller().transform().has_value());
    EXPECT_NE(scene.controller().take_message().value_or("").find("select a bone first"), std::string::npos);
}

TEST(ModalTransform, TypingEditsTheNumber) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "forearm"));
    scene.key(ViewKey::R);
    type(scene, "12.5.7");  // a second point is not taken
    scene.key(ViewKey::Backspace);
    type(scene, "-");  // the sign flips wherever it is typed
    EXPECT_NEAR(scene.controller().transform()->angle(), -12.5f * kDegree, 1e-5f);
    EXPECT_NE(scene.controller().transform()->describe().find("[-12.5]"), std::string::npos) << scene.controller().transform()->describe();
    scene.key(ViewKey::Escape);
}

TEST(ModalGrab, ADistancePastTheFilesRangeMovesNothingAndSaysSo) {
    ViewportScene scene(figure_2d());
    const Rig before = scene.document().rig();
    scene.controller().select(bone_named(before, "hips"));
    scene.key(ViewKey::G);
    type(scene, "9999999999999999");  // 1e16: past the 1e15 a rig file holds
    EXPECT_EQ(scene.document().rig().pose, before.pose);
    EXPECT_NE(scene.controller().transform()->describe().find("too far"), std::string::npos) << scene.controller().transform()->describe();
    scene.key(ViewKey::Backspace);  // 1e15 - 1: in range again
    EXPECT_NE(scene.document().rig().pose, before.pose);
    scene.key(ViewKey::Escape);
    EXPECT_TRUE(scene.document().rig() == before);
}

TEST(ModalGrab, EscapePutsACarriedPinBack) {
    Rig rig = figure_2d();
    const int forearm = bone_named(rig, "forearm");
    rig.chains[0].pin = tip_in_world(rig, forearm);  // arm: upper_arm -> forearm
    ViewportScene scene(rig);
    scene.controller().select(forearm);
    scene.key(ViewKey::G);
    scene.key(ViewKey::X);
    type(scene, "15");
    ASSERT_NE(*scene.document().rig().chains[0].pin, *rig.chains[0].pin) << "the drag did not carry the pin";
    scene.key(ViewKey::Escape);
    EXPECT_EQ(*scene.document().rig().chains[0].pin, *rig.chains[0].pin);
    EXPECT_TRUE(scene.document().rig() == rig);
    EXPECT_FALSE(scene.history().can_undo());
}

TEST(ModalGrab, AChainEndAtMixZeroIsRefused) {
    Rig rig = figure_2d();
    rig.chains[0].mix = 0.0f;
    ViewportScene scene(rig);
    scene.controller().select(bone_named(rig, "forearm"));
    scene.key(ViewKey::G);
    EXPECT_FALSE(scene.controller().transform().has_value());
    EXPECT_NE(scene.controller().take_message().value_or("").find("mix of 0: R turns its bones"), std::string::npos);
}
