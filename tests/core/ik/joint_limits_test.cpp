// Joint limits at their edges: the +-180 degree seam and a cone of zero; swing-twist limits.

#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"

using namespace marionette;
using marionette::testing::random_rotation;

namespace {

JointLimits range(float lo, float hi) {
    JointLimits l;
    l.min_angle = lo;
    l.max_angle = hi;
    return l;
}

}  // namespace

// Found by fuzzing: a 2D joint held at its -180 degree limit reads back as +180 (angles wrap
// into (-pi, pi]), and within_limits compared the numbers instead of the angles.
TEST(WithinLimits, ALimitAtMinus180HoldsAtPlus180) {
    const JointLimits at_minus_180 = range(-kPi, -kPi);
    EXPECT_TRUE(within_limits(rotation_2d(-kPi), at_minus_180, true, 1e-5f));
    EXPECT_TRUE(within_limits(rotation_2d(kPi), at_minus_180, true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(kPi - 0.01f), at_minus_180, true, 1e-5f));
    const JointLimits near_180 = range(-kPi, -3.13238859f);
    EXPECT_TRUE(within_limits(rotation_2d(kPi - 1e-6f), near_180, true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(0.0f), near_180, true, 1e-3f));
    // The same on a 3D hinge.
    JointLimits hinge = at_minus_180;
    hinge.hinge = glm::vec3{1, 0, 0};
    EXPECT_TRUE(within_limits(glm::angleAxis(kPi, glm::vec3{1, 0, 0}), hinge, false, 1e-5f));
    EXPECT_FALSE(within_limits(glm::angleAxis(3.0f, glm::vec3{1, 0, 0}), hinge, false, 1e-5f));
    // And an ordinary range still ends where it says.
    EXPECT_TRUE(within_limits(rotation_2d(1.0f), range(-0.5f, 1.0f), true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(1.01f), range(-0.5f, 1.0f), true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(-0.51f), range(-0.5f, 1.0f), true, 1e-5f));
}

TEST(ConstrainRotation, AZeroConeTakesAnyTurnBackToNone) {
    JointLimits locked;
    locked.max_angle = 0.0f;
    for (const glm::quat& q : {glm::angleAxis(0.3f, glm::normalize(glm::vec3{1, 2, 3})), glm::quat{0.99999994f, 0, 0, 0},
                               glm::quat{1.0f, 1e-30f, 0, 0}, glm::quat{1.0f, 0, 0, 0}}) {
        const glm::quat c = constrain_rotation(q, locked, false);
        EXPECT_TRUE(is_finite(c)) << q.w << " " << q.x;
        EXPECT_TRUE(within_limits(c, locked, false, 1e-5f)) << q.w << " " << q.x;
    }
}

TEST(RotationAxis, OnlyWhenThereIsOne) {
    glm::vec3 axis;
    ASSERT_TRUE(rotation_axis(glm::angleAxis(0.5f, glm::vec3{0, 0, 1}), axis));
    EXPECT_NEAR(axis.z, 1.0f, 1e-6f);
    EXPECT_FALSE(rotation_axis(glm::quat{0.99999994f, 0, 0, 0}, axis));
    EXPECT_FALSE(rotation_axis(glm::quat{1.0f, 1e-30f, 0, 0}, axis));
}

namespace {

JointLimits swing_twist(float swing, float lo, float hi) {
    JointLimits l;
    l.swing = swing;
    l.twist = TwistRange{lo, hi};
    return l;
}

}  // namespace

TEST(SwingTwist, SplitsIntoASwingAcrossXAndATwistAboutIt) {
    std::mt19937 rng(31);
    for (int k = 0; k < 2000; ++k) {
        const glm::quat q = random_rotation(rng);
        const SwingTwist st = split_swing_twist(q);
        EXPECT_NEAR(st.swing.x, 0.0f, 1e-5f) << "the swing's axis lies across x";
        const glm::quat back = st.swing * glm::angleAxis(st.twist, glm::vec3{1, 0, 0});
        EXPECT_GT(std::fabs(glm::dot(back, q)), 1.0f - 1e-5f) << "case " << k;
        // The swing angle is the angle x turns through.
        const glm::vec3 x = q * glm::vec3{1, 0, 0};
        EXPECT_NEAR(st.swing_angle, std::acos(std::clamp(x.x, -1.0f, 1.0f)), 2e-3f) << "case " << k;
    }
    // A pure twist and a pure swing.
    const SwingTwist twist = split_swing_twist(glm::angleAxis(0.7f, glm::vec3{1, 0, 0}));
    EXPECT_NEAR(twist.twist, 0.7f, 1e-5f);
    EXPECT_NEAR(twist.swing_angle, 0.0f, 1e-5f);
    const SwingTwist swing = split_swing_twist(glm::angleAxis(-0.4f, glm::vec3{0, 0, 1}));
    EXPECT_NEAR(swing.twist, 0.0f, 1e-5f);
    EXPECT_NEAR(swing.swing_angle, 0.4f, 1e-5f);
}

TEST(SwingTwist, ConstrainKeepsWhatIsAllowedAndBringsTheRestInside) {
    std::mt19937 rng(32);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    int moved = 0;
    for (int k = 0; k < 5000; ++k) {
        const float lo = -kPi + 2.0f * kPi * u(rng), hi = -kPi + 2.0f * kPi * u(rng);
        const JointLimits l = swing_twist(kPi * u(rng), std::min(lo, hi), std::max(lo, hi));
        const glm::quat q = random_rotation(rng);
        const glm::quat c = constrain_rotation(q, l, false);
        ASSERT_NEAR(glm::length(c), 1.0f, 1e-5f);
        ASSERT_TRUE(within_limits(c, l, false, 1e-4f)) << "case " << k;
        if (within_limits(q, l, false, 0.0f)) {
            EXPECT_GT(std::fabs(glm::dot(c, q)), 1.0f - 1e-5f) << "case " << k << ": an allowed pose is kept";
        } else {
            ++moved;
            // The swing keeps its direction when only the twist was out, and the twist when
            // only the swing was.
            const SwingTwist before = split_swing_twist(q), after = split_swing_twist(c);
            if (before.swing_angle <= *l.swing && before.swing_angle < 3.0f) {
                EXPECT_NEAR(after.swing_angle, before.swing_angle, 1e-3f) << "case " << k;
            }
            if (l.twist->min <= before.twist && before.twist <= l.twist->max && before.swing_angle < 3.0f) {
                EXPECT_NEAR(after.twist, before.twist, 1e-3f) << "case " << k;
            }
        }
    }
    EXPECT_GT(moved, 1000);
}

TEST(SwingTwist, TwistAloneOrSwingAloneLeavesTheOtherFree) {
    JointLimits twist_only;
    twist_only.twist = TwistRange{-0.2f, 0.3f};
    const glm::quat big_swing = glm::angleAxis(2.5f, glm::vec3{0, 1, 0});
    EXPECT_TRUE(within_limits(big_swing, twist_only, false, 1e-6f));
    EXPECT_FALSE(within_limits(glm::angleAxis(0.5f, glm::vec3{1, 0, 0}), twist_only, false, 1e-6f));
    JointLimits swing_only;
    swing_only.swing = 0.5f;
    EXPECT_TRUE(within_limits(glm::angleAxis(3.0f, glm::vec3{1, 0, 0}), swing_only, false, 1e-6f)) << "any twist";
    EXPECT_FALSE(within_limits(glm::angleAxis(0.6f, glm::vec3{0, 0, 1}), swing_only, false, 1e-6f));
    // The whole-turn cap ("max") still counts the twist: a twist of 60 degrees is a 60 degree turn.
    JointLimits cone;
    cone.max_angle = 0.5f;
    EXPECT_FALSE(within_limits(glm::angleAxis(1.0f, glm::vec3{1, 0, 0}), cone, false, 1e-6f));
}

// Found by fuzzing: a middle joint with its twist locked at 180 degrees, bent half round. A
// swing of half a turn has no twist of its own (it splits as that swing with any twist), so any
// twist range holds it; the split read its twist as 0 and called it outside.
TEST(SwingTwist, AHalfTurnSwingHoldsAnyTwistRange) {
    const JointLimits locked_at_180 = swing_twist(kPi, kPi, kPi);
    const glm::quat half_turn = glm::angleAxis(kPi, glm::vec3{0, -1, 0});
    EXPECT_FALSE(split_swing_twist(half_turn).has_twist);
    EXPECT_TRUE(within_limits(half_turn, locked_at_180, false, 1e-3f));
    // Short of half a turn the twist counts again.
    EXPECT_FALSE(within_limits(glm::angleAxis(3.0f, glm::vec3{0, -1, 0}), locked_at_180, false, 1e-3f));
}

// Found by fuzzing: CCD starts from its pose clamped into the limits. A pose swung half round
// (allowed: it holds any twist range) was split with a twist of 0 and clamped to the range's end,
// which moved it; CCD measured its start there and reported that miss for the pose it left as it
// was. An allowed pose is now kept exactly.
TEST(SwingTwist, ConstrainKeepsAnAllowedHalfTurnSwingAsItIs) {
    const JointLimits near_180 = swing_twist(kPi, 3.117f, kPi);
    const glm::quat half_turn{0.0f, 0.0f, 0.0f, 1.0f};  // half round about z
    ASSERT_TRUE(within_limits(half_turn, near_180, false, 0.0f));
    const glm::quat kept = constrain_rotation(half_turn, near_180, false);
    EXPECT_GT(std::fabs(glm::dot(kept, half_turn)), 1.0f - 1e-7f);
}

// Found by fuzzing: CCD left a bone swung 6e-6 rad short of half a turn. There float rounding
// alone moves the twist by a radian, and the pose read 0.0016 rad outside a twist range of
// [0, 1.318] although turning it by 6e-6 rad brings it inside. The tolerance is a turn of the
// whole pose: moving the twist by d with the swing kept turns it by 4 asin(cos(swing/2) sin(d/4)).
TEST(SwingTwist, TheToleranceIsATurnOfThePoseNotOfTheTwistAngle) {
    JointLimits twist_only;
    twist_only.twist = TwistRange{1e-6f, 1.31823707f};
    const glm::quat found{2.33203173e-06f, 1.81794167e-06f, -0.182606071f, 0.983186126f};
    EXPECT_GT(split_swing_twist(found).twist, 1.3198f);
    EXPECT_TRUE(within_limits(found, twist_only, false, 1e-3f));
    // With no swing the same twist excess is a turn of the same size: outside.
    EXPECT_FALSE(within_limits(glm::angleAxis(1.3198f, glm::vec3{1, 0, 0}), twist_only, false, 1e-3f));
    // Half swung, 0.01 rad of twist outside turns the pose by 0.01 cos(pi/4) = 0.0071 rad.
    const glm::quat half_swung = glm::angleAxis(kPi / 2, glm::vec3{0, 0, 1}) * glm::angleAxis(1.32823707f, glm::vec3{1, 0, 0});
    EXPECT_TRUE(within_limits(half_swung, twist_only, false, 0.0072f));
    EXPECT_FALSE(within_limits(half_swung, twist_only, false, 0.0070f));
}

// contains_angle_of answers as range.contains(atan2(y, x)) does, also for angles at and a
// rounding away from the range's ends, where its rough angle cannot tell (it asks atan2 there).
TEST(ContainsAngleOf, AgreesWithTheRangeOfAtan2) {
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> turn(-kPi, kPi);
    std::uniform_real_distribution<float> near(-3e-5f, 3e-5f);
    std::uniform_real_distribution<float> scale(0.01f, 100.0f);
    int differ = 0, checked = 0;
    for (int k = 0; k < 20000; ++k) {
        float lo = turn(rng), hi = turn(rng);
        if (lo > hi) std::swap(lo, hi);
        const AngleRange range{k % 7 == 0 ? -kPi : lo, k % 5 == 0 ? kPi : hi};
        for (const float a : {turn(rng), range.lo + near(rng), range.hi + near(rng), range.lo, range.hi}) {
            const float r = scale(rng);
            const float x = r * std::cos(a), y = r * std::sin(a);
            differ += contains_angle_of(range, y, x) != range.contains(std::atan2(y, x));
            ++checked;
        }
    }
    EXPECT_EQ(differ, 0) << "of " << checked;
    EXPECT_TRUE(contains_angle_of(AngleRange{-kPi, kPi}, -0.0f, -1.0f));  // atan2: -pi
    EXPECT_FALSE(contains_angle_of(AngleRange{0.0f, kPi}, -0.0f, -1.0f));
    EXPECT_TRUE(contains_angle_of(AngleRange{0.0f, kPi}, 0.0f, -1.0f));
}

// within_swing_twist and constrain_swing_twist decide plain cases by rough angles (no atan2) and
// split exactly only near a bound: the same answers as the exact split's, also for poses at and
// a rounding away from the swing's bound and the twist's ends.
TEST(SwingTwist, RoughAnglesDecideAsTheExactSplitDoes) {
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_real_distribution<float> turn(-kPi, kPi);
    std::uniform_real_distribution<float> near(-2e-5f, 2e-5f);
    const float tolerances[] = {0.0f, 1e-6f, 1e-3f};
    int near_bounds = 0;
    for (int k = 0; k < 40000; ++k) {
        const float swing = 0.05f + 3.0f * unit(rng);
        float lo = turn(rng), hi = turn(rng);
        if (lo > hi) std::swap(lo, hi);
        const AngleRange twist{k % 9 == 0 ? -kPi : lo, k % 11 == 0 ? kPi : hi};
        const float tolerance = tolerances[k % 3];
        // The pose's swing and twist: at random, or a rounding away from a bound.
        const int kind = k % 4;
        float swing_angle = kind == 1 ? swing + tolerance + near(rng) : 3.1f * unit(rng);
        float twist_angle = kind == 2 ? twist.lo + near(rng) : (kind == 3 ? twist.hi + near(rng) : turn(rng));
        if (kind == 0 && k % 8 == 0) swing_angle = swing + tolerance + near(rng), twist_angle = twist.lo + near(rng);
        near_bounds += kind != 0;
        const float a = turn(rng);
        const glm::quat pose =
            glm::angleAxis(swing_angle, glm::vec3{0.0f, std::cos(a), std::sin(a)}) * glm::angleAxis(twist_angle, glm::vec3{1, 0, 0});
        // The exact rule (within_limits' tolerance is a turn of the whole pose).
        const SwingTwist st = split_swing_twist(pose);
        bool holds = st.swing_angle <= swing + tolerance;
        if (holds && st.has_twist && !twist.contains(wrap_angle(st.twist))) {
            const float t = wrap_angle(st.twist);
            const float outside = std::min(std::fabs(wrap_angle(t - twist.lo)), std::fabs(wrap_angle(t - twist.hi)));
            holds = 4.0f * std::asin(std::cos(0.5f * st.swing_angle) * std::sin(0.25f * outside)) <= tolerance;
        }
        ASSERT_EQ(within_swing_twist(pose, swing, twist, tolerance), holds)
            << "swing " << swing_angle << " of " << swing << ", twist " << twist_angle << " in [" << twist.lo << ", " << twist.hi
            << "], tolerance " << tolerance;
        if (tolerance == 0.0f && holds) {
            // An allowed pose is kept as it is.
            const glm::quat kept = constrain_swing_twist(pose, swing, twist);
            ASSERT_EQ(kept, pose);
        }
    }
    EXPECT_GT(near_bounds, 20000);
}

// within_limits decides a swing-twist pose plainly inside from the half angles the limits keep
// (no atan2, no split): the same answer as within_swing_twist's for poses at random and a
// rounding away from the swing's bound and the twist's ends, with either limit left unset.
TEST(SwingTwist, KeptHalfAnglesDecideAsTheSplitDoes) {
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_real_distribution<float> turn(-kPi, kPi);
    std::uniform_real_distribution<float> near(-2e-6f, 2e-6f);
    int inside = 0;
    for (int k = 0; k < 40000; ++k) {
        JointLimits limits;
        if (k % 7 != 0) limits.swing = 0.05f + 3.0f * unit(rng);
        float lo = turn(rng), hi = turn(rng);
        if (lo > hi) std::swap(lo, hi);
        if (k % 5 != 0 || !limits.swing) limits.twist = TwistRange{lo, hi};
        const float swing = swing_limit(limits);
        const AngleRange twist = twist_range(limits);
        const float tolerance = k % 2 == 0 ? 1e-6f : 1e-3f;
        const int kind = k % 4;
        const float swing_angle = kind == 1 ? swing + near(rng) : 3.1f * unit(rng);
        const float twist_angle = kind == 2 ? twist.lo + near(rng) : (kind == 3 ? twist.hi + near(rng) : turn(rng));
        const float a = turn(rng);
        const glm::quat pose =
            glm::angleAxis(swing_angle, glm::vec3{0.0f, std::cos(a), std::sin(a)}) * glm::angleAxis(twist_angle, glm::vec3{1, 0, 0});
        const bool holds = within_swing_twist(pose, swing, twist, tolerance);
        inside += holds;
        ASSERT_EQ(within_limits(pose, limits, false, tolerance), holds)
            << "swing " << swing_angle << " of " << swing << ", twist " << twist_angle << " in [" << twist.lo << ", " << twist.hi << "]";
        ASSERT_EQ(within_limits(-pose, limits, false, tolerance), holds);  // the same rotation
    }
    EXPECT_GT(inside, 5000);
}
