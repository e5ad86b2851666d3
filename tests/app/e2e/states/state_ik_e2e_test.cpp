// Keying an IK chain's mix in the real window, as an animator plants a foot: open a keyed state
// on the timeline, scrub, drag the chain's mix slider in the inspector; the mix is keyed at the
// playhead (the saved file), the foot leaves its pin there (the pixels), the chain's own mix is
// untouched, and one Ctrl+Z takes the key back.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/anim/state_ik_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedStateIk, TheMixSliderKeysTheMixAtThePlayheadWhileAKeyedStateShows) {
    const auto dir = scratch_dir("e2e-state-ik");
    write_file(dir / "walker.json", kWalker);
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"select": ["shin_l"]},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/step"}},
        {"wait": 10},
        {"click": {"ui": "timeline/ruler", "offset": [-150, 0]}},
        {"wait": 2},
        {"screenshot": ")" + shot("before.png") +
                                       R"("},
        {"drag": {"from": {"ui": "inspector/chain/leg_l/mix"}, "to": {"ui": "inspector/chain/leg_l/mix", "offset": [-400, 0]}, "moves": 6}},
        {"wait": 2},
        {"screenshot": ")" + shot("keyed.png") +
                                       R"("},
        {"save": "keyed.json"},
        {"key": "ctrl+z"},
        {"wait": 2},
        {"screenshot": ")" + shot("undone.png") +
                                       R"("},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "walker.json")), 0);

    const Rig original = load(dir / "walker.json");
    const Rig keyed = load(dir / "keyed.json");
    const int leg = keyed.find_chain("leg_l");
    EXPECT_EQ(keyed.chains[static_cast<std::size_t>(leg)].mix, 1.0f) << "the chain's own mix is the setup's: untouched";
    const State& step = keyed.states.at(0);
    const int track = track_of_chain(step.chain_tracks, leg);
    ASSERT_GE(track, 0);
    const std::vector<MixKey>& keys = step.chain_tracks[static_cast<std::size_t>(track)].keys;
    ASSERT_EQ(keys.size(), 4u) << "one key added to the three";
    const auto added =
        std::find_if(keys.begin(), keys.end(), [](const MixKey& k) { return k.time != 0.0f && k.time != 1.0f && k.time != 2.0f; });
    ASSERT_NE(added, keys.end());
    EXPECT_EQ(added->mix, 0.0f) << "the slider dragged to its left end";
    EXPECT_GT(added->time, 0.0f);
    EXPECT_LT(added->time, 2.0f);
    EXPECT_NEAR(added->time * 30.0f, std::round(added->time * 30.0f), 1e-3f) << "on a frame: the scrubbed playhead";
    EXPECT_EQ(step.tracks, original.states.at(0).tracks);

    // The foot left its pin at the playhead (the leg shows the state's own swing), and the undo
    // shows it planted again.
    const Image before = load_png(dir / "before.png");
    const Image after = load_png(dir / "keyed.png");
    const Image undone = load_png(dir / "undone.png");
    EXPECT_GT(viewport_differences(before, after), 200);
    EXPECT_EQ(viewport_differences(before, undone), 0);
    const Rig restored = load(dir / "undone.json");
    EXPECT_EQ(restored.states, original.states) << "one undo step took the key back";
    std::filesystem::remove_all(dir);
}
