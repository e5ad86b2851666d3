// "Bake to keys" in the real window (issue 17, point 6): the hero's walking baked from the state
// panel becomes a keyed state that shows, frame for frame, what walking shows.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;


TEST(ScriptedBake, WalkingBakedToKeysShowsWhatWalkingShows) {
    const auto dir = scratch_dir("e2e-bake");
    const std::string hero = std::string(MARIONETTE_ASSETS) + "/hero.json";
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 40},
        {"move": {"ui": "states/tab/timeline"}},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 2},
        {"click": {"ui": "timeline/start"}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "walking.png").string() +
                                       R"("},
        {"click": {"ui": "states/bake"}},
        {"wait": 2},
        {"click": {"ui": "states/bake/go"}},
        {"wait": 40},
        {"click": {"ui": "timeline/start"}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "baked.png").string() +
                                       R"("},
        {"save": "baked.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + hero)), 0);
    const Rig original = load(hero);
    const Rig saved = load(dir / "baked.json");
    ASSERT_EQ(saved.states.size(), original.states.size() + 1);
    const State& baked = saved.states.back();
    EXPECT_EQ(baked.name, "walking baked");
    EXPECT_TRUE(baked.channels.empty());
    EXPECT_FALSE(baked.tracks.empty());
    EXPECT_TRUE(baked.loop);
    // The start of both timelines (walking's swings are not at rest there): the same picture,
    // but for the 0.1 degree tolerance.
    const int differ = viewport_differences(load_png(dir / "walking.png"), load_png(dir / "baked.png"));
    EXPECT_LT(differ, 200) << differ << " pixels differ";
}

TEST(ScriptedBake, ATimelineOfStatesBakesToOneHeldState) {
    const auto dir = scratch_dir("e2e-bake-timeline");
    const std::string hero = std::string(MARIONETTE_ASSETS) + "/hero.json";
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 2},
        {"click": {"ui": "states/bake"}},
        {"wait": 2},
        {"click": {"ui": "states/bake/timeline"}},
        {"text": "walking@0,climbing@2"},
        {"wait": 2},
        {"click": {"ui": "states/bake/timeline go"}},
        {"wait": 10},
        {"save": "baked.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + hero)), 0);
    const Rig saved = load(dir / "baked.json");
    ASSERT_EQ(saved.states.size(), 3u);
    const State& baked = saved.states.back();
    EXPECT_EQ(baked.name, "timeline baked");
    EXPECT_FALSE(baked.loop) << "a timeline plays once and holds its end";
    // Until the climb has blended in (2 s + the 0.5 s transition) and a second more, at 30 fps.
    EXPECT_NEAR(state_length(baked), 104.0 / 30.0, 1e-4);
}

// Baking a paused state (the ruler clicked) shows the baked state at once, where the source was:
// it used to stay at "wave -> wave baked 0%" with the source's pose until a scrub, the blend
// waiting for a clock that does not run. The status bar says what was made.
TEST(ScriptedBake, APausedStateBakedShowsTheBakedStateAtOnce) {
    const auto dir = scratch_dir("e2e-bake-paused");
    shipped_at_rest(dir, "arm.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/wave"}},
        {"wait": 2},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 2},
        {"click": {"ui": "timeline/ruler", "offset": [40, 0]}},
        {"wait": 2},
        {"expect": {"state": "wave", "from": null}},
        {"screenshot": "wave.png"},
        {"click": {"ui": "states/bake"}},
        {"wait": 2},
        {"click": {"ui": "states/bake/go"}},
        {"wait": 2},
        {"expect": {"state": "wave baked", "from": null}},
        {"expect": {"status": "Baked \"wave\" to keys: the new state \"wave baked\""}},
        {"screenshot": "baked.png"},
        {"select": ["forearm"]},
        {"move": {"ui": "timeline/ruler"}},
        {"key": "k"},
        {"wait": 2},
        {"expect": {"status": "Keyed forearm at "}},
        {"expect": {"status": " s in wave baked"}}
    ]})");
    ASSERT_EQ(run(script_on(dir, "arm.json")), 0);
    // The same time of the same motion: the same picture, but for the bake's 0.1 degree tolerance.
    const int differ = viewport_differences(load_png(dir / "wave.png"), load_png(dir / "baked.png"));
    EXPECT_LT(differ, 200) << differ << " pixels differ";
}
