// Which times the onion skin ghosts, and how each ghost is tinted.

#include "editor/viewport/onion_skin.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace marionette;

namespace {

// A state keyed at 0, 0.5 and 1 s (and at 0.25 s on a second track).
State keyed(bool loop) {
    State s{"hop", {}, {}, loop};
    KeyTrack a{0, PoseProperty::Rotation, {}};
    for (float t : {0.0f, 0.5f, 1.0f}) {
        Key k;
        k.time = t;
        a.keys.push_back(k);
    }
    KeyTrack b{1, PoseProperty::Rotation, {Key{}, Key{}}};
    b.keys[1].time = 0.25f;
    s.tracks = {a, b};
    return s;
}

std::vector<double> times(const std::vector<OnionGhost>& ghosts) {
    std::vector<double> t;
    for (const OnionGhost& g : ghosts) t.push_back(g.time);
    return t;
}

}  // namespace

TEST(OnionSkin, FramesApartAroundThePlayheadNearestFirstAndFading) {
    OnionSkin o;
    o.before = 2;
    o.after = 3;
    o.frames_apart = 3;
    const std::vector<OnionGhost> g = onion_ghosts(keyed(false), 30.0, 0.5, o);
    ASSERT_EQ(g.size(), 5u);
    EXPECT_NEAR(g[0].time, 0.4, 1e-9);
    EXPECT_EQ(g[0].offset, -1);
    EXPECT_NEAR(g[1].time, 0.3, 1e-9);
    EXPECT_NEAR(g[2].time, 0.6, 1e-9);
    EXPECT_EQ(g[2].offset, 1);
    EXPECT_NEAR(g[4].time, 0.8, 1e-9);
    EXPECT_GT(g[0].opacity, g[1].opacity) << "fading with the distance";
    EXPECT_GT(g[2].opacity, g[3].opacity);
    EXPECT_GT(g[4].opacity, 0.0f);
    EXPECT_NE(onion_tint(g[0]), onion_tint(g[2])) << "before and after tinted apart";
    EXPECT_EQ(onion_tint(g[0]).a, g[0].opacity);
}

TEST(OnionSkin, ALoopWrapsAHeldStateStopsAtItsEnds) {
    OnionSkin o;
    o.before = 1;
    o.after = 1;
    o.frames_apart = 6;  // 0.2 s at 30 fps
    const std::vector<double> held = times(onion_ghosts(keyed(false), 30.0, 0.1, o));
    ASSERT_EQ(held.size(), 1u) << "nothing before 0";
    EXPECT_NEAR(held[0], 0.3, 1e-9);
    const std::vector<double> looped = times(onion_ghosts(keyed(true), 30.0, 0.1, o));
    ASSERT_EQ(looped.size(), 2u);
    EXPECT_NEAR(looped[0], 0.9, 1e-9) << "the frame before 0 is near the loop's end";
    EXPECT_EQ(times(onion_ghosts(keyed(false), 30.0, 0.95, o)).size(), 1u) << "nothing past the end of a held state";
    // A state without keys (oscillators only) ghosts any time from 0 on.
    State swing{"swing", {}, {}, true};
    EXPECT_EQ(onion_ghosts(swing, 30.0, 5.0, o).size(), 2u);
}

TEST(OnionSkin, AtKeysTakesTheKeyTimesOfEveryTrack) {
    OnionSkin o;
    o.spacing = OnionSkin::Spacing::Keys;
    o.before = 2;
    o.after = 2;
    EXPECT_EQ(times(onion_ghosts(keyed(true), 30.0, 0.6, o)), (std::vector<double>{0.5, 0.25, 1.0}));
    EXPECT_EQ(times(onion_ghosts(keyed(true), 30.0, 0.5, o)), (std::vector<double>{0.25, 0.0, 1.0})) << "a key at the playhead is no ghost";
    EXPECT_TRUE(onion_ghosts(State{"none", {}, {}, true}, 30.0, 0.5, o).empty());
}

TEST(OnionSkin, NonsenseSettingsAreClampedOrGiveNoGhosts) {
    OnionSkin o;
    o.before = 100;
    o.after = -4;
    o.frames_apart = 0;
    const std::vector<OnionGhost> g = onion_ghosts(State{"swing", {}, {}, true}, 30.0, 10.0, o);
    EXPECT_EQ(g.size(), static_cast<std::size_t>(kMaxOnionGhosts));
    EXPECT_NEAR(g[0].time, 10.0 - 1.0 / 30.0, 1e-9) << "at least a frame apart";
    EXPECT_TRUE(onion_ghosts(keyed(true), 0.0, 0.5, o).empty()) << "no fps, no frames";
    EXPECT_TRUE(onion_ghosts(keyed(true), 30.0, NAN, o).empty());
}
