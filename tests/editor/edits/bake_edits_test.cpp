// "Bake to keys": a state, or a timeline of states, sampled at an fps into a keyed state whose
// linear keys reproduce every frame within the documented tolerance, with as few keys as that
// allows; the loop of a baked oscillator closes; bad requests are refused.

#include "editor/edits/bake_edits.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include <cmath>

#include "core/anim/state_pose.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Rig asset(const char* name) {
    Result<Rig> rig = load_rig_file(std::string(MARIONETTE_ASSETS) + "/" + name);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.ok() ? std::move(rig).value() : Rig{};
}

// The largest difference between two poses over the bones: rotation in degrees, move, scale.
struct PoseGap {
    float degrees = 0.0f;
    float distance = 0.0f;
    float scale = 0.0f;
};

PoseGap gap(const Pose& a, const Pose& b) {
    PoseGap g;
    for (std::size_t i = 0; i < a.rotations.size(); ++i) {
        const float d = std::min(1.0f, std::fabs(glm::dot(glm::normalize(a.rotations[i]), glm::normalize(b.rotations[i]))));
        g.degrees = std::max(g.degrees, glm::degrees(2.0f * std::acos(d)));
        g.distance = std::max(g.distance, glm::length(a.translations[i] - b.translations[i]));
        const glm::vec3 s = glm::abs(a.scales[i] - b.scales[i]);
        g.scale = std::max({g.scale, s.x, s.y, s.z});
    }
    return g;
}

std::size_t key_count(const State& s) {
    std::size_t n = 0;
    for (const KeyTrack& t : s.tracks) n += t.keys.size();
    return n;
}

// Every frame of `source` (sampled from 0) against the baked state, within the tolerance (and a
// float's slack on top).
void expect_reproduces(const Rig& rig, const State& source, const State& baked, double fps, std::size_t frames, const BakeTolerance& tol) {
    const float distance = tol.distance > 0.0f ? tol.distance : bake_distance_tolerance(rig.skeleton, tol.degrees);
    for (std::size_t i = 0; i <= frames; ++i) {
        const double t = static_cast<double>(i) / fps;
        Pose want;
        Pose got;
        sample_state(source, rig.is_2d(), t, t, rig.pose, want);
        sample_state_at(baked, rig.is_2d(), t, t, rig.pose, got);
        const PoseGap g = gap(want, got);
        ASSERT_LE(g.degrees, tol.degrees + 0.01f) << "frame " << i;
        ASSERT_LE(g.distance, distance * 1.001f + 1e-5f) << "frame " << i;
        ASSERT_LE(g.scale, tol.scale + 1e-5f) << "frame " << i;
    }
}

}  // namespace

TEST(BakeCycle, TheLoopClosesOnWholeFramesOfEveryPeriod) {
    State s{"s", {}, {}, true};
    StateChannel a;
    a.period = 1.2f;
    StateChannel b;
    b.period = 0.6f;
    s.channels = {a, b};
    EXPECT_EQ(bake_cycle(s, 30.0).frames, 36u);
    EXPECT_TRUE(bake_cycle(s, 30.0).closes);
    s.channels[1].period = 0.7f;  // 36 and 21 frames: 252
    EXPECT_EQ(bake_cycle(s, 30.0).frames, 252u);
    s.channels[1].period = 0.0123f;  // not a whole number of frames: the longest period, a seam
    const BakeCycle odd = bake_cycle(s, 30.0);
    EXPECT_FALSE(odd.closes);
    EXPECT_EQ(odd.frames, 36u);
}

TEST(BakeCycle, PeriodsOfHalfFramesCloseTheirLoopOnTheFramesTheyShare) {
    State s{"s", {}, {}, true};
    StateChannel a, b, c;
    a.period = 1.0f;
    b.period = 0.5f;
    c.period = 0.75f;  // 22.5 frames at 30 fps: back at its start every 45
    s.channels = {a, b, c};
    const BakeCycle cycle = bake_cycle(s, 30.0);
    EXPECT_TRUE(cycle.closes);
    EXPECT_EQ(cycle.frames, 90u) << "3 s";
    s.channels[2].period = glm::pi<float>() / 3.0f;  // Io's: no loop in whole frames
    EXPECT_FALSE(bake_cycle(s, 30.0).closes);
    s.channels = {c};
    EXPECT_EQ(bake_cycle(s, 24.0).frames, 18u) << "18 whole frames at 24 fps";
    EXPECT_EQ(bake_cycle(s, 60.0).frames, 45u);
}

TEST(BakeCycle, TheLastFrameReadsTheKeysFromTheLeft) {
    // Keys over 1 s, a loop of 2 s: frame 60 is the keys' end, not their start again.
    State s{"s", {}, {KeyTrack{0, PoseProperty::Rotation, {Key{}, Key{}}}}, true};
    s.tracks[0].keys[1].time = 1.0f;
    EXPECT_DOUBLE_EQ(cycle_track_time(s, 15, 60, 30.0), 0.5);
    EXPECT_NEAR(cycle_track_time(s, 45, 60, 30.0), 0.5, 1e-9) << "looped";
    EXPECT_NEAR(cycle_track_time(s, 30, 60, 30.0), 0.0, 1e-9) << "a loop's start inside the bake";
    EXPECT_DOUBLE_EQ(cycle_track_time(s, 60, 60, 30.0), 1.0) << "the bake's end: the keys' end";
    EXPECT_DOUBLE_EQ(cycle_track_time(s, 0, 0, 30.0), 0.0);
}

TEST(BakeState, AnOscillatorStateBecomesKeysThatReproduceEveryFrame) {
    const Rig hero = asset("hero.json");
    const int walking = 0;
    const BakeTolerance tol;
    const Rig out = expect_ok(bake_state(hero, walking, 30.0, tol));
    ASSERT_EQ(out.states.size(), hero.states.size() + 1);
    const State& baked = out.states.back();
    EXPECT_EQ(baked.name, hero.states[walking].name + " baked");
    EXPECT_TRUE(baked.loop);
    EXPECT_TRUE(baked.channels.empty());
    const BakeCycle cycle = bake_cycle(hero.states[walking], 30.0);
    ASSERT_TRUE(cycle.closes);
    EXPECT_NEAR(state_length(baked), static_cast<double>(cycle.frames) / 30.0, 1e-5);
    expect_reproduces(hero, hero.states[walking], baked, 30.0, cycle.frames, tol);
    // The loop closes: its end shows its start.
    Pose start;
    Pose end;
    sample_state_at(baked, true, 0.0, 0.0, hero.pose, start);
    sample_state_at(baked, true, state_length(baked), state_length(baked), hero.pose, end);
    EXPECT_LE(gap(start, end).degrees, 0.01f);
    // A sine swing of tens of degrees curves too much for a straight line over more than a
    // frame or two within 0.1 degrees, but some keys still go.
    EXPECT_LT(key_count(baked), baked.tracks.size() * (cycle.frames + 1)) << key_count(baked) << " keys";
    expect_valid_rig(out, "after baking");
    EXPECT_EQ(out.states[walking], hero.states[walking]) << "the source is left as it was";
}

TEST(BakeState, ATighterToleranceKeepsMoreKeysAndZeroKeepsEveryFrameOfACurve) {
    const Rig hero = asset("hero.json");
    BakeTolerance loose;
    loose.degrees = 1.0f;
    BakeTolerance exact;
    exact.degrees = 0.0f;
    exact.distance = 1e-6f;
    exact.scale = 0.0f;
    const Rig loosely = expect_ok(bake_state(hero, 0, 30.0, loose));
    const Rig by_default = expect_ok(bake_state(hero, 0, 30.0));
    const Rig every = expect_ok(bake_state(hero, 0, 30.0, exact));
    const State& a = loosely.states.back();
    const std::size_t frames = bake_cycle(hero.states[0], 30.0).frames;
    EXPECT_LT(key_count(a), key_count(by_default.states.back()));
    EXPECT_LT(key_count(a), a.tracks.size() * (frames + 1) / 2) << "within a degree, most frames go";
    // A swinging joint curves everywhere: at tolerance 0 every frame is a key.
    bool swings = false;
    for (const KeyTrack& t : every.states.back().tracks) swings = swings || t.keys.size() == frames + 1;
    EXPECT_TRUE(swings);
    expect_reproduces(hero, hero.states[0], a, 30.0, frames, loose);
}

TEST(BakeState, AStillChannelBakesToOneKey) {
    Rig rig = figure_2d();
    State still{"still", {}, {}, true};
    StateChannel c;
    c.bone = bone_named(rig, "spine");
    c.base = rotation_2d(0.4f);
    c.amplitude = 0.0f;
    c.period = 1.0f;
    still.channels.push_back(c);
    rig.states.push_back(still);
    const Rig out = expect_ok(bake_state(rig, static_cast<int>(rig.states.size()) - 1, 24.0));
    ASSERT_EQ(out.states.back().tracks.size(), 1u);
    ASSERT_EQ(out.states.back().tracks[0].keys.size(), 1u);
    EXPECT_NEAR(out.states.back().tracks[0].keys[0].angle, 0.4f, 1e-6f);
}

TEST(BakeState, A3DStateAndItsKeysBakeToo) {
    const Rig humanoid = asset("humanoid.json");
    const BakeTolerance tol;
    const Rig out = expect_ok(bake_state(humanoid, 0, 30.0, tol));
    const BakeCycle cycle = bake_cycle(humanoid.states[0], 30.0);
    expect_reproduces(humanoid, humanoid.states[0], out.states.back(), 30.0, cycle.frames, tol);
    // A keyed state (the arm's wave, Bézier and cosine keys, a stepped scale) bakes to linear keys.
    const Rig arm = asset("arm.json");
    const Rig baked_wave = expect_ok(bake_state(arm, 0, 60.0, tol));
    const BakeCycle wave_cycle = bake_cycle(arm.states[0], 60.0);
    EXPECT_TRUE(wave_cycle.closes);
    expect_reproduces(arm, arm.states[0], baked_wave.states.back(), 60.0, wave_cycle.frames, tol);
    // Its held scale (a step) needs only the keys where it jumps.
    const State& wave = baked_wave.states.back();
    const int scale = track_driving(wave, arm.skeleton.find("hand"), PoseProperty::Scale);
    ASSERT_GE(scale, 0);
    EXPECT_LE(wave.tracks[static_cast<std::size_t>(scale)].keys.size(), 8u);
}

TEST(BakeTimeline, AStateTimelineWithItsBlendBecomesOneHeldState) {
    const Rig hero = asset("hero.json");
    const Result<std::vector<TimelineEntry>> timeline = parse_state_timeline("walking@0,climbing@2", hero, "hero");
    ASSERT_TRUE(timeline.ok()) << timeline.message();
    const BakeTolerance tol;
    const Rig out = expect_ok(bake_timeline_state(hero, timeline.value(), 30.0, 3.5, "walk to climb", tol));
    const State& baked = out.states.back();
    EXPECT_EQ(baked.name, "walk to climb");
    EXPECT_FALSE(baked.loop) << "a timeline plays once and holds";
    const float distance = bake_distance_tolerance(hero.skeleton, tol.degrees);
    std::size_t frames = 0;
    Pose want;
    const Status played = play_timeline(hero, timeline.value(), 30.0, 105, want, [&](double t, const StateMachine&) {
        Pose got;
        sample_state_at(baked, true, t, t, hero.pose, got);
        const PoseGap g = gap(want, got);
        EXPECT_LE(g.degrees, tol.degrees + 0.01f) << "at " << t << " s";
        EXPECT_LE(g.distance, distance * 1.001f + 1e-5f) << "at " << t << " s";
        ++frames;
    });
    EXPECT_TRUE(played.ok());
    EXPECT_EQ(frames, 105u);
    expect_valid_rig(out, "after baking a timeline");
}

TEST(BakeEdits, BadRequestsAreRefused) {
    const Rig hero = asset("hero.json");
    expect_error(bake_state(hero, 9, 30.0), "no state 9");
    expect_error(bake_state(hero, 0, 0.0), "the fps must be");
    expect_error(bake_state(hero, 0, NAN), "the fps must be");
    expect_error(bake_state(hero, 0, 5000.0), "the fps must be");
    BakeTolerance bad;
    bad.degrees = NAN;
    expect_error(bake_state(hero, 0, 30.0, bad), "tolerances must be finite");
    Rig empty = hero;
    empty.states.push_back(State{"nothing", {}, {}, true});
    expect_error(bake_state(empty, static_cast<int>(empty.states.size()) - 1, 30.0), "it drives nothing");
    const std::vector<TimelineEntry> timeline{{0, 0.0}};
    expect_error(bake_timeline_state(hero, timeline, 30.0, 1.0, hero.states[0].name), "already taken");
    expect_error(bake_timeline_state(hero, timeline, 30.0, 1.0, ""), "must not be empty");
    expect_error(bake_timeline_state(hero, timeline, 1000.0, 100.0, "long"), "at most 36000");
    expect_error(bake_timeline_state(hero, timeline, 30.0, 0.001, "short"), "cannot bake the timeline");
    const std::vector<TimelineEntry> pose_only{{kRigPose, 0.0}};
    expect_error(bake_timeline_state(hero, pose_only, 30.0, 1.0, "rest"), "drive nothing");
}
