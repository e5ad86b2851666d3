// Key presses shorter than a frame, as a quick hand makes them: the key and its modifier go down
// and up between two frames (the script's key_quick). They used to be lost: ImGui 1.86 reads a
// key as the state at frame time, and the viewport read Ctrl as SDL held it after the batch.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

// A 6 ms Ctrl+Z undoes an FK turn; a quick Return in Save As saves.
TEST(ScriptedQuickKeys, AQuickCtrlZUndoesAndAQuickReturnSaves) {
    const auto dir = scratch_dir("e2e-quick-keys");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"drag": {"from": {"bone": "arm_l_upper", "at": "middle"}, "to": {"bone": "arm_l_upper", "at": "middle", "offset": [-30, -40]}, "moves": 8}},
        {"wait": 1},
        {"expect": {"modified": true}},
        {"key_quick": "ctrl+z"},
        {"wait": 2},
        {"key_quick": "ctrl+shift+s"},
        {"wait": 2},
        {"expect": {"dialog": "file chooser"}},
        {"key": "ctrl+a"},
        {"text": "quick.json"},
        {"key_quick": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    EXPECT_EQ(load(dir / "quick.json").pose, hero.pose) << "the undone turn was saved";
}
