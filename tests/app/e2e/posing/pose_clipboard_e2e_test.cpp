// Copy and paste a pose and the pose library as a user does it (issue 20, point 3), in the real
// window: two editors on one X display, the first copying its posed left arm with Ctrl+C, the
// second pasting it with Ctrl+V and, flipped, onto its right arm with Ctrl+Shift+V; then the
// pose library's Store pose, Reset pose and Apply, each one undo step.

#include <cmath>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedPoseClipboard, APoseCopiedInOneEditorPastesIntoAnotherAsItWasAndFlipped) {
    const auto dir = scratch_dir("e2e-pose-clipboard");
    Rig hero = load(std::string(MARIONETTE_ASSETS) + "/hero.json");
    hero.pose = Pose::rest(hero.skeleton.size());
    ASSERT_TRUE(save_rig_file(hero, dir / "a.json").ok());
    ASSERT_TRUE(save_rig_file(hero, dir / "b.json").ok());
    // The first editor poses and copies its left arm, then stays open (its window owns the
    // clipboard) until the second has pasted.
    write_file(dir / "copy.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"drag": {"from": {"bone": "arm_l_upper", "at": "middle"}, "to": {"bone": "arm_l_upper", "at": "middle", "offset": [40, -30]}, "moves": 8}},
        {"drag": {"from": {"bone": "arm_l_lower", "at": "middle"}, "to": {"bone": "arm_l_lower", "at": "middle", "offset": [-20, -25]}, "moves": 8}},
        {"click": {"bone": "arm_l_upper", "at": "middle"}},
        {"key": "]"},
        {"expect": {"selected": ["arm_l_upper", "arm_l_lower"]}},
        {"key": "ctrl+c"},
        {"wait": 1},
        {"save": "a_posed.json"},
        {"wait_for_file": {"path": "b_done.json", "seconds": 120}}
    ]})");
    write_file(dir / "paste.json", R"({"steps": [
        {"wait_for_file": {"path": "a_posed.json", "seconds": 120}},
        {"wait": 2},
        {"move": [610, 400]},
        {"key": "ctrl+v"},
        {"wait": 1},
        {"save": "b_pasted.json"},
        {"key": "ctrl+z"},
        {"key": "ctrl+shift+v"},
        {"wait": 1},
        {"save": "b_done.json"}
    ]})");
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    const std::string editor = std::string(MARIONETTE_BINARY) + " --window 1280x800 --script ";
    const std::string both = env + editor + (dir / "copy.json").string() + " " + (dir / "a.json").string() + " & a=$!; " + env + editor +
                             (dir / "paste.json").string() + " " + (dir / "b.json").string() + "; b=$?; wait $a; exit $(( $? * 16 + b ))";
    ASSERT_EQ(run(xvfb_run() + "sh -c '" + both + "'"), 0);

    const Rig posed = load(dir / "a_posed.json");
    ASSERT_GT(std::fabs(pose_angle_2d(posed, "arm_l_upper")), 0.1f) << "the first editor's drag turned nothing";
    const Rig pasted = load(dir / "b_pasted.json");
    for (const char* bone : {"arm_l_upper", "arm_l_lower"})
        EXPECT_NEAR(pose_angle_2d(pasted, bone), pose_angle_2d(posed, bone), 1e-4f) << bone;
    for (const char* bone : {"arm_r_upper", "arm_r_lower", "body"}) EXPECT_NEAR(pose_angle_2d(pasted, bone), 0.0f, 1e-6f) << bone;
    // Flipped (after undoing the plain paste): the right arm as Copy to the other side makes it.
    // The hero's body points up and its arms hang from one joint: mirrored, each turn reverses.
    const Rig flipped = load(dir / "b_done.json");
    EXPECT_NEAR(pose_angle_2d(flipped, "arm_r_upper"), -pose_angle_2d(posed, "arm_l_upper"), 1e-4f);
    EXPECT_NEAR(pose_angle_2d(flipped, "arm_r_lower"), -pose_angle_2d(posed, "arm_l_lower"), 1e-4f);
    for (const char* bone : {"arm_l_upper", "arm_l_lower"})
        EXPECT_NEAR(pose_angle_2d(flipped, bone), 0.0f, 1e-6f) << bone << ": the undo did not take the paste back";
    std::filesystem::remove_all(dir);
}

TEST(ScriptedPoseLibrary, StorePoseResetAndApplyAreOneStepEachAndTheLibraryIsSaved) {
    const auto dir = scratch_dir("e2e-pose-library");
    shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"drag": {"from": {"bone": "leg_l_upper", "at": "middle"}, "to": {"bone": "leg_l_upper", "at": "middle", "offset": [40, -10]}, "moves": 8}},
        {"click": [900, 120]},
        {"click": {"ui": "poses/store"}},
        {"wait": 1},
        {"click": {"ui": "toolbar/reset pose"}},
        {"wait": 1},
        {"save": "reset.json"},
        {"click": {"ui": "poses/pose/apply"}},
        {"wait": 1},
        {"save": "applied.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig reset = load(dir / "reset.json");
    ASSERT_EQ(reset.poses.size(), 1u);
    EXPECT_EQ(reset.poses[0].name, "pose");
    EXPECT_EQ(reset.poses[0].bones.size(), reset.skeleton.size()) << "nothing selected: every bone is stored";
    EXPECT_NEAR(pose_angle_2d(reset, "leg_l_upper"), 0.0f, 1e-6f);
    const Rig applied = load(dir / "applied.json");
    EXPECT_GT(std::fabs(pose_angle_2d(applied, "leg_l_upper")), 0.1f) << "Apply did not bring the stored pose back";
    EXPECT_NEAR(pose_angle_2d(applied, "leg_l_upper"),
                angle_2d(reset.poses[0].bones[static_cast<std::size_t>(reset.skeleton.find("leg_l_upper"))].rotation), 1e-5f);
    EXPECT_NEAR(pose_angle_2d(load(dir / "undone.json"), "leg_l_upper"), 0.0f, 1e-6f) << "one undo takes the apply back";
    std::filesystem::remove_all(dir);
}

// The library keeps the outliner's foot: with Io's thirteen bones, its chains, draw order and
// states at 1.5x, the tree scrolls and "Store pose" is still there to click (it was under the
// window's bottom edge, past the tree).
TEST(ScriptedPoseLibrary, StorePoseStaysInViewUnderALongTreeAtOneAndAHalfTimes) {
    const auto dir = scratch_dir("e2e-pose-library-scaled");
    shipped_at_rest(dir, "io.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "poses/store"}},
        {"wait": 1},
        {"click": {"ui": "poses/store"}},
        {"wait": 1},
        {"click": {"ui": "poses/pose/apply"}},
        {"wait": 1},
        {"save": "stored.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --ui-scale 1.5 --script " + (dir / "steps.json").string() + " " + (dir / "io.json").string())),
              0);
    const Rig stored = load(dir / "stored.json");
    ASSERT_EQ(stored.poses.size(), 2u);
    EXPECT_EQ(stored.poses[0].name, "pose");
}
