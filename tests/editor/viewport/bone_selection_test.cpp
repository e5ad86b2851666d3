// Selecting several bones: the selection itself, what the viewport's clicks, boxes, Alt-clicks
// and keys do to it, and an FK drag that turns every selected bone.

#include "editor/viewport/bone_selection.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/math/rotation_math.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/viewport/picking.hpp"
#include "editor/viewport/viewport_scene.hpp"

namespace marionette {
namespace {

using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::ViewportScene;

Rig hero() { return load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json").value(); }

std::vector<int> bones_of(const Rig& rig, std::initializer_list<const char*> names) {
    std::vector<int> out;
    for (const char* n : names) out.push_back(bone_named(rig, n));
    std::sort(out.begin(), out.end());
    return out;
}

// ---- the selection ------------------------------------------------------------------------

TEST(BoneSelection, ToggleAddsAndRemovesAndTheActiveOnePassesBack) {
    BoneSelection s;
    s.set(4);
    s.toggle(1);
    s.toggle(6);
    EXPECT_EQ(s.bones(), (std::vector<int>{1, 4, 6}));
    EXPECT_EQ(s.active(), 6);
    s.toggle(6);  // the active one leaves: the one that joined before it is active
    EXPECT_EQ(s.active(), 1);
    s.toggle(4);
    EXPECT_EQ(s.active(), 1);
    s.toggle(1);
    EXPECT_TRUE(s.empty());
    EXPECT_EQ(s.active(), -1);
    s.toggle(-1);  // nothing
    EXPECT_TRUE(s.empty());
}

TEST(BoneSelection, SetWithAnActiveBoneKeepsItActiveAndIgnoresRepeatsAndNegatives) {
    BoneSelection s;
    const int bones[] = {5, 2, -3, 5, 9};
    s.set(bones, 9);
    EXPECT_EQ(s.bones(), (std::vector<int>{2, 5, 9}));
    EXPECT_EQ(s.active(), 9);
    s.set(bones, 7);  // not among them: the first
    EXPECT_EQ(s.active(), 5);
    s.set(-1);
    EXPECT_TRUE(s.empty());
}

TEST(BoneSelection, AddingKeepsTheActiveBone) {
    BoneSelection s;
    s.set(3);
    const int more[] = {0, 6};
    s.add(more);
    EXPECT_EQ(s.bones(), (std::vector<int>{0, 3, 6}));
    EXPECT_EQ(s.active(), 3);
    s.toggle(3);  // the active one goes: the last to join takes over
    EXPECT_EQ(s.active(), 6);
}

TEST(BoneSelection, KeepWithinDropsBonesAnUndoTookAway) {
    BoneSelection s;
    const int bones[] = {1, 5, 8};
    s.set(bones, 8);
    s.keep_within(6);
    EXPECT_EQ(s.bones(), (std::vector<int>{1, 5}));
    EXPECT_EQ(s.active(), 5);
    s.keep_within(0);
    EXPECT_TRUE(s.empty());
    EXPECT_EQ(s.active(), -1);
}

TEST(BoneSelection, ChildrenAddsWholeSubtreesAndAllSelectsEveryBone) {
    const Rig rig = figure_2d();
    BoneSelection s;
    s.set(bone_named(rig, "spine"));
    s.apply(SelectCommand::Children, rig.skeleton);
    EXPECT_EQ(s.bones(), bones_of(rig, {"spine", "upper_arm", "forearm", "hand"}));
    EXPECT_EQ(s.active(), bone_named(rig, "spine"));
    s.apply(SelectCommand::All, rig.skeleton);
    EXPECT_EQ(s.size(), rig.skeleton.size());
    EXPECT_EQ(s.active(), bone_named(rig, "spine"));
    s.apply(SelectCommand::None, rig.skeleton);
    EXPECT_TRUE(s.empty());
}

TEST(BoneSelection, MirrorSwapsEachBoneForItsTwinAndKeepsTheMiddle) {
    const Rig rig = hero();
    BoneSelection s;
    const std::vector<int> left = bones_of(rig, {"arm_l_upper", "leg_l_lower", "body"});
    s.set(left, bone_named(rig, "leg_l_lower"));
    s.apply(SelectCommand::Mirror, rig.skeleton);
    EXPECT_EQ(s.bones(), bones_of(rig, {"arm_r_upper", "leg_r_lower", "body"}));
    EXPECT_EQ(s.active(), bone_named(rig, "leg_r_lower"));
    s.apply(SelectCommand::Mirror, rig.skeleton);
    EXPECT_EQ(s.bones(), left);
}

// ---- picking several ----------------------------------------------------------------------

TEST(BonesInBox, ABoxTakesTheBonesItsLinesCrossEvenWithBothEndsOutside) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const glm::vec2 middle = scene.on_bone("spine", 0.5f);
    // A small box on the spine's middle: neither end of it is inside.
    const std::vector<int> in = bones_in_box(rig.skeleton, rig.pose, world, scene.controller().camera(), scene.view(),
                                             middle - glm::vec2(3.0f), middle + glm::vec2(3.0f));
    EXPECT_EQ(in, std::vector<int>{bone_named(rig, "spine")});
    // Corners given either way round.
    EXPECT_EQ(bones_in_box(rig.skeleton, rig.pose, world, scene.controller().camera(), scene.view(), middle + glm::vec2(3.0f),
                           middle - glm::vec2(3.0f)),
              in);
    EXPECT_TRUE(bones_in_box(rig.skeleton, rig.pose, world, scene.controller().camera(), scene.view(), {1, 1}, {4, 4}).empty());
    // The whole view: every bone.
    EXPECT_EQ(bones_in_box(rig.skeleton, rig.pose, world, scene.controller().camera(), scene.view(), {0, 0}, {800, 600}).size(),
              rig.skeleton.size());
}

TEST(BonesUnder, AJointSharedByAParentAndItsChildHasBoth) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const std::vector<int> under =
        bones_under(rig.skeleton, rig.pose, world, scene.controller().camera(), scene.view(), scene.on_bone("forearm", 0.0f), 8.0f);
    EXPECT_NE(std::find(under.begin(), under.end(), bone_named(rig, "forearm")), under.end());
    EXPECT_NE(std::find(under.begin(), under.end(), bone_named(rig, "upper_arm")), under.end());
}

// ---- the viewport -------------------------------------------------------------------------

TEST(ViewportSelection, CtrlOrShiftClickAddsAndRemovesAndRecordsNoStep) {
    for (const Modifiers held : {Modifiers{.ctrl = true}, Modifiers{.shift = true}}) {
        ViewportScene scene(figure_2d());
        const Rig& rig = scene.document().rig();
        scene.click(scene.on_bone("spine", 0.5f));
        scene.click(scene.on_bone("thigh", 0.5f), held);
        scene.click(scene.on_bone("forearm", 0.5f), held);
        EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"spine", "thigh", "forearm"}));
        EXPECT_EQ(scene.controller().selected(), bone_named(rig, "forearm"));
        scene.click(scene.on_bone("thigh", 0.5f), held);
        EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"spine", "forearm"}));
        EXPECT_FALSE(scene.history().can_undo());
        // A plain click selects one bone again.
        scene.click(scene.on_bone("shin", 0.5f));
        EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"shin"}));
    }
}

TEST(ViewportSelection, ADragOnEmptySpaceSelectsWhatTheBoxTouchesAndAClickThereDeselects) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    const Rig before = rig;
    // A box around the leg only, from empty space.
    const glm::vec2 a = scene.on_bone("thigh", 0.3f);
    const glm::vec2 b = scene.on_bone("shin", 0.7f);
    const glm::vec2 lo = glm::min(a, b) - glm::vec2(4.0f);
    const glm::vec2 hi = glm::max(a, b) + glm::vec2(4.0f);
    ASSERT_TRUE(bones_under(rig.skeleton, rig.pose, compute_world(rig.skeleton, rig.pose).value(), scene.controller().camera(),
                            scene.view(), {hi.x + 30.0f, hi.y + 30.0f}, 8.0f)
                    .empty());
    scene.drag({hi.x + 30.0f, hi.y + 30.0f}, lo);
    const std::vector<int> leg = bones_of(rig, {"thigh", "shin"});
    const std::vector<int>& got = scene.controller().selection().bones();
    for (const int bone : leg)
        EXPECT_NE(std::find(got.begin(), got.end(), bone), got.end()) << rig.skeleton[static_cast<std::size_t>(bone)].name;
    EXPECT_EQ(std::find(got.begin(), got.end(), bone_named(rig, "forearm")), got.end());
    EXPECT_TRUE(scene.document().rig() == before);
    // With Ctrl, a box adds: the forearm's middle.
    const glm::vec2 f = scene.on_bone("forearm", 0.5f);
    scene.drag(f + glm::vec2(-3.0f, 12.0f), f + glm::vec2(3.0f, -12.0f), 10, Modifiers{.ctrl = true});
    EXPECT_NE(
        std::find(scene.controller().selection().bones().begin(), scene.controller().selection().bones().end(), bone_named(rig, "forearm")),
        scene.controller().selection().bones().end());
    EXPECT_GE(scene.controller().selection().size(), 3u);
    // A click on empty space: nothing.
    scene.click({hi.x + 30.0f, hi.y + 30.0f});
    EXPECT_TRUE(scene.controller().selection().empty());
    EXPECT_FALSE(scene.history().can_undo());
}

TEST(ViewportSelection, AnFkDragTurnsEverySelectedBoneByTheSameAngleInOneStep) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Fk);
    const Rig before = scene.document().rig();
    const int thigh = bone_named(before, "thigh");
    const int forearm = bone_named(before, "forearm");
    const int spine = bone_named(before, "spine");
    scene.click(scene.on_bone("forearm", 0.5f));
    scene.click(scene.on_bone("thigh", 0.5f), Modifiers{.shift = true});
    // Dragging the thigh's tip a quarter turn round its joint.
    const glm::vec2 joint = scene.on_bone("thigh", 0.0f);
    const glm::vec2 tip = scene.on_bone("thigh", 1.0f);
    const glm::vec2 r = tip - joint;
    scene.drag(tip, joint + glm::vec2(r.y, -r.x) * 0.5f, 20);
    const Rig& after = scene.document().rig();
    const float thigh_turn = wrap_angle(angle_2d(after.pose.rotations[static_cast<std::size_t>(thigh)]) -
                                        angle_2d(before.pose.rotations[static_cast<std::size_t>(thigh)]));
    const float forearm_turn = wrap_angle(angle_2d(after.pose.rotations[static_cast<std::size_t>(forearm)]) -
                                          angle_2d(before.pose.rotations[static_cast<std::size_t>(forearm)]));
    EXPECT_GT(std::fabs(thigh_turn), 0.5f);
    // The forearm's limits [-30, 130] leave room for a quarter turn up from its 20 degrees.
    EXPECT_NEAR(forearm_turn, thigh_turn, 1e-4f);
    EXPECT_TRUE(after.pose.rotations[static_cast<std::size_t>(spine)] == before.pose.rotations[static_cast<std::size_t>(spine)]);
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_EQ(scene.history().undo_label(), "Rotate 2 bones");
    scene.key(ViewKey::Z, Modifiers{.ctrl = true});
    EXPECT_TRUE(scene.document().rig() == before);
    // Both stay selected through the drag.
    EXPECT_EQ(scene.controller().selection().size(), 2u);
}

TEST(ViewportSelection, AClickWithoutMovingOnOneOfSeveralSelectedKeepsOnlyIt) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    scene.key(ViewKey::A);
    ASSERT_EQ(scene.controller().selection().size(), rig.skeleton.size());
    scene.click(scene.on_bone("shin", 0.5f));
    EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"shin"}));
    EXPECT_FALSE(scene.history().can_undo());
}

TEST(ViewportSelection, AltClickCyclesThroughTheBonesUnderThePointer) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    const glm::vec2 elbow = scene.on_bone("forearm", 0.0f);
    const std::vector<int> under = bones_under(rig.skeleton, rig.pose, compute_world(rig.skeleton, rig.pose).value(),
                                               scene.controller().camera(), scene.view(), elbow, 8.0f);
    ASSERT_GE(under.size(), 2u);
    std::vector<int> seen;
    for (std::size_t i = 0; i < under.size() + 1; ++i) {
        scene.click(elbow, Modifiers{.alt = true});
        ASSERT_EQ(scene.controller().selection().size(), 1u);
        seen.push_back(scene.controller().selected());
    }
    // Each bone under it once, then round again.
    std::vector<int> first(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(under.size()));
    std::sort(first.begin(), first.end());
    std::vector<int> expected = under;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(first, expected);
    EXPECT_EQ(seen.back(), seen.front());
    EXPECT_FALSE(scene.history().can_undo());
}

TEST(ViewportSelection, In3DAnAltDragOrbitsAndAnAltClickCycles) {
    ViewportScene scene(figure_3d());
    const Rig& rig = scene.document().rig();
    const glm::vec2 wrist = scene.on_bone("hand", 0.0f);
    const ViewCamera camera = scene.controller().camera();
    scene.drag(wrist, wrist + glm::vec2(60.0f, 10.0f), 10, Modifiers{.alt = true});
    EXPECT_FALSE(scene.controller().camera().view_direction() == camera.view_direction()) << "the drag did not orbit";
    EXPECT_TRUE(scene.controller().selection().empty());
    const glm::vec2 at = scene.on_bone("hand", 0.0f);
    const std::vector<int> under = bones_under(rig.skeleton, rig.pose, compute_world(rig.skeleton, rig.pose).value(),
                                               scene.controller().camera(), scene.view(), at, 8.0f);
    ASSERT_FALSE(under.empty());
    scene.click(at, Modifiers{.alt = true});
    EXPECT_EQ(scene.controller().selected(), under.front());
    EXPECT_FALSE(scene.history().can_undo());
}

TEST(ViewportSelection, KeysSelectAllNoneChildrenAndTheMirror) {
    ViewportScene scene(hero());
    const Rig& rig = scene.document().rig();
    scene.click(scene.on_bone("arm_l_upper", 0.5f));
    scene.key(ViewKey::BracketRight);
    EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"arm_l_upper", "arm_l_lower"}));
    scene.key(ViewKey::M, Modifiers{.ctrl = true, .shift = true});
    EXPECT_EQ(scene.controller().selection().bones(), bones_of(rig, {"arm_r_upper", "arm_r_lower"}));
    scene.key(ViewKey::A);
    EXPECT_EQ(scene.controller().selection().size(), rig.skeleton.size());
    scene.key(ViewKey::A, Modifiers{.alt = true});
    EXPECT_TRUE(scene.controller().selection().empty());
    scene.key(ViewKey::A);
    scene.key(ViewKey::Escape);
    EXPECT_TRUE(scene.controller().selection().empty());
}

TEST(ViewportSelection, In3DEverySelectedBoneTurnsByTheGrabbedBonesTurnInItsOwnFrame) {
    // As fingers curl: the chest and its child the head turn together, each about its own
    // joint, the head by the same turn on top of the chest's.
    ViewportScene scene(figure_3d());
    scene.controller().set_mode(PoseMode::Fk);
    const Rig before = scene.document().rig();
    const auto head = static_cast<std::size_t>(bone_named(before, "head"));
    const auto chest = static_cast<std::size_t>(bone_named(before, "chest"));
    scene.click(scene.on_bone("head", 0.5f));
    scene.click(scene.on_bone("chest", 0.5f), Modifiers{.ctrl = true});
    ASSERT_EQ(scene.controller().selection().size(), 2u);
    const glm::vec2 tip = scene.on_bone("head", 1.0f);
    scene.drag(tip, tip + glm::vec2(40.0f, 25.0f), 12);
    const Rig& after = scene.document().rig();
    // Each bone's world turn, measured with its parent's turn taken out, is the same rotation.
    const std::vector<Transform> w0 = compute_world(before.skeleton, before.pose).value();
    const std::vector<Transform> w1 = compute_world(after.skeleton, after.pose).value();
    const auto own_turn = [&](std::size_t b) {
        const int p = before.skeleton[b].parent;
        const glm::quat parent_turn =
            p < 0 ? glm::quat(1, 0, 0, 0)
                  : w1[static_cast<std::size_t>(p)].rotation * glm::inverse(w0[static_cast<std::size_t>(p)].rotation);
        return glm::inverse(parent_turn) * w1[b].rotation * glm::inverse(w0[b].rotation);
    };
    const glm::quat head_turn = own_turn(head);
    const glm::quat chest_turn = own_turn(chest);
    EXPECT_GT(rotation_angle(head_turn), 0.1f);
    EXPECT_LT(rotation_angle(glm::inverse(head_turn) * chest_turn), 1e-3f);
    EXPECT_EQ(scene.history().undo_label(), "Rotate 2 bones");
}

}  // namespace
}  // namespace marionette
