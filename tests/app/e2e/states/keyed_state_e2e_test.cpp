// A keyed state played in the real window (issue 17, point 3): the arm's "wave" repeats itself
// exactly one length later while it loops, and once "loop" is cleared in the state panel it
// holds its last key (the arm's own pose) and the file says so.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;


TEST(ScriptedKeyedState, LoopsOneLengthLaterAndHoldsItsLastKeyWhenNotLooping) {
    const auto dir = scratch_dir("e2e-keyed-state");
    const std::string arm = std::string(MARIONETTE_ASSETS) + "/arm.json";
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    // wave is 1.2 s long: 72 frames at the scripted 60 a second (each step takes a frame: two
    // waits of 35 and two screenshots). The transition into it (0.5 s) is over before the first shot.
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/wave"}},
        {"wait": 90},
        {"screenshot": ")" + shot("a.png") +
                                       R"("},
        {"wait": 35},
        {"screenshot": ")" + shot("half.png") +
                                       R"("},
        {"wait": 35},
        {"screenshot": ")" + shot("a_again.png") +
                                       R"("},
        {"click": {"ui": "timeline/loop"}},
        {"wait": 150},
        {"screenshot": ")" + shot("held.png") +
                                       R"("},
        {"wait": 30},
        {"screenshot": ")" + shot("held_later.png") +
                                       R"("},
        {"save": "held.json"},
        {"click": {"ui": "states/rig pose"}},
        {"wait": 60},
        {"screenshot": ")" + shot("rig_pose.png") +
                                       R"("}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + arm)), 0);

    const Image rig_pose = load_png(dir / "rig_pose.png");
    const Image a = load_png(dir / "a.png");
    const Image half = load_png(dir / "half.png");
    const Image a_again = load_png(dir / "a_again.png");
    const Image held = load_png(dir / "held.png");
    const Image held_later = load_png(dir / "held_later.png");
    ASSERT_EQ(a.width, 1280);

    EXPECT_EQ(viewport_differences(a, a_again), 0) << "a loop later, the same pose";
    EXPECT_GT(viewport_differences(a, half), 2000) << "half a loop later, another pose";
    EXPECT_EQ(viewport_differences(held, held_later), 0) << "not looping: held";
    // Its last keys are the arm's own pose (0 degrees, scale 1).
    EXPECT_EQ(viewport_differences(held, rig_pose), 0) << "held on the last key";

    const Rig saved = load(dir / "held.json");
    ASSERT_EQ(saved.states.size(), 1u);
    EXPECT_FALSE(saved.states[0].loop);
    EXPECT_EQ(saved.states[0].tracks, load(arm).states[0].tracks) << "the keys are as they were";
}
