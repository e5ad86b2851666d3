// Keying a walk in the timeline, as an animator would (issue 17, point 9): a new state, two
// poses keyed with auto-key at 0 and 0.5 s, played, then switched away and back in the middle
// of the blend, and saved. The file holds the keys; the pictures show the state playing and
// the blends never jumping.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedKeyedWalk, KeyTwoPosesPlayThemSwitchMidBlendAndSave) {
    const auto dir = scratch_dir("e2e-keyed-walk");
    const std::string hero = std::string(MARIONETTE_ASSETS) + "/hero.json";
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/new"}},
        {"wait": 30},
        {"move": {"ui": "states/tab/timeline"}},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 2},
        {"click": {"ui": "timeline/auto-key"}},
        {"click": {"ui": "timeline/start"}},
        {"wait": 2},
        {"drag": {"from": {"bone": "leg_l_upper", "at": "middle"}, "to": {"bone": "leg_l_upper", "at": "middle", "offset": [40, 0]}, "moves": 8}},
        {"wait": 2},
        {"click": {"ui": "timeline/ruler", "offset": [0, 0]}},
        {"wait": 2},
        {"drag": {"from": {"bone": "leg_l_upper", "at": "middle"}, "to": {"bone": "leg_l_upper", "at": "middle", "offset": [-60, 0]}, "moves": 8}},
        {"wait": 2},
        {"click": {"ui": "timeline/play"}},
        {"wait": 7},
        {"screenshot": ")" + shot("playing_a.png") +
                                       R"("},
        {"wait": 9},
        {"screenshot": ")" + shot("playing_b.png") +
                                       R"("},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 8},
        {"click": {"ui": "states/list/state"}},
        {"wait": 60},
        {"save": "walk.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + hero)), 0);
    const Rig original = load(hero);
    const Rig saved = load(dir / "walk.json");
    ASSERT_EQ(saved.states.size(), original.states.size() + 1);
    const State& walk = saved.states.back();
    EXPECT_EQ(walk.name, "state");
    EXPECT_TRUE(walk.loop);
    const int thigh = track_driving(walk, saved.skeleton.find("leg_l_upper"), PoseProperty::Rotation);
    ASSERT_GE(thigh, 0) << "the dragged thigh was keyed";
    const std::vector<Key>& keys = walk.tracks[static_cast<std::size_t>(thigh)].keys;
    ASSERT_EQ(keys.size(), 2u);
    EXPECT_EQ(keys[0].time, 0.0f);
    EXPECT_GT(keys[1].time, 0.0f);
    EXPECT_NEAR(keys[1].time * 30.0f, std::round(keys[1].time * 30.0f), 1e-3f) << "on a frame";
    EXPECT_GT(std::fabs(keys[1].angle - keys[0].angle), 0.1f) << "two different poses";
    EXPECT_EQ(saved.pose, original.pose) << "auto-key left the rig's own pose alone";
    // Playing, the thigh swings between its keys: two moments differ.
    EXPECT_GT(viewport_differences(load_png(dir / "playing_a.png"), load_png(dir / "playing_b.png")), 100);
}
