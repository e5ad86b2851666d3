// Mirror and flip from the toolbar as a user does it (issue 20, point 2): on the hero, turn the
// left upper arm with an FK drag, select it, Mirror > Copy to the other side, save; then Mirror >
// Flip pose, save; undo takes each back in one step. Each says what it did in the status bar.

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedMirror, CopyToTheOtherSideAndFlipFromTheToolbarInOneUndoStepEach) {
    const auto dir = scratch_dir("e2e-mirror");
    shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"drag": {"from": {"bone": "arm_l_upper", "at": "middle"}, "to": {"bone": "arm_l_upper", "at": "middle", "offset": [-30, -40]}, "moves": 8}},
        {"click": {"bone": "arm_l_upper", "at": "middle"}},
        {"click": {"ui": "toolbar/pose"}},
        {"wait": 2},
        {"click": {"ui": "mirror/copy"}},
        {"wait": 2},
        {"expect": {"status": "bones to the other side"}},
        {"save": "copied.json"},
        {"click": {"ui": "toolbar/pose"}},
        {"wait": 2},
        {"click": {"ui": "mirror/flip"}},
        {"wait": 2},
        {"expect": {"status": "Flipped the pose"}},
        {"save": "flipped.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig copied = load(dir / "copied.json");
    const auto left = static_cast<std::size_t>(copied.skeleton.find("arm_l_upper"));
    const auto right = static_cast<std::size_t>(copied.skeleton.find("arm_r_upper"));
    const float turned = angle_2d(copied.pose.rotations[left]);
    EXPECT_GT(std::fabs(turned), 0.1f) << "the drag turned the left arm";
    // The body points up, its arms hang from one joint: the right arm turns the other way.
    EXPECT_NEAR(angle_2d(copied.pose.rotations[right]), -turned, 1e-4f);
    const Rig flipped = load(dir / "flipped.json");
    EXPECT_NEAR(angle_2d(flipped.pose.rotations[left]), turned, 1e-4f) << "the right arm's pose, mirrored, is the left's again";
    EXPECT_NEAR(angle_2d(flipped.pose.rotations[right]), -turned, 1e-4f);
    const Rig undone = load(dir / "undone.json");
    EXPECT_EQ(undone.pose, copied.pose) << "one undo step takes the flip back";
    std::filesystem::remove_all(dir);
}

// 3D: Pose > Side axis names the axis the sides mirror across, saved in the rig, one undo step.
TEST(ScriptedMirror, TheSideAxisIsChosenFromThePoseMenuSavedAndUndone) {
    const auto dir = scratch_dir("e2e-side-axis");
    const Rig humanoid = load(std::string(MARIONETTE_ASSETS) + "/humanoid.json");
    ASSERT_TRUE(save_rig_file(humanoid, dir / "humanoid.json").ok());
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/pose"}},
        {"wait": 2},
        {"move": {"ui": "mirror/flip", "offset": [0, 20]}},
        {"wait": 3},
        {"click": {"ui": "mirror/axis/Z"}},
        {"wait": 1},
        {"save": "axis_z.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "humanoid.json")), 0);
    EXPECT_EQ(load(dir / "axis_z.json").side_axis, glm::vec3(0, 0, 1));
    EXPECT_FALSE(load(dir / "undone.json").side_axis.has_value());
    std::filesystem::remove_all(dir);
}

namespace {

// Mirror editing on, `edit` (one script step) on the hero's left forearm, saved as both.json;
// one undo, undone.json; mirror editing off and `edit` again, one.json.
std::string mirror_editing_steps(const std::string& edit) {
    return R"({"steps": [
        {"wait": 2},
        {"pose": "mirror editing"},
        {"wait": 1},
        {"select": ["arm_l_lower"]},
        {"wait": 2},
        )" +
           edit + R"(,
        {"wait": 1},
        {"save": "both.json"},
        {"move": [640, 300]},
        {"wait": 1},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"},
        {"pose": "mirror editing"},
        {"wait": 1},
        )" +
           edit + R"(,
        {"wait": 1},
        {"save": "one.json"}
    ]})";
}

}  // namespace

// Mirror editing (Pose > Mirror editing): a limit taken off a bone in the inspector is taken off
// its twin in the same step; with the option off again, only the bone changes.
TEST(ScriptedMirror, MirrorEditingGivesTheTwinTheSameEdit) {
    const auto dir = scratch_dir("e2e-mirror-editing");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    ASSERT_TRUE(hero.skeleton[static_cast<std::size_t>(hero.skeleton.find("arm_r_lower"))].limits.has_value());
    write_file(dir / "steps.json", mirror_editing_steps(R"({"click": {"ui": "inspector/limits/on"}})"));
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const auto limits = [](const Rig& rig, const char* bone) {
        return rig.skeleton[static_cast<std::size_t>(rig.skeleton.find(bone))].limits.has_value();
    };
    const Rig both = load(dir / "both.json");
    EXPECT_FALSE(limits(both, "arm_l_lower"));
    EXPECT_FALSE(limits(both, "arm_r_lower")) << "the twin kept its limits";
    const Rig undone = load(dir / "undone.json");
    EXPECT_TRUE(limits(undone, "arm_l_lower"));
    EXPECT_TRUE(limits(undone, "arm_r_lower")) << "one undo step takes both back";
    const Rig one = load(dir / "one.json");
    EXPECT_FALSE(limits(one, "arm_l_lower"));
    EXPECT_TRUE(limits(one, "arm_r_lower")) << "mirror editing was off";
    std::filesystem::remove_all(dir);
}

// A rest value dragged in the inspector (the bone's length) with mirror editing on: the twin
// takes it in the same undo step, and a drag with it off leaves the twin as it was.
TEST(ScriptedMirror, MirrorEditingGivesTheTwinADraggedLength) {
    const auto dir = scratch_dir("e2e-mirror-length");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json",
               mirror_editing_steps(
                   R"({"drag": {"from": {"ui": "inspector/length", "offset": [-40, 0]}, "to": {"ui": "inspector/length"}, "moves": 8}})"));
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const auto length = [](const Rig& rig, const char* bone) {
        return rig.skeleton[static_cast<std::size_t>(rig.skeleton.find(bone))].length;
    };
    const float was_l = length(hero, "arm_l_lower");
    const float was_r = length(hero, "arm_r_lower");
    const Rig both = load(dir / "both.json");
    EXPECT_GT(length(both, "arm_l_lower"), was_l + 1.0f) << "the drag did not lengthen the bone";
    EXPECT_EQ(length(both, "arm_r_lower"), length(both, "arm_l_lower")) << "the twin did not take the length";
    const Rig undone = load(dir / "undone.json");
    EXPECT_EQ(length(undone, "arm_l_lower"), was_l);
    EXPECT_EQ(length(undone, "arm_r_lower"), was_r) << "one undo step takes both back";
    const Rig one = load(dir / "one.json");
    EXPECT_GT(length(one, "arm_l_lower"), was_l + 1.0f);
    EXPECT_EQ(length(one, "arm_r_lower"), was_r) << "mirror editing was off";
    std::filesystem::remove_all(dir);
}
