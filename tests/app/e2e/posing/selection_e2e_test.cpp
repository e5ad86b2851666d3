// Selecting several bones as a user does it (issue 20, point 1), in the real window: on the
// hero, click one arm, Shift-click a leg, FK-drag the arm and both turn by one angle in one undo
// step; Select > All from the toolbar; Alt+A; a box drawn on empty space over the shins.

#include <cmath>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedSelection, ShiftClickThenAnFkDragTurnsBothAndTheMenuKeysAndBoxSelect) {
    const auto dir = scratch_dir("e2e-selection");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"click": {"bone": "arm_l_upper", "at": "middle"}},
        {"click": {"at": {"bone": "leg_l_upper", "at": "middle"}, "with": "shift"}},
        {"expect": {"selected": ["arm_l_upper", "leg_l_upper"]}},
        {"drag": {"from": {"bone": "arm_l_upper", "at": "middle"}, "to": {"bone": "arm_l_upper", "at": "middle", "offset": [30, -20]}, "moves": 8}},
        {"expect": {"selected": ["arm_l_upper", "leg_l_upper"]}},
        {"save": "turned.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"},
        {"click": {"ui": "toolbar/select"}},
        {"wait": 2},
        {"click": {"ui": "select/all"}},
        {"wait": 1},
        {"expect": {"selected": ["body", "head", "arm_l_upper", "arm_l_lower", "arm_r_upper", "arm_r_lower",
                                 "leg_l_upper", "leg_l_lower", "leg_r_upper", "leg_r_lower"]}},
        {"key": "alt+a"},
        {"expect": {"selected": []}},
        {"drag": {"from": [680, 760], "to": [500, 620], "moves": 6}},
        {"wait": 1},
        {"expect": {"selected": ["leg_l_lower", "leg_r_lower"]}},
        {"click": {"at": [680, 760], "with": "ctrl"}},
        {"expect": {"selected": ["leg_l_lower", "leg_r_lower"]}},
        {"click": [680, 760]},
        {"expect": {"selected": []}}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig turned = load(dir / "turned.json");
    const auto arm = static_cast<std::size_t>(turned.skeleton.find("arm_l_upper"));
    const auto leg = static_cast<std::size_t>(turned.skeleton.find("leg_l_upper"));
    const float arm_turn = angle_2d(turned.pose.rotations[arm]);
    EXPECT_GT(std::fabs(arm_turn), 0.1f) << "the drag turned the arm";
    EXPECT_NEAR(angle_2d(turned.pose.rotations[leg]), arm_turn, 1e-4f) << "the selected leg turned with it";
    for (const char* still : {"body", "arm_r_upper", "leg_r_upper", "arm_l_lower"}) {
        EXPECT_NEAR(pose_angle_2d(turned, still), 0.0f, 1e-6f) << still;
    }
    EXPECT_EQ(load(dir / "undone.json").pose, hero.pose) << "one undo step takes both turns back";
    std::filesystem::remove_all(dir);
}

// The script's select step: bones chosen by name, the last active; a name that is no bone fails
// the script, naming it.
TEST(ScriptedSelection, ASelectStepChoosesBonesByNameForAGroupDrag) {
    const auto dir = scratch_dir("e2e-select-step");
    shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"select": ["leg_r_upper", "arm_r_lower"]},
        {"expect": {"selected": "arm_r_lower"}},
        {"expect": {"selected": ["arm_r_lower", "leg_r_upper"]}},
        {"drag": {"from": {"bone": "arm_r_lower", "at": "middle"}, "to": {"bone": "arm_r_lower", "at": "middle", "offset": [30, -30]}, "moves": 8}},
        {"save": "turned.json"},
        {"select": []},
        {"expect": {"selected": []}},
        {"select": ["tail"]}
    ]})");
    EXPECT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "hero.json").string() + " 2> " +
                       (dir / "err.txt").string())),
              1);
    EXPECT_NE(read_file(dir / "err.txt").find("step 10 (select): \"tail\" is not a bone of this rig"), std::string::npos)
        << read_file(dir / "err.txt");
    const Rig turned = load(dir / "turned.json");
    const float arm = pose_angle_2d(turned, "arm_r_lower");
    EXPECT_GT(std::fabs(arm), 0.1f);
    // The thigh's limits (-50 to 110 degrees) leave it room for the forearm's turn.
    EXPECT_NEAR(pose_angle_2d(turned, "leg_r_upper"), arm, 1e-4f);
    std::filesystem::remove_all(dir);
}

// A floating window (the Help window, F1) takes the mouse over the viewport as the panels do: a
// click on its About tab leaves the selection behind it alone, and a drag inside it neither
// poses the bones under it (the hero's left shin lies behind it at 1280x800) nor draws a
// selection box.
TEST(ScriptedSelection, TheHelpWindowTakesTheMouseOverTheViewport) {
    const auto dir = scratch_dir("e2e-help-over-viewport");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"select": ["arm_r_lower"]},
        {"key": "F1"},
        {"wait": 2},
        {"click": {"ui": "help/about"}},
        {"wait": 1},
        {"expect": {"selected": "arm_r_lower"}},
        {"drag": {"from": {"bone": "leg_l_lower", "at": "middle"}, "to": {"bone": "leg_l_lower", "at": "middle", "offset": [80, -60]}, "moves": 8}},
        {"wait": 1},
        {"drag": {"from": {"ui": "help/about", "offset": [120, 40]}, "to": {"ui": "help/about", "offset": [-60, 120]}, "moves": 8}},
        {"wait": 1},
        {"expect": {"selected": "arm_r_lower"}},
        {"expect": {"modified": false}},
        {"screenshot": "help.png"},
        {"save": "after.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    EXPECT_EQ(load(dir / "after.json").pose, hero.pose) << "a drag inside the Help window posed the bones behind it";
    std::filesystem::remove_all(dir);
}

namespace {

// Pixels of the viewport (between the outliner and the inspector at 1280x800) in the selected
// bone's orange fill.
int selected_orange(const Image& shot) {
    int n = 0;
    for (int y = 40; y < 760; ++y) {
        for (int x = 250; x < 970; ++x) {
            const unsigned char* p = shot.at(x, y);
            n += p[0] > 225 && p[1] > 90 && p[1] < 150 && p[2] < 100;
        }
    }
    return n;
}

}  // namespace

// A bone picked in the outliner shows in the viewport even where pictures cover it: Io's left
// arm lies under its picture, and the selected bone is drawn again over the pictures.
TEST(ScriptedSelection, ABoneSelectedInTheOutlinerShowsOverThePictures) {
    const auto dir = scratch_dir("e2e-selection-over-pictures");
    shipped_at_rest(dir, "io.json");
    std::filesystem::copy(std::string(MARIONETTE_ASSETS) + "/io", dir / "io", std::filesystem::copy_options::recursive);
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"screenshot": "none.png"},
        {"click": {"ui": "outliner/arm_l_upper"}},
        {"wait": 2},
        {"expect": {"selected": "arm_l_upper"}},
        {"screenshot": "arm.png"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "io.json")), 0);
    EXPECT_LT(selected_orange(load_png(dir / "none.png")), 20) << "orange before anything was selected";
    EXPECT_GT(selected_orange(load_png(dir / "arm.png")), 150) << "the selected arm is not seen";
}
