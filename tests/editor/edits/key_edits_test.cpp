// Editing a keyed state's tracks: keying bones from the pose, deleting, moving and the
// interpolation of a key. Every edit leaves a rig the loader accepts; every bad request is
// refused with a message and changes nothing.

#include <cmath>

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/math/rotation_math.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/edits/state_edits.hpp"

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
    expect_error(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Bezier, BezierCurve{-0.1f, 0, 1, 1}),
                 "x handles must lie between 0 and 1");
    expect_error(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Bezier, BezierCurve{0.5f, NAN, 1, 1}),
                 "y handles between -10 and 10");
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

TEST(KeyEdits, KeyingAStateWithChannelsTakesTheirShareOffSoTheStateShowsThePose) {
    // "walking" swings the thigh with a channel; keying the thigh there must key what, with the
    // channel on top, gives the pose the user sees, not the pose again (which would swing twice).
    Rig rig = figure_2d();
    const int walking = 0;
    const int thigh = bone_named(rig, "thigh");
    ASSERT_GE(channel_driving(rig.states[walking], thigh, PoseProperty::Rotation), 0) << "the test needs a channel on the thigh";
    const float time = 0.3f;
    Pose wanted = rig.pose;
    wanted.rotations[static_cast<std::size_t>(thigh)] = rotation_2d(0.9f);
    const int bones[] = {thigh};
    const Rig keyed = expect_ok(key_bones(rig, walking, bones, time, wanted));
    Pose shown;
    sample_state(keyed, keyed.states[walking], time, keyed.pose, shown);
    EXPECT_NEAR(angle_2d(shown.rotations[static_cast<std::size_t>(thigh)]), 0.9f, 1e-5f);
    const KeyTrack& t = keyed.states[walking].tracks.at(0);
    EXPECT_GT(std::fabs(t.keys[0].angle - 0.9f), 0.01f) << "the channel's share at 0.3 s was taken off";
    expect_valid_rig(keyed, "after keying over a channel");
    expect_error(key_bones(rig, walking, bones, time, Pose::rest(2)), "the pose holds 2 rotations");
}

TEST(KeyEdits, KeyIdsFindKeysAgainAfterTheyAreRenumbered) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int hips = bone_named(rig, "hips");
    const int bones[] = {spine, hips};
    for (float t : {0.0f, 0.5f, 1.0f}) rig = expect_ok(key_bones(rig, jump(rig), bones, t));
    const State& s = rig.states.back();
    const KeyId id = key_id(s, KeyRef{track_driving(s, hips, PoseProperty::Rotation), 2});
    EXPECT_EQ(id, (KeyId{hips, PoseProperty::Rotation, 1.0f}));
    // The spine's track goes: the hips' becomes track 0, and its last key is still found.
    const KeyRef spine_keys[] = {{0, 0}, {0, 1}, {0, 2}};
    const Rig out = expect_ok(delete_keys(rig, jump(rig), spine_keys));
    const auto found = find_key(out.states.back(), id);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(*found, (KeyRef{0, 2}));
    EXPECT_FALSE(find_key(out.states.back(), KeyId{spine, PoseProperty::Rotation, 1.0f}).has_value());
    EXPECT_TRUE(find_key(out.states.back(), KeyId{hips, PoseProperty::Rotation, 1.0004f}).has_value()) << "the same frame";
}

TEST(KeyEdits, CopyAndPasteKeysAtAnotherTime) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int hips = bone_named(rig, "hips");
    const int both[] = {spine, hips};
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(0.3f);
    rig = expect_ok(key_bones(rig, jump(rig), both, 0.5f));
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(0.6f);
    rig = expect_ok(key_bones(rig, jump(rig), both, 1.0f));
    rig = expect_ok(set_key_interpolation(rig, jump(rig), KeyRef{0, 0}, Interpolation::Cosine));
    const State& s = rig.states.back();
    const KeyRef spine_keys[] = {{0, 0}, {0, 1}};
    const std::vector<CopiedKey> copied = copy_keys(s, spine_keys);
    ASSERT_EQ(copied.size(), 2u);
    EXPECT_EQ(copied[0].key.time, 0.0f) << "times count from the earliest key";
    EXPECT_EQ(copied[1].key.time, 0.5f);
    const Rig pasted = expect_ok(paste_keys(rig, jump(rig), copied, 2.0f));
    const KeyTrack& t = pasted.states.back().tracks[0];
    ASSERT_EQ(t.keys.size(), 4u);
    EXPECT_EQ(t.keys[2].time, 2.0f);
    EXPECT_EQ(t.keys[3].time, 2.5f);
    EXPECT_NEAR(t.keys[2].angle, 0.3f, 1e-6f);
    EXPECT_EQ(t.keys[2].interpolation, Interpolation::Cosine) << "a pasted key brings its interpolation";
    expect_valid_rig(pasted, "after pasting");
    // Pasting over existing keys replaces them; into a bone without a track makes one.
    const Rig over = expect_ok(paste_keys(rig, jump(rig), copied, 1.0f));
    ASSERT_EQ(over.states.back().tracks[0].keys.size(), 3u) << "the key at 1 s replaced, one added at 1.5 s";
    EXPECT_NEAR(over.states.back().tracks[0].keys[1].angle, 0.3f, 1e-6f);
    EXPECT_EQ(over.states.back().tracks[0].keys[2].time, 1.5f);
    std::vector<CopiedKey> onto_thigh = copied;
    for (CopiedKey& c : onto_thigh) c.bone = bone_named(rig, "thigh");
    const Rig thigh = expect_ok(paste_keys(rig, jump(rig), onto_thigh, 0.0f));
    EXPECT_GE(track_driving(thigh.states.back(), bone_named(rig, "thigh"), PoseProperty::Rotation), 0);
    // Refused: past the last possible time, a bone that is not there, a state that is not.
    expect_error(paste_keys(rig, jump(rig), copied, kMaxKeyTime), "between 0 and 3600 seconds");
    std::vector<CopiedKey> lost = copied;
    lost[0].bone = 99;
    expect_error(paste_keys(rig, jump(rig), lost, 0.0f), "cannot paste keys");
    expect_error(paste_keys(rig, 12, copied, 0.0f), "no state 12");
    expect_error(paste_keys(rig, jump(rig), copied, NAN), "between 0 and 3600 seconds");
}

TEST(KeyEdits, APasted2DAngleTakesTheTurnNearestTheTrack) {
    Rig rig = with_jump();
    const int spine = bone_named(rig, "spine");
    const int bones[] = {spine};
    rig.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(glm::radians(350.0f));
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.0f));  // first key: -10 degrees as read
    CopiedKey one[] = {{spine, PoseProperty::Rotation, Key{}}};
    one[0].key.angle = glm::radians(-350.0f);  // the same direction as +10
    const Rig out = expect_ok(paste_keys(rig, jump(rig), one, 1.0f));
    EXPECT_NEAR(glm::degrees(out.states.back().tracks[0].keys[1].angle), 10.0f, 1e-3f);
}

TEST(KeyEdits, InterpolationOfSeveralKeysAtOnce) {
    Rig rig = with_jump();
    const int bones[] = {bone_named(rig, "spine"), bone_named(rig, "hips")};
    rig = expect_ok(key_bones(rig, jump(rig), bones, 0.0f));
    const KeyRef both[] = {{0, 0}, {1, 0}};
    const Rig out = expect_ok(set_key_interpolation(rig, jump(rig), both, Interpolation::Step));
    EXPECT_EQ(out.states.back().tracks[0].keys[0].interpolation, Interpolation::Step);
    EXPECT_EQ(out.states.back().tracks[1].keys[0].interpolation, Interpolation::Step);
    const KeyRef one_missing[] = {{0, 0}, {1, 4}};
    expect_error(set_key_interpolation(rig, jump(rig), one_missing, Interpolation::Step), "has no key 4 on track 1");
}
