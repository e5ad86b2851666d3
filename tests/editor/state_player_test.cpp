// The editor's state preview: play and pause, time scale, auto-cycle, and surviving edits of
// the state list under it.

#include <gtest/gtest.h>

#include "editor/edit_test_rigs.hpp"
#include "editor/state_player.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(StatePlayer, ShowsTheRigsPoseUntilAStateIsChosen) {
    const Rig rig = figure_2d();
    StatePlayer player;
    player.tick(rig, 0.1);
    EXPECT_FALSE(player.shows_state());
    player.show(rig, 1);
    EXPECT_TRUE(player.shows_state());
    EXPECT_EQ(active_state(player.machine()), 1);
    player.tick(rig, 1.0);  // the 0.25 s transition is over
    EXPECT_FALSE(in_transition(player.machine()));
    player.show(rig, kRigPose);
    EXPECT_TRUE(player.shows_state()) << "blending back";
    player.tick(rig, 1.0);
    EXPECT_FALSE(player.shows_state());
    player.show(rig, 7);  // no such state: ignored
    EXPECT_EQ(active_state(player.machine()), kRigPose);
}

TEST(StatePlayer, PauseStopsTheClockAndTheScaleSpeedsIt) {
    const Rig rig = figure_2d();
    StatePlayer player;
    player.show(rig, 0);
    player.tick(rig, 0.5);
    EXPECT_DOUBLE_EQ(player.machine().clock, 0.5);
    player.set_playing(false);
    player.tick(rig, 0.5);
    EXPECT_DOUBLE_EQ(player.machine().clock, 0.5);
    player.set_playing(true);
    player.set_time_scale(2.0f);
    player.tick(rig, 0.5);
    EXPECT_DOUBLE_EQ(player.machine().clock, 1.5);
    player.set_time_scale(-1.0f);  // ignored
    player.set_time_scale(NAN);
    EXPECT_EQ(player.time_scale(), 2.0f);
}

TEST(StatePlayer, AutoCycleWalksThroughTheStatesInOrder) {
    const Rig rig = figure_2d();  // walking, idle
    StatePlayer player;
    player.set_auto_cycle(1.0f);
    std::vector<int> shown;
    for (int frame = 0; frame < 300; ++frame) {  // 5 s at 60 Hz
        player.tick(rig, 1.0 / 60.0);
        const int s = active_state(player.machine());
        if (shown.empty() || shown.back() != s) shown.push_back(s);
    }
    EXPECT_EQ(shown, (std::vector<int>{kRigPose, 0, 1, 0, 1, 0}));
    player.set_auto_cycle(std::nullopt);
    player.tick(rig, 3.0);
    EXPECT_EQ(active_state(player.machine()), 0);
    player.set_auto_cycle(0.0f);  // refused
    EXPECT_FALSE(player.auto_cycle());
    player.set_auto_cycle(0.01f);  // raised to the shortest
    EXPECT_FLOAT_EQ(*player.auto_cycle(), 0.1f);
}

TEST(StatePlayer, ADeletedStateFallsBackToTheRigsPose) {
    Rig rig = figure_2d();
    StatePlayer player;
    player.show(rig, 1);
    rig.states.pop_back();
    player.tick(rig, 0.0);
    EXPECT_EQ(active_state(player.machine()), kRigPose);
    Pose p;
    player.sample(rig, p);
    EXPECT_EQ(p.rotations.size(), rig.skeleton.size());
}
