// Easing curves, channel evaluation, sampling a state and blending poses.

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/base/extents.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr Easing kEasings[] = {Easing::Cosine, Easing::Linear, Easing::Smoothstep};

float numeric_slope(Easing e, float t) {
    const float h = 1e-4f;
    const float lo = std::max(0.0f, t - h);
    const float hi = std::min(1.0f, t + h);
    return (ease(e, hi) - ease(e, lo)) / (hi - lo);
}

}  // namespace

TEST(Easing, EndsAtZeroAndOneAndPassesHalfWayAtTheMiddle) {
    for (Easing e : kEasings) {
        EXPECT_EQ(ease(e, 0.0f), 0.0f) << easing_name(e);
        EXPECT_NEAR(ease(e, 1.0f), 1.0f, 1e-7f) << easing_name(e);
        EXPECT_NEAR(ease(e, 0.5f), 0.5f, 1e-6f) << easing_name(e);
        // Outside the transition it holds its ends.
        EXPECT_EQ(ease(e, -3.0f), 0.0f);
        EXPECT_NEAR(ease(e, 7.0f), 1.0f, 1e-7f);
    }
    EXPECT_NEAR(ease(Easing::Cosine, 0.25f), 0.5f - 0.5f * std::cos(0.25f * kPi), 1e-7f);
    EXPECT_NEAR(ease(Easing::Smoothstep, 0.25f), 0.15625f, 1e-7f);
    EXPECT_FLOAT_EQ(ease(Easing::Linear, 0.3f), 0.3f);
}

TEST(Easing, CosineAndSmoothstepLeaveAndArriveWithZeroSlope) {
    for (Easing e : {Easing::Cosine, Easing::Smoothstep}) {
        EXPECT_NEAR(ease_slope(e, 0.0f), 0.0f, 1e-6f) << easing_name(e);
        EXPECT_NEAR(ease_slope(e, 1.0f), 0.0f, 1e-6f) << easing_name(e);
        // Measured, not only claimed: a tiny step from either end barely moves.
        EXPECT_LT(ease(e, 1e-3f), 1e-5f) << easing_name(e);
        EXPECT_GT(ease(e, 1.0f - 1e-3f), 1.0f - 1e-5f) << easing_name(e);
    }
    EXPECT_FLOAT_EQ(ease_slope(Easing::Linear, 0.0f), 1.0f);
    EXPECT_NEAR(ease_slope(Easing::Cosine, 0.5f), kPi / 2.0f, 1e-6f);
}

TEST(Easing, SlopesMatchTheCurvesAndTheirMaximum) {
    for (Easing e : kEasings) {
        float steepest = 0.0f;
        float last = -1.0f;
        for (int i = 0; i <= 1000; ++i) {
            const float t = static_cast<float>(i) / 1000.0f;
            EXPECT_NEAR(ease_slope(e, t), numeric_slope(e, t), 2e-3f) << easing_name(e) << " t=" << t;
            EXPECT_GE(ease(e, t), last) << "never goes back, " << easing_name(e);
            last = ease(e, t);
            steepest = std::max(steepest, ease_slope(e, t));
        }
        EXPECT_NEAR(steepest, max_ease_slope(e), 1e-3f) << easing_name(e);
    }
}

TEST(ChannelRotation, IsTheBaseTurnedByTheOscillation) {
    StateChannel c;
    c.base = rotation_2d(0.3f);
    c.amplitude = 0.5f;
    c.period = 2.0f;
    c.phase = kPi / 2.0f;
    for (double t : {0.0, 0.25, 0.5, 1.0, 1.7, 3.0}) {
        const float expected = 0.3f + 0.5f * static_cast<float>(std::sin(2.0 * 3.14159265358979 * t / 2.0 + 3.14159265358979 / 2.0));
        EXPECT_NEAR(angle_2d(channel_rotation(c, t)), expected, 1e-5f) << "t=" << t;
    }
    // Periodic: a period later, the same rotation.
    EXPECT_LT(rotation_distance(channel_rotation(c, 0.3), channel_rotation(c, 2.3)), 1e-5f);
}

TEST(ChannelRotation, ThreeDimensionalOscillationTurnsAboutTheAxisAfterTheBase) {
    StateChannel c;
    c.axis = glm::normalize(glm::vec3{0, 1, 1});
    c.base = glm::angleAxis(0.4f, glm::vec3{1, 0, 0});
    c.amplitude = 0.6f;
    c.period = 1.0f;
    const glm::quat at_quarter = channel_rotation(c, 0.25);  // sin = 1: the full amplitude
    const glm::quat expected = c.base * glm::angleAxis(0.6f, c.axis);
    EXPECT_LT(rotation_distance(at_quarter, expected), 1e-5f);
    EXPECT_LT(rotation_distance(channel_rotation(c, 0.0), c.base), 1e-6f);
}

TEST(ChannelRotation, StaysSmoothOnAClockHoursIn) {
    StateChannel c;
    c.amplitude = 0.5f;
    c.period = 1.3f;
    // 100,000 seconds in (a day of playing), one 60 Hz frame moves it no more than its speed allows.
    const double t = 100000.0;
    const float step = rotation_distance(channel_rotation(c, t), channel_rotation(c, t + 1.0 / 60.0));
    const float max_speed = 0.5f * 2.0f * kPi / 1.3f;  // radians per second
    EXPECT_LE(step, max_speed / 60.0f * 1.01f + 1e-5f);
}

TEST(SampleState, DrivesItsBonesAndLeavesTheRestToTheRigsPose) {
    const Rig hero = asset_rig("hero.json");
    Pose pose = Pose::rest(hero.skeleton.size());
    const int head = hero.skeleton.find("head");
    pose.rotations[static_cast<std::size_t>(head)] = rotation_2d(0.2f);
    pose.root_offset = {3, 4, 0};
    const State& walking = hero.states[static_cast<std::size_t>(state_index(hero, "walking"))];
    Pose out;
    sample_state(walking, true, 0.3, 0.3, pose, out);
    EXPECT_EQ(out.rotations[static_cast<std::size_t>(head)], pose.rotations[static_cast<std::size_t>(head)]);
    EXPECT_EQ(out.root_offset, pose.root_offset);
    for (const StateChannel& c : walking.channels) {
        EXPECT_LT(rotation_distance(out.rotations[static_cast<std::size_t>(c.bone)], channel_rotation(c, 0.3)), 1e-6f);
    }
    // In place (out is the input pose) gives the same.
    Pose in_place = pose;
    sample_state(walking, true, 0.3, 0.3, in_place, in_place);
    EXPECT_EQ(pose_distance(in_place, out), 0.0f);
}

TEST(SampleState, SeveralChannelsOnOneBoneCompose) {
    State s{"sway", {}, {}, true};
    StateChannel a;
    a.bone = 1;
    a.base = rotation_2d(0.5f);
    StateChannel b;
    b.bone = 1;
    b.amplitude = 0.25f;
    b.period = 4.0f;
    s.channels = {a, b};
    Pose out;
    sample_state(s, true, 1.0, 1.0, Pose::rest(3), out);  // b at a quarter period: +0.25
    EXPECT_NEAR(angle_2d(out.rotations[1]), 0.75f, 1e-6f);
    EXPECT_EQ(out.rotations[0], glm::quat(1, 0, 0, 0));
}

TEST(SampleState, SkipsChannelsOfBonesOutsideThePose) {
    State s{"bad", {}, {}, true};
    StateChannel c;
    c.bone = 7;
    c.base = rotation_2d(1.0f);
    s.channels = {c};
    c.bone = -1;
    s.channels.push_back(c);
    Pose out;
    sample_state(s, true, 0.0, 0.0, Pose::rest(2), out);
    EXPECT_EQ(pose_distance(out, Pose::rest(2)), 0.0f);
}

TEST(BlendRotation, EndpointsAreExact) {
    const glm::quat a = glm::angleAxis(0.3f, glm::normalize(glm::vec3{1, 2, 3}));
    const glm::quat b = glm::angleAxis(-1.2f, glm::normalize(glm::vec3{-1, 0, 2}));
    EXPECT_EQ(blend_rotation(a, b, 0.0f), a);
    EXPECT_EQ(blend_rotation(a, b, 1.0f), b);
}

TEST(BlendRotation, TwoDimensionalAnglesTakeTheShortArcAcross180Degrees) {
    const glm::quat a = rotation_2d(glm::radians(170.0f));
    const glm::quat b = rotation_2d(glm::radians(-170.0f));
    // 170 -> 190 (= -170): through 180, never back through 0.
    for (int i = 0; i <= 20; ++i) {
        const float w = static_cast<float>(i) / 20.0f;
        const float angle = angle_2d(blend_rotation(a, b, w));
        const float expected = glm::radians(170.0f + 20.0f * w);
        EXPECT_NEAR(wrap_angle(angle - expected), 0.0f, 1e-5f) << "w=" << w;
    }
    // The same the other way, and with the stored sign of the quaternions flipped.
    EXPECT_NEAR(wrap_angle(angle_2d(blend_rotation(b, a, 0.5f)) - kPi), 0.0f, 1e-5f);
    EXPECT_NEAR(wrap_angle(angle_2d(blend_rotation(-a, b, 0.5f)) - kPi), 0.0f, 1e-5f);
}

TEST(BlendRotation, ThreeDimensionalSlerpTurnsAtAnEvenRate) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int k = 0; k < 200; ++k) {
        const glm::quat a = glm::normalize(glm::quat{u(rng), u(rng), u(rng), u(rng)});
        const glm::quat b = glm::normalize(glm::quat{u(rng), u(rng), u(rng), u(rng)});
        const float total = rotation_distance(a, b);
        for (float w : {0.1f, 0.25f, 0.5f, 0.9f}) {
            const glm::quat m = blend_rotation(a, b, w);
            EXPECT_NEAR(glm::length(m), 1.0f, 1e-5f);
            EXPECT_NEAR(rotation_distance(a, m), w * total, 2e-3f);
            EXPECT_NEAR(rotation_distance(m, b), (1.0f - w) * total, 2e-3f);
        }
    }
}

TEST(BlendPoses, BlendsEveryBoneAndTheRootOffset) {
    Pose a = Pose::rest(2);
    Pose b = Pose::rest(2);
    b.rotations[1] = rotation_2d(1.0f);
    b.root_offset = {10, 0, 0};
    Pose out;
    blend_poses(a, b, 0.25f, out);
    EXPECT_NEAR(angle_2d(out.rotations[1]), 0.25f, 1e-6f);
    EXPECT_NEAR(out.root_offset.x, 2.5f, 1e-6f);
    blend_poses(a, b, 0.25f, a);  // in place
    EXPECT_EQ(pose_distance(a, out), 0.0f);
}

// The shipped states look like the article's: legs swing in antiphase and the body sways while
// walking; arms and legs alternate while climbing.
TEST(ShippedStates, HeroWalksAndClimbsLikeTheArticle) {
    const Rig hero = asset_rig("hero.json");
    const auto bone = [&](const char* name) { return static_cast<std::size_t>(hero.skeleton.find(name)); };
    const auto swing = [&](const State& s, const char* name, double t) {
        Pose out;
        sample_state(s, true, t, t, hero.pose, out);
        return angle_2d(out.rotations[bone(name)]);
    };
    const State& walking = hero.states[static_cast<std::size_t>(state_index(hero, "walking"))];
    const State& climbing = hero.states[static_cast<std::size_t>(state_index(hero, "climbing"))];
    for (const State* s : {&walking, &climbing}) {
        float legs_apart = 0.0f;
        float body_range_lo = 10.0f;
        float body_range_hi = -10.0f;
        for (int i = 0; i < 100; ++i) {
            const double t = 0.02 * i;
            const float l = swing(*s, "leg_l_upper", t);
            const float r = swing(*s, "leg_r_upper", t);
            legs_apart = std::max(legs_apart, std::fabs(l - r));
            body_range_lo = std::min(body_range_lo, swing(*s, "body", t));
            body_range_hi = std::max(body_range_hi, swing(*s, "body", t));
            // Antiphase: the two thighs swing symmetrically about one centre, so their sum holds.
            EXPECT_NEAR(l + r, swing(*s, "leg_l_upper", 0.0) + swing(*s, "leg_r_upper", 0.0), 1e-3f) << s->name << " t=" << t;
        }
        EXPECT_GT(legs_apart, glm::radians(40.0f)) << s->name << ": the legs swing against each other";
        EXPECT_GT(body_range_hi - body_range_lo, glm::radians(2.0f)) << s->name << ": the body sways";
    }
    // Climbing: the arms reach up (far from walking's) and alternate.
    float arms_apart = 0.0f;
    for (int i = 0; i < 100; ++i) {
        arms_apart = std::max(arms_apart, std::fabs(swing(climbing, "arm_l_upper", 0.02 * i) - swing(climbing, "arm_r_upper", 0.02 * i)));
    }
    EXPECT_GT(arms_apart, glm::radians(40.0f));
    EXPECT_GT(std::fabs(swing(climbing, "arm_l_upper", 0.0) - swing(walking, "arm_l_upper", 0.0)), glm::radians(60.0f));
}

TEST(ShippedStates, HumanoidWalkSwingsItsLegsInAntiphase) {
    const Rig humanoid = asset_rig("humanoid.json");
    const State& walk = humanoid.states[static_cast<std::size_t>(state_index(humanoid, "walk"))];
    const auto thigh = [&](const char* name, double t) {
        Pose out;
        sample_state(walk, false, t, t, humanoid.pose, out);
        return out.rotations[static_cast<std::size_t>(humanoid.skeleton.find(name))];
    };
    // A quarter cycle in, the thighs are turned the most, in opposite directions.
    const double quarter = 1.1 / 4.0;
    EXPECT_GT(rotation_distance(thigh("thigh_l", quarter), thigh("thigh_r", quarter)), glm::radians(45.0f));
    EXPECT_LT(rotation_distance(thigh("thigh_l", 0.0), thigh("thigh_r", 0.0)), glm::radians(1.0f));
}

TEST(ChannelVector, IsTheCenterPlusTheSwingTimesTheWave) {
    StateChannel c = still_channel(0, PoseProperty::Translation);
    c.center = {2, -1, 0};
    c.swing = {4, 0.5f, 0};
    c.period = 2.0f;
    c.phase = kPi / 2.0f;
    for (double t : {0.0, 0.3, 1.0, 1.5, 2.7}) {
        const float w = static_cast<float>(std::sin(3.14159265358979 * t + 3.14159265358979 / 2.0));
        const glm::vec3 v = channel_vector(c, t);
        EXPECT_NEAR(v.x, 2.0f + 4.0f * w, 1e-5f) << "t=" << t;
        EXPECT_NEAR(v.y, -1.0f + 0.5f * w, 1e-5f) << "t=" << t;
        EXPECT_EQ(v.z, 0.0f);
    }
}

TEST(SampleState, TranslationChannelsAddAndScaleChannelsMultiplyEachPropertyApart) {
    Pose pose = Pose::rest(3);
    pose.translations[1] = {7, 7, 0};  // the rig's own: replaced once a channel drives it
    pose.scales[1] = {3, 3, 1};
    pose.rotations[1] = rotation_2d(0.4f);
    pose.translations[2] = {5, 6, 0};  // not driven: kept
    State s{"s", {}, {}, true};
    StateChannel move_a = still_channel(1, PoseProperty::Translation);
    move_a.center = {1, 2, 0};
    StateChannel move_b = still_channel(1, PoseProperty::Translation);
    move_b.swing = {10, 0, 0};
    move_b.period = 4.0f;  // a quarter period at t = 1: the full swing
    StateChannel stretch_a = still_channel(1, PoseProperty::Scale);
    stretch_a.center = {2, 1, 1};
    StateChannel stretch_b = still_channel(1, PoseProperty::Scale);
    stretch_b.center = {1.5f, 0.5f, 1};
    s.channels = {move_a, stretch_a, move_b, stretch_b};
    Pose out;
    sample_state(s, true, 1.0, 1.0, pose, out);
    EXPECT_NEAR(out.translations[1].x, 11.0f, 1e-5f);
    EXPECT_NEAR(out.translations[1].y, 2.0f, 1e-6f);
    EXPECT_EQ(out.scales[1], glm::vec3(3.0f, 0.5f, 1.0f));
    EXPECT_EQ(out.rotations[1], pose.rotations[1]) << "no rotation channel: the rig's own rotation";
    EXPECT_EQ(out.translations[2], pose.translations[2]);
    EXPECT_EQ(out.scales[0], glm::vec3(1.0f));
}

TEST(SampleState, ComposedTranslationsAndScalesStayInThePosesRange) {
    // Each channel keeps its own range; several composed may not, and are clamped.
    State s{"s", {}, {}, true};
    StateChannel big = still_channel(0, PoseProperty::Scale);
    big.center = {900, 0.5f, 1};
    s.channels = {big, big};
    StateChannel far = still_channel(0, PoseProperty::Translation);
    far.center = {9e14f, -9e14f, 0};
    s.channels.push_back(far);
    s.channels.push_back(far);
    Pose out;
    sample_state(s, true, 0.25, 0.25, Pose::rest(1), out);
    EXPECT_EQ(out.scales[0], glm::vec3(kMaxPoseScale, 0.25f, 1.0f));
    EXPECT_EQ(out.translations[0], glm::vec3(kMaxCoordinate, -kMaxCoordinate, 0.0f));
}

TEST(ChannelRange, CenterPlusOrMinusSwingStaysInThePropertysRange) {
    StateChannel c = still_channel(0, PoseProperty::Scale);
    EXPECT_TRUE(channel_stays_in_range(c));
    c.center = {0.5f, 1, 1};
    c.swing = {0.5f, -1, 0};
    EXPECT_TRUE(channel_stays_in_range(c)) << "touches 0 and 2: allowed";
    c.swing.x = 0.51f;
    EXPECT_FALSE(channel_stays_in_range(c)) << "below 0";
    c.swing.x = 0.0f;
    c.center.y = 999.5f;
    c.swing.y = 1.0f;
    EXPECT_FALSE(channel_stays_in_range(c)) << "above 1000";
    c.swing.y = NAN;
    EXPECT_FALSE(channel_stays_in_range(c));
    StateChannel t = still_channel(0, PoseProperty::Translation);
    t.center = {-4e14f, 0, 0};
    t.swing = {5e14f, 0, 0};
    EXPECT_TRUE(channel_stays_in_range(t));
    t.swing.x = 7e14f;
    EXPECT_FALSE(channel_stays_in_range(t));
    t.swing.x = INFINITY;
    EXPECT_FALSE(channel_stays_in_range(t));
    StateChannel r;  // rotation channels have no such range
    r.center = {NAN, 0, 0};
    EXPECT_TRUE(channel_stays_in_range(r));
}

namespace {

Key angle_key(float time, float degrees, Interpolation i = Interpolation::Linear) {
    Key k;
    k.time = time;
    k.angle = glm::radians(degrees);
    k.interpolation = i;
    return k;
}

}  // namespace

TEST(KeyedState, LoopsAtItsLastKeyOrHoldsIt) {
    State s{
        "wave", {}, {KeyTrack{1, PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.0f, 90.0f), angle_key(2.0f, 30.0f)}}}, true};
    EXPECT_EQ(state_length(s), 2.0f);
    const auto angle_at = [&](double local) {
        Pose out;
        sample_state(s, true, 100.0, local, Pose::rest(2), out);
        return glm::degrees(angle_2d(out.rotations[1]));
    };
    EXPECT_NEAR(angle_at(0.5), 45.0f, 1e-4f);
    EXPECT_NEAR(angle_at(1.5), 60.0f, 1e-4f);
    EXPECT_NEAR(angle_at(2.5), 45.0f, 1e-4f) << "looped: 2.5 s is 0.5 s into the second cycle";
    EXPECT_NEAR(angle_at(5.0), 90.0f, 1e-4f);
    s.loop = false;
    EXPECT_NEAR(angle_at(2.5), 30.0f, 1e-4f) << "held at the last key";
    EXPECT_NEAR(angle_at(50.0), 30.0f, 1e-4f);
    EXPECT_NEAR(angle_at(-1.0), 0.0f, 1e-4f) << "before the start: the first key";
}

TEST(KeyedState, TracksPlayOnTheStatesOwnTimeAndChannelsOnTheClock) {
    // Bone 0 keyed 0 -> 60 degrees over 1 s; bone 1 keyed and swung by a channel on top.
    State s{"mixed", {}, {}, false};
    s.tracks.push_back(KeyTrack{0, PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.0f, 60.0f)}});
    s.tracks.push_back(KeyTrack{1, PoseProperty::Rotation, {angle_key(0.0f, 10.0f)}});
    StateChannel swing;
    swing.bone = 1;
    swing.amplitude = glm::radians(20.0f);
    swing.period = 4.0f;
    s.channels.push_back(swing);
    Key stretch;
    stretch.vector = {2.0f, 1.0f, 1.0f};
    s.tracks.push_back(KeyTrack{2, PoseProperty::Scale, {stretch}});
    Pose rig_pose = Pose::rest(3);
    rig_pose.rotations[2] = rotation_2d(0.3f);  // not driven: kept
    Pose out;
    // The clock at 5 s (a quarter of the channel's period past 4 s), the state entered 0.5 s ago.
    sample_state(s, true, 5.0, 0.5, rig_pose, out);
    EXPECT_NEAR(glm::degrees(angle_2d(out.rotations[0])), 30.0f, 1e-4f) << "the key track half way";
    EXPECT_NEAR(glm::degrees(angle_2d(out.rotations[1])), 30.0f, 1e-4f) << "the track's 10 plus the channel's full 20";
    EXPECT_EQ(out.scales[2], glm::vec3(2.0f, 1.0f, 1.0f));
    EXPECT_EQ(out.rotations[2], rig_pose.rotations[2]);
}

TEST(KeyedState, ABezierOvershootStaysInThePosesRange) {
    Key a;
    a.vector = {1.0f, 1.0f, 1.0f};
    a.interpolation = Interpolation::Bezier;
    a.curve = {0.2f, -10.0f, 0.8f, -10.0f};  // dives far below the first key
    Key b = a;
    b.time = 1.0f;
    b.vector = {900.0f, 1.0f, 1.0f};
    State s{"dive", {}, {KeyTrack{0, PoseProperty::Scale, {a, b}}}, true};
    for (double t = 0.0; t <= 1.0; t += 0.05) {
        Pose out;
        sample_state(s, true, t, t, Pose::rest(1), out);
        EXPECT_GE(out.scales[0].x, 0.0f) << "t=" << t;
        EXPECT_LE(out.scales[0].x, kMaxPoseScale) << "t=" << t;
    }
}
