// Editing a keyed state's tracks: keying bones from the pose, deleting, moving and the
// interpolation of a key. Every edit leaves a rig the loader accepts; every bad request is
// refused with a message and changes nothing.

#include <cmath>

#include <gtest/gtest.h>

#include "core/rotation_math.hpp"
#include "core/state_pose.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/key_edits.hpp"
#include "editor/state_edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// A 2D figure with an empty keyed state "jump" at the end.
Rig with_jump() {
    Rig rig = figure_2d();
    rig = expect_ok(add_state(rig, "jump"));
    return rig;
}

int jump(const Rig& rig) { return static_cast<int>(rig.states.size()) - 1; }

}  // namespace

TEST(KeyEdits, KeyingTakesThePoseAndOnlyWhatWasChanged) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int thigh = bone_named(rig, "thigh");
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(0.5f);
    rig.pose.scales[static_cast<std::size_t>(thigh)] = {1.5f, 1.0f, 1.0f};
    const int bones[] = {spine, thigh};
    const Rig keyed = expect_ok(key_bones(rig, jump(rig), bones, 0.25f));
    const State& s = keyed.states.back();
    // Spine: rotation only; thigh: rotation (always) and its scale (changed); no translations.
    ASSERT_EQ(s.tracks.size(), 3u);
    EXPECT_GE(track_driving(s, spine, PoseProperty::Rotation), 0);
    EXPECT_EQ(track_driving(s, spine, PoseProperty::Scale), -1);
    EXPECT_GE(track_driving(s, thigh, PoseProperty::Scale), 0);
    EXPECT_EQ(track_driving(s, thigh, PoseProperty::Translation), -1);
    const Key& k = s.tracks[static_cast<std::size_t>(track_driving(s, spine, PoseProperty::Rotation))].keys.at(0);
    EXPECT_EQ(k.time, 0.25f);
    EXPECT_NEAR(k.angle, 0.5f, 1e-6f);
    EXPECT_EQ(k.interpolation, Interpolation::Linear);
    // The state shows the pose that was keyed.
    Pose shown;
    sample_state(keyed, s, 0.25, keyed.pose, shown);
    EXPECT_NEAR(angle_2d(shown.rotations[static_cast<std::size_t>(spine)]), 0.5f, 1e-6f);
    EXPECT_EQ(shown.scales[static_cast<std::size_t>(thigh)], glm::vec3(1.5f, 1.0f, 1.0f));
    expect_valid_rig(keyed, "after keying");
}

TEST(KeyEdits, KeyingAgainAtATimeReplacesThatKeyAndKeepsItsInterpolation) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int bones[] = {spine};
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.0f));
    rig = expect_ok(key_bones(rig, jump(rig), bones, 1.0f));
    rig = expect_ok(set_key_interpolation(rig, jump(rig), KeyRef{0, 1}, Interpolation::Step));
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(-0.4f);
    rig = expect_ok(key_bones(rig, jump(rig), bones, 1.0002f));  // the same frame
    const KeyTrack& t = rig.states.back().tracks.at(0);
    ASSERT_EQ(t.keys.size(), 2u);
    EXPECT_EQ(t.keys[1].time, 1.0f);
    EXPECT_NEAR(t.keys[1].angle, -0.4f, 1e-6f);
    EXPECT_EQ(t.keys[1].interpolation, Interpolation::Step);
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.5f));
    EXPECT_EQ(rig.states.back().tracks.at(0).keys.size(), 3u);
    EXPECT_EQ(rig.states.back().tracks.at(0).keys[1].time, 0.5f) << "in time order";
}

TEST(KeyEdits, A2DKeyTakesTheTurnNearestTheTrackSoNoSpinIsAdded) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int bones[] = {spine};
    // The user turned the spine on through 170, 190 (shown as -170) and 350 (-10) degrees.
    for (auto [time, degrees] : {std::pair{0.0f, 170.0f}, std::pair{1.0f, -170.0f}, std::pair{2.0f, -10.0f}}) {
        rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(glm::radians(degrees));
        rig = expect_ok(key_bones(rig, jump(rig), bones, time));
    }
    const KeyTrack& t = rig.states.back().tracks.at(0);
    EXPECT_NEAR(glm::degrees(t.keys[1].angle), 190.0f, 1e-3f) << "on past 180, not back the long way";
    EXPECT_NEAR(glm::degrees(t.keys[2].angle), 350.0f, 1e-3f);
}

TEST(KeyEdits, DeleteKeysAndEmptyTracksGo) {
    Rig rig = with_jump();
    const int bones[] = {bone_named(rig, "spine"), bone_named(rig, "hips")};
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.0f));
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.5f));
    const KeyRef doomed[] = {{0, 0}, {1, 0}, {1, 1}};
    const Rig out = expect_ok(delete_keys(rig, jump(rig), doomed));
    ASSERT_EQ(out.states.back().tracks.size(), 1u) << "the hips' track lost both keys";
    EXPECT_EQ(out.states.back().tracks[0].keys.size(), 1u);
    EXPECT_EQ(out.states.back().tracks[0].keys[0].time, 0.5f);
    expect_valid_rig(out, "after deleting keys");
    const KeyRef missing[] = {{0, 5}};
    expect_error(delete_keys(rig, jump(rig), missing), "has no key 5 on track 0");
    expect_error(delete_keys(rig, 9, doomed), "no state 9");
}

TEST(KeyEdits, MoveKeysTogetherButNeverOntoAnother) {
    Rig rig = with_jump();
    const int bones[] = {bone_named(rig, "spine")};
    for (float t : {0.0f, 0.5f, 1.0f}) rig = expect_ok(key_bones(rig, jump(rig), bones, t));
    const KeyRef last_two[] = {{0, 1}, {0, 2}};
    const Rig later = expect_ok(move_keys(rig, jump(rig), last_two, 0.25f));
    const auto& keys = later.states.back().tracks[0].keys;
    EXPECT_EQ(keys[0].time, 0.0f);
    EXPECT_EQ(keys[1].time, 0.75f);
    EXPECT_EQ(keys[2].time, 1.25f);
    expect_error(move_keys(rig, jump(rig), last_two, -0.5f), "would have two keys at 0 s");
    expect_error(move_keys(rig, jump(rig), last_two, -2.0f), "between 0 and 3600 seconds");
    expect_error(move_keys(rig, jump(rig), last_two, NAN), "finite");
    // Past another key is allowed: the keys are put back in time order.
    const KeyRef first[] = {{0, 0}};
    const Rig passed = expect_ok(move_keys(rig, jump(rig), first, 0.75f));
    EXPECT_EQ(passed.states.back().tracks[0].keys[1].time, 0.75f);
    expect_valid_rig(passed, "after moving a key past another");
}

TEST(KeyEdits, InterpolationIsCheckedAsTheLoaderChecksIt) {
    Rig rig = with_jump();
    const int bones[] = {bone_named(rig, "spine")};
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.0f));
    const BezierCurve bounce{0.3f, 1.6f, 0.6f, 1.3f};
    const Rig out = expect_ok(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Bezier, bounce));
    EXPECT_EQ(out.states.back().tracks[0].keys[0].curve, bounce);
    expect_valid_rig(out, "after a Bezier");
    expect_error(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Bezier, BezierCurve{-0.1f, 0, 1, 1}), "x handles must lie between 0 and 1");
    expect_error(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Bezier, BezierCurve{0.5f, NAN, 1, 1}), "y handles between -10 and 10");
    expect_error(set_key_interpolation(rig, jump(rig), KeyRef{3, 0}, Interpolation::Step), "has no key 0 on track 3");
}

TEST(KeyEdits, KeyingRefusesWhatTheLoaderWould) {
    Rig rig = with_jump();
    const int bones[] = {bone_named(rig, "spine")};
    expect_error(key_bones(rig, jump(rig), bones, -1.0f), "between 0 and 3600 seconds");
    expect_error(key_bones(rig, jump(rig), bones, NAN), "between 0 and 3600 seconds");
    const int bad[] = {42};
    expect_error(key_bones(rig, jump(rig), bad, 0.0f), "cannot key");
    expect_error(key_bones(rig, 7, bones, 0.0f), "no state 7");
}
