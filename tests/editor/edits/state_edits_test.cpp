// Editing states: the list (add, duplicate, rename, delete), channels, capturing the pose and the
// transition settings. Every edit leaves a rig the loader accepts; every bad value is refused
// with a message and changes nothing.

#include <cmath>

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/pose_distance.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/state_edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Pose state_pose(const Rig& rig, int state, double t) {
    Pose p;
    sample_state(rig, rig.states[static_cast<std::size_t>(state)], t, rig.pose, p);
    return p;
}


}  // namespace

TEST(StateEdits, AddNamesNewStatesUniquely) {
    Rig rig = figure_2d();
    rig = expect_ok(add_state(rig));
    rig = expect_ok(add_state(rig));
    ASSERT_EQ(rig.states.size(), 4u);
    EXPECT_EQ(rig.states[2].name, "state");
    EXPECT_EQ(rig.states[3].name, "state.001");
    EXPECT_TRUE(rig.states[3].channels.empty());
    rig = expect_ok(add_state(rig, "run"));
    EXPECT_EQ(rig.states.back().name, "run");
    expect_valid_rig(rig, "after adding states");
    expect_error(add_state(rig, "walking"), "already taken by state 0");
    expect_error(add_state(rig, ""), "must not be empty");
    expect_error(add_state(rig, std::string("a\xff")), "not valid UTF-8");
}

TEST(StateEdits, DuplicateRenameAndDelete) {
    const Rig rig = figure_2d();
    const Rig dup = expect_ok(duplicate_state(rig, 0));
    ASSERT_EQ(dup.states.size(), 3u);
    EXPECT_EQ(dup.states[1].name, "walking.001");
    EXPECT_EQ(dup.states[1].channels.size(), rig.states[0].channels.size());
    EXPECT_EQ(dup.states[2].name, "idle");
    EXPECT_EQ(expect_ok(duplicate_state(dup, 1)).states[2].name, "walking.002");

    const Rig renamed = expect_ok(rename_state(rig, 1, "rest"));
    EXPECT_EQ(renamed.states[1].name, "rest");
    EXPECT_TRUE(rename_state(rig, 1, "idle").ok()) << "its own name";
    expect_error(rename_state(rig, 1, "walking"), "already taken by state 0");
    expect_error(rename_state(rig, 5, "x"), "no state 5 (the rig has 2)");

    const Rig deleted = expect_ok(delete_state(rig, 0));
    ASSERT_EQ(deleted.states.size(), 1u);
    EXPECT_EQ(deleted.states[0].name, "idle");
    expect_error(delete_state(rig, -1), "no state -1");
    for (const Rig* r : {&dup, &renamed, &deleted}) expect_valid_rig(*r, "after a state list edit");
}

TEST(StateEdits, NewStateFromPoseHoldsThePoseStill) {
    const Rig rig = figure_2d();  // forearm, shin and hand posed
    const Rig out = expect_ok(add_state_from_pose(rig, "captured"));
    const int s = static_cast<int>(out.states.size()) - 1;
    EXPECT_EQ(out.states.back().channels.size(), 3u);
    for (double t : {0.0, 0.4, 1.3}) EXPECT_LT(pose_distance(state_pose(out, s, t), out.pose), 1e-6f) << "t=" << t;
    expect_valid_rig(out, "after capturing a new state");
}

TEST(StateEdits, CaptureSetsBasesAndKeepsTheOscillation) {
    Rig rig = figure_2d();
    const int thigh = bone_named(rig, "thigh");
    const int spine = bone_named(rig, "spine");
    rig.pose.rotations[static_cast<std::size_t>(thigh)] = rotation_2d(0.7f);
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(-0.2f);
    const Rig out = expect_ok(capture_pose(rig, 0));
    const State& walking = out.states[0];
    // The thigh swings +-28 degrees about where the user put it.
    const StateChannel& c = walking.channels[0];
    EXPECT_EQ(c.bone, thigh);
    EXPECT_NEAR(angle_2d(c.base), 0.7f, 1e-6f);
    EXPECT_NEAR(c.amplitude, glm::radians(28.0f), 1e-6f);
    // The spine, posed but not driven before, is held still by a new channel with walking's rhythm.
    ASSERT_EQ(walking.channels.size(), rig.states[0].channels.size() + 1);
    EXPECT_EQ(walking.channels.back().bone, spine);
    EXPECT_EQ(walking.channels.back().amplitude, 0.0f);
    EXPECT_FLOAT_EQ(walking.channels.back().period, 1.2f);
    // At a moment every oscillation passes zero, the state shows exactly the captured pose.
    const Pose at_zero = state_pose(out, 0, 0.0);
    EXPECT_NEAR(angle_2d(at_zero.rotations[static_cast<std::size_t>(thigh)]), 0.7f, 1e-5f);
    EXPECT_NEAR(angle_2d(at_zero.rotations[static_cast<std::size_t>(spine)]), -0.2f, 1e-5f);
    expect_valid_rig(out, "after capture");
}

TEST(StateEdits, CaptureIn3DTakesAnyRotationAsTheBase) {
    Rig rig = figure_3d();
    const int forearm = bone_named(rig, "forearm");
    const glm::quat posed = glm::angleAxis(0.8f, glm::normalize(glm::vec3{1, 2, -1}));
    rig.pose.rotations[static_cast<std::size_t>(forearm)] = posed;
    const Rig out = expect_ok(capture_pose(rig, 0));
    // wave's forearm channel swings 20 degrees about its hinge: at t = 0 (sin 0) it shows the pose.
    const Pose p = state_pose(out, 0, 0.0);
    EXPECT_LT(pose_distance(p, out.pose), 1e-5f);
    expect_valid_rig(out, "after a 3D capture");
}

TEST(StateEdits, ChannelsAreAddedStillAndRemoved) {
    Rig rig = figure_3d();
    const int forearm = bone_named(rig, "forearm");
    rig.states[0].channels.erase(rig.states[0].channels.begin());  // wave drove the forearm
    ASSERT_EQ(channel_driving(rig.states[0], forearm), -1);
    const Rig added = expect_ok(add_channel(rig, 0, forearm));
    const StateChannel& c = added.states[0].channels.back();
    EXPECT_EQ(c.amplitude, 0.0f);
    EXPECT_EQ(c.axis, glm::vec3(0, -1, 0)) << "the hinge";
    EXPECT_FLOAT_EQ(c.period, 0.5f) << "the state's rhythm: its first channel's (hand)";
    const Rig removed = expect_ok(remove_channel(added, 0, 0));
    // A second channel for a driven bone would multiply into the first: the pose would jump.
    expect_error(add_channel(added, 0, forearm), "already drives forearm's rotation (row 2): edit that row");
    expect_error(add_channel(figure_2d(), 0, bone_named(figure_2d(), "thigh")), "already drives thigh's rotation (row 1)");
    EXPECT_EQ(removed.states[0].channels.size(), added.states[0].channels.size() - 1);
    expect_error(remove_channel(rig, 0, 2), "has no channel 2");
    expect_error(add_channel(rig, 0, 99), "cannot add a channel");
    expect_error(add_channel(rig, 3, 0), "no state 3");
}

TEST(StateEdits, TranslationAndScaleChannelsAreAddedStillBesideTheRotation) {
    Rig rig = figure_2d();
    const std::size_t thigh = static_cast<std::size_t>(bone_named(rig, "thigh"));
    rig.pose.translations[thigh] = {3, -2, 0};
    rig.pose.scales[thigh] = {1.5f, 0.5f, 1};
    const Pose before = state_pose(rig, 0, 0.3);
    // walking drives the thigh's rotation; its translation and scale are free to add.
    const Rig moved = expect_ok(add_channel(rig, 0, static_cast<int>(thigh), PoseProperty::Translation));
    const Rig both = expect_ok(add_channel(moved, 0, static_cast<int>(thigh), PoseProperty::Scale));
    const auto& channels = both.states[0].channels;
    ASSERT_EQ(channels.size(), rig.states[0].channels.size() + 2);
    EXPECT_EQ(channels[channels.size() - 2].property, PoseProperty::Translation);
    EXPECT_EQ(channels[channels.size() - 2].center, glm::vec3(3, -2, 0));
    EXPECT_EQ(channels.back().property, PoseProperty::Scale);
    EXPECT_EQ(channels.back().center, glm::vec3(1.5f, 0.5f, 1));
    EXPECT_EQ(channels.back().swing, glm::vec3(0));
    EXPECT_EQ(channel_driving(both.states[0], static_cast<int>(thigh), PoseProperty::Scale), static_cast<int>(channels.size()) - 1);
    // Still: the state shows what it showed before at every time (the pose held them already).
    for (double t : {0.0, 0.3, 0.9}) {
        const Pose p = state_pose(both, 0, t);
        EXPECT_EQ(p.translations[thigh], rig.pose.translations[thigh]) << "t=" << t;
        EXPECT_EQ(p.scales[thigh], rig.pose.scales[thigh]) << "t=" << t;
    }
    EXPECT_LT(pose_distance(state_pose(both, 0, 0.3), before), 1e-6f);
    expect_error(add_channel(both, 0, static_cast<int>(thigh), PoseProperty::Scale), "already drives thigh's scale");
    expect_valid_rig(both, "after adding translation and scale channels");
}

TEST(StateEdits, CaptureHoldsPosedTranslationsAndScalesToo) {
    Rig rig = figure_2d();
    const std::size_t spine = static_cast<std::size_t>(bone_named(rig, "spine"));
    rig.pose.translations[spine] = {0, 4, 0};
    rig.pose.scales[spine] = {2, 1, 1};
    const Rig out = expect_ok(add_state_from_pose(rig, "stretched"));
    const State& s = out.states.back();
    EXPECT_GE(channel_driving(s, static_cast<int>(spine), PoseProperty::Translation), 0);
    EXPECT_GE(channel_driving(s, static_cast<int>(spine), PoseProperty::Scale), 0);
    EXPECT_EQ(channel_driving(s, static_cast<int>(spine), PoseProperty::Rotation), -1) << "the spine is not turned";
    for (double t : {0.0, 0.7}) EXPECT_LT(pose_distance(state_pose(out, static_cast<int>(out.states.size()) - 1, t), rig.pose), 1e-6f);

    // A scale channel swinging 0.5 cannot be centred on a pose scale of 0.2: it would go below 0.
    Rig swinging = expect_ok(add_channel(rig, 0, static_cast<int>(spine), PoseProperty::Scale));
    swinging.states[0].channels.back().swing = {0.5f, 0, 0};
    swinging.pose.scales[spine] = {0.2f, 1, 1};
    expect_error(capture_pose(swinging, 0), "spine's scale would leave its range");
    swinging.pose.scales[spine] = {0.6f, 1, 1};
    const Rig captured = expect_ok(capture_pose(swinging, 0));
    const int row = channel_driving(captured.states[0], static_cast<int>(spine), PoseProperty::Scale);
    ASSERT_GE(row, 0);
    EXPECT_EQ(captured.states[0].channels[static_cast<std::size_t>(row)].center, glm::vec3(0.6f, 1, 1));
    EXPECT_EQ(captured.states[0].channels[static_cast<std::size_t>(row)].swing, glm::vec3(0.5f, 0, 0)) << "the swing stays";
}

TEST(StateEdits, SetChannelChecksTranslationAndScaleRanges) {
    Rig rig = figure_2d();
    const int spine = bone_named(rig, "spine");
    rig = expect_ok(add_channel(rig, 0, spine, PoseProperty::Scale));
    rig = expect_ok(add_channel(rig, 0, spine, PoseProperty::Translation));
    const int scale_row = channel_driving(rig.states[0], spine, PoseProperty::Scale);
    const int move_row = channel_driving(rig.states[0], spine, PoseProperty::Translation);
    StateChannel scale = rig.states[0].channels[static_cast<std::size_t>(scale_row)];
    scale.center = {1.5f, 1, 1};
    scale.swing = {0.5f, -0.25f, 0};
    const Rig set = expect_ok(set_channel(rig, 0, scale_row, scale));
    EXPECT_NEAR(state_pose(set, 0, 0.25 * set.states[0].channels[static_cast<std::size_t>(scale_row)].period)
                    .scales[static_cast<std::size_t>(spine)]
                    .x,
                2.0f, 1e-5f);
    expect_valid_rig(set, "after setting a scale channel");
    StateChannel bad = scale;
    bad.swing = {1.6f, 0, 0};
    expect_error(set_channel(rig, 0, scale_row, bad), "center +- swing must stay between 0 and 1000");
    bad = scale;
    bad.center = {999.9f, 1, 1};
    expect_error(set_channel(rig, 0, scale_row, bad), "between 0 and 1000");
    bad = scale;
    bad.center.z = 2.0f;
    expect_error(set_channel(rig, 0, scale_row, bad), "a 2D rig has no z");
    bad = scale;
    bad.swing.x = NAN;
    expect_error(set_channel(rig, 0, scale_row, bad), "between 0 and 1000");

    StateChannel move = rig.states[0].channels[static_cast<std::size_t>(move_row)];
    move.center = {5, 0, 0};
    move.swing = {0, 3, 0};
    EXPECT_TRUE(set_channel(rig, 0, move_row, move).ok());
    bad = move;
    bad.center.x = 9e14f;
    bad.swing.x = 2e14f;
    expect_error(set_channel(rig, 0, move_row, bad), "center +- swing must stay between -1e15 and 1e15");
    bad = move;
    bad.swing.z = 1.0f;
    expect_error(set_channel(rig, 0, move_row, bad), "a 2D rig has no z");
    bad = move;
    bad.center.y = INFINITY;
    expect_error(set_channel(rig, 0, move_row, bad), "between -1e15 and 1e15");
}

TEST(StateEdits, SetChannelChecksEveryValue) {
    const Rig rig2 = figure_2d();
    StateChannel c = rig2.states[0].channels[0];
    c.amplitude = glm::radians(40.0f);
    c.period = 0.8f;
    const Rig set = expect_ok(set_channel(rig2, 0, 0, c));
    EXPECT_FLOAT_EQ(set.states[0].channels[0].period, 0.8f);
    expect_valid_rig(set, "after set_channel");

    const auto refused = [&](const Rig& rig, StateChannel bad, const std::string& part) {
        expect_error(set_channel(rig, 0, 0, bad), part);
    };
    StateChannel bad = c;
    bad.period = 0.0f;
    refused(rig2, bad, "period must be a finite number of seconds > 0");
    bad.period = NAN;
    refused(rig2, bad, "period");
    bad = c;
    bad.amplitude = INFINITY;
    refused(rig2, bad, "amplitude: must be a finite angle");
    bad = c;
    bad.phase = 1e9f;
    refused(rig2, bad, "phase: must be a finite angle within +-36000 degrees");
    bad = c;
    bad.axis = {1, 0, 0};
    refused(rig2, bad, "a 2D joint turns about z");
    bad = c;
    bad.base = glm::angleAxis(0.3f, glm::vec3{1, 0, 0});
    refused(rig2, bad, "base");
    bad = c;
    bad.bone = 42;
    refused(rig2, bad, "state \"walking\" channel 0");
    expect_error(set_channel(rig2, 0, 9, c), "has no channel 9");

    const Rig rig3 = figure_3d();
    StateChannel d = rig3.states[0].channels[0];
    d.axis = {0, 0, 2};
    d.base = glm::quat{2, 0, 0, 0};
    const Rig set3 = expect_ok(set_channel(rig3, 0, 0, d));
    EXPECT_EQ(set3.states[0].channels[0].axis, glm::vec3(0, 0, 1)) << "stored unit";
    EXPECT_EQ(set3.states[0].channels[0].base, glm::quat(1, 0, 0, 0));
    d.axis = {0, 0, 0};
    expect_error(set_channel(rig3, 0, 0, d), "axis must be a finite, non-zero direction");
    d.axis = {0, 1e30f, 0};  // as the loader: scaled first, not overflowed to "zero"
    d.base = glm::quat{1e20f, 0, 0, 1e20f};
    const Rig scaled = expect_ok(set_channel(rig3, 0, 0, d));
    EXPECT_EQ(scaled.states[0].channels[0].axis, glm::vec3(0, 1, 0));
    EXPECT_NEAR(scaled.states[0].channels[0].base.w, 0.70710678f, 1e-6f);
    d.axis = {0, 1, 0};
    d.base = glm::quat{0, 0, 0, 0};
    expect_error(set_channel(rig3, 0, 0, d), "base");
}

TEST(StateEdits, TransitionSettings) {
    const Rig rig = figure_2d();
    const Rig out = expect_ok(set_transition(rig, {1.5f, Easing::Smoothstep}));
    EXPECT_EQ(out.transition.duration, 1.5f);
    EXPECT_EQ(out.transition.easing, Easing::Smoothstep);
    EXPECT_TRUE(set_transition(rig, {0.0f, Easing::Cosine}).ok()) << "0 switches at once";
    expect_error(set_transition(rig, {-1.0f, Easing::Cosine}), "between 0 and 3600 seconds");
    expect_error(set_transition(rig, {NAN, Easing::Cosine}), "nan");
    expect_error(set_transition(rig, {1e6f, Easing::Cosine}), "3600");
    expect_valid_rig(out, "after set_transition");
}

TEST(StateEdits, TakePoseReplacesTheWholePoseOrRefuses) {
    const Rig rig = figure_2d();
    Pose shown;
    sample_state(rig, rig.states[0], 0.3, rig.pose, shown);
    const Rig out = expect_ok(take_pose(rig, shown));
    EXPECT_LT(pose_distance(out.pose, shown), 1e-6f);
    EXPECT_EQ(out.pose.root_offset, shown.root_offset);
    expect_valid_rig(out, "after take_pose");
    Pose short_pose = shown;
    short_pose.rotations.pop_back();
    expect_error(take_pose(rig, short_pose), "it has 6 rotations for 7 bones");
    Pose bad = shown;
    bad.rotations[2] = glm::quat{NAN, 0, 0, 0};
    expect_error(take_pose(rig, bad), "pose of bone \"upper_arm\"");
    bad = shown;
    bad.root_offset.x = INFINITY;
    expect_error(take_pose(rig, bad), "root offset");
    bad = shown;
    bad.scales[2] = {-1.0f, 1.0f, 1.0f};
    expect_error(take_pose(rig, bad), "pose scale of bone \"upper_arm\": every component must be between 0 and 1000");
    bad.scales[2] = {1.0f, NAN, 1.0f};
    expect_error(take_pose(rig, bad), "pose scale of bone \"upper_arm\"");
    bad.scales[2] = {1.0f, 1.0f, 2.0f};
    expect_error(take_pose(rig, bad), "a 2D rig's bones keep a z scale of 1");
    Pose scaled = shown;
    scaled.scales[2] = {2.0f, 0.5f, 1.0f};
    EXPECT_EQ(expect_ok(take_pose(rig, scaled)).pose.scales[2], glm::vec3(2.0f, 0.5f, 1.0f));
}

TEST(StateEdits, SetStateLoop) {
    const Rig rig = figure_2d();
    const Rig held = expect_ok(set_state_loop(rig, 0, false));
    EXPECT_FALSE(held.states[0].loop);
    EXPECT_TRUE(held.states[1].loop);
    EXPECT_TRUE(expect_ok(set_state_loop(held, 0, true)).states[0].loop);
    expect_error(set_state_loop(rig, 2, false), "no state 2");
    expect_valid_rig(held, "after set_state_loop");
}
