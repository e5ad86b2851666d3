// The editor's state preview: play and pause, time scale, auto-cycle, and surviving edits of
// the state list under it.

#include <gtest/gtest.h>

#include <cmath>

#include "core/math/rotation_math.hpp"

#include "core/rig/document.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/timeline/state_player.hpp"

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

namespace {
// A 2D figure whose last state is keyed: the spine turns from 0 to 90 degrees over a second.
Rig with_keyed_turn() { return figure_with_turn(glm::radians(90.0f)); }
}  // namespace

TEST(StatePlayer, SeekShowsTheStateStillAtThatTimeAndTheEndShowsTheLastKey) {
    const Rig rig = with_keyed_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    const auto spine = static_cast<std::size_t>(bone_named(rig, "spine"));
    StatePlayer player;
    player.seek(rig, turn, 0.5);
    EXPECT_TRUE(player.scrubbed());
    EXPECT_FALSE(player.playing());
    EXPECT_EQ(active_state(player.machine()), turn);
    EXPECT_FALSE(in_transition(player.machine())) << "a scrub shows at once, no blend";
    EXPECT_DOUBLE_EQ(player.playhead(rig), 0.5);
    Pose pose;
    player.sample(rig, pose);
    EXPECT_NEAR(glm::degrees(angle_2d(pose.rotations[spine])), 45.0f, 1e-3f);
    player.tick(rig, 1.0);  // paused: nothing moves
    EXPECT_DOUBLE_EQ(player.playhead(rig), 0.5);
    // At the loop's end the last key shows (playing, the loop would show the first again).
    player.seek(rig, turn, 1.0);
    player.sample(rig, pose);
    EXPECT_NEAR(glm::degrees(angle_2d(pose.rotations[spine])), 90.0f, 1e-3f);
    // Out of range and nonsense.
    player.seek(rig, turn, -3.0);
    EXPECT_DOUBLE_EQ(player.playhead(rig), 0.0);
    player.seek(rig, turn, NAN);
    EXPECT_DOUBLE_EQ(player.playhead(rig), 0.0) << "ignored";
    player.seek(rig, 99, 0.5);
    EXPECT_EQ(active_state(player.machine()), turn) << "no such state: ignored";
}

TEST(StatePlayer, PlayingGoesOnFromTheScrubbedTimeAndLoops) {
    const Rig rig = with_keyed_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    StatePlayer player;
    player.seek(rig, turn, 0.25);
    player.set_playing(true);
    EXPECT_FALSE(player.scrubbed());
    player.tick(rig, 0.5);
    EXPECT_NEAR(player.playhead(rig), 0.75, 1e-9);
    player.tick(rig, 0.5);
    EXPECT_NEAR(player.playhead(rig), 0.25, 1e-9) << "looped";
    // Showing the state it already shows keeps a scrub; another state ends it.
    player.seek(rig, turn, 0.6);
    player.show(rig, turn);
    EXPECT_TRUE(player.scrubbed());
    player.show(rig, 0);
    EXPECT_FALSE(player.scrubbed());
    player.stop();
    EXPECT_DOUBLE_EQ(player.playhead(rig), 0.0);
}

// The player keeps compiled clips of the document's keyed states: an edit must show at once.
TEST(StatePlayer, AnEditedKeyShowsAtOnceWhilePlaying) {
    Rig rig = figure_2d();
    Key a, b;
    b.time = 1.0f;
    b.angle = 1.0f;
    rig.states.push_back(State{"turn", {}, {KeyTrack{0, PoseProperty::Rotation, {a, b}}}, true});
    Document document(rig, {});
    StatePlayer player;
    const int turn = static_cast<int>(rig.states.size()) - 1;
    player.seek(document.rig(), turn, 0.5);
    Pose before, after;
    player.sample(document, before);
    document.edit([](Rig& r) { r.states.back().tracks[0].keys[1].angle = -1.0f; });
    player.sample(document, after);
    Pose expected;
    player.sample(document.rig(), expected);  // sampled afresh from the tracks
    EXPECT_EQ(after, expected);
    EXPECT_NE(after, before);
}

TEST(StatePlayer, PlaybackTextSaysWhatShowsAndWhen) {
    const Rig rig = with_keyed_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    StatePlayer player;
    player.show(rig, 0);
    player.tick(rig, 0.1);
    EXPECT_EQ(playback_text(rig, player).find(kRigPoseName), 0u) << "blending in from the rig's pose: " << playback_text(rig, player);
    EXPECT_NE(playback_text(rig, player).find(" -> " + rig.states[0].name + "  "), std::string::npos) << playback_text(rig, player);
    EXPECT_EQ(playback_text(rig, player).back(), '%');
    player.tick(rig, 1.0);
    EXPECT_EQ(playback_text(rig, player), rig.states[0].name + "  1.10 s") << "an oscillator state on the shared clock";
    player.seek(rig, turn, 0.5);
    EXPECT_EQ(playback_text(rig, player), rig.states[static_cast<std::size_t>(turn)].name + "  0.50 s of 1.00")
        << "a keyed state's own time";
    // Scrubbed to its loop's end, the last key shows: the text says the end, not the loop's 0.
    player.seek(rig, turn, 1.0);
    EXPECT_EQ(playback_text(rig, player), rig.states[static_cast<std::size_t>(turn)].name + "  1.00 s of 1.00");
    player.set_playing(true);
    player.tick(rig, 0.25);
    EXPECT_EQ(playback_text(rig, player), rig.states[static_cast<std::size_t>(turn)].name + "  0.25 s of 1.00") << "played on: looped";
}
