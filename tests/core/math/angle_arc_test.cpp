// A joint's range as an arc of unit complex numbers (AngleArc), built from the cosines and sines
// its limits keep (LimitAngle): the same ends as working them out from the angles, kept in step
// with the angle however a limit is set.

#include <cmath>
#include <optional>
#include <random>

#include <gtest/gtest.h>

#include "core/ik/joint_limits.hpp"
#include "core/ik/limit_angle.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

using namespace marionette;

namespace {

void expect_same_turn(Rot2 got, float radians, const char* what) {
    EXPECT_EQ(got.c, std::cos(radians)) << what << " at " << radians;
    EXPECT_EQ(got.s, std::sin(radians)) << what << " at " << radians;
}

Rot2 turn_of(const LimitAngle& a) { return {a.cos(), a.sin()}; }

}  // namespace

TEST(LimitAngle, KeepsTheCosineAndSineOfTheAngleItHolds) {
    for (const float radians : {0.0f, 1.0f, -2.5f, kPi, -kPi, 0.5f * kPi}) {
        const LimitAngle a = radians;
        EXPECT_EQ(static_cast<float>(a), radians);
        expect_same_turn(turn_of(a), radians, "constructed");
    }
    // Set again, through the optional the limits hold it in, and copied with the limits.
    JointLimits limits;
    limits.min_angle = 0.25f;
    limits.min_angle = -1.25f;
    expect_same_turn(turn_of(*limits.min_angle), -1.25f, "assigned again");
    limits.max_angle = 2.0f;
    *limits.max_angle = 0.75f;
    expect_same_turn(turn_of(*limits.max_angle), 0.75f, "assigned in place");
    const JointLimits copy = limits;
    expect_same_turn(turn_of(*copy.min_angle), -1.25f, "copied");
    EXPECT_EQ(copy, limits);
    JointLimits other = limits;
    other.max_angle = 0.5f;
    EXPECT_NE(other, limits);
    // Read as the number it is.
    EXPECT_FLOAT_EQ(*limits.min_angle + *limits.max_angle, -0.5f);
    EXPECT_LT(*limits.min_angle, *limits.max_angle);
}

TEST(AngleArc, TheLimitsKeptEndsAreTheAnglesOwn) {
    // Both ends, one open side, the other, neither, and a range of no width.
    const std::optional<float> lo_values[] = {-0.7f, std::nullopt, -3.0f, std::nullopt, 1.1f};
    const std::optional<float> hi_values[] = {2.3f, 0.4f, std::nullopt, std::nullopt, 1.1f};
    for (int i = 0; i < 5; ++i) {
        JointLimits limits;
        if (lo_values[i]) limits.min_angle = *lo_values[i];
        if (hi_values[i]) limits.max_angle = *hi_values[i];
        const AngleArc kept = AngleArc::of(std::optional<JointLimits>{limits});
        const AngleArc worked_out = AngleArc::of(angle_range(limits));
        SCOPED_TRACE(i);
        EXPECT_EQ(kept.lo.c, worked_out.lo.c);
        EXPECT_EQ(kept.lo.s, worked_out.lo.s);
        EXPECT_EQ(kept.hi.c, worked_out.hi.c);
        EXPECT_EQ(kept.hi.s, worked_out.hi.s);
        EXPECT_EQ(kept.lo_angle, worked_out.lo_angle);
        EXPECT_EQ(kept.hi_angle, worked_out.hi_angle);
        EXPECT_EQ(kept.partial, worked_out.partial);
        EXPECT_EQ(kept.narrow, worked_out.narrow);
        EXPECT_TRUE(kept.bounded);
    }
    EXPECT_FALSE(AngleArc::of(std::optional<JointLimits>{}).bounded);
}

TEST(AngleArc, HoldsTheDirectionsItsRangeHolds) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> angle(-kPi, kPi);
    for (int trial = 0; trial < 2000; ++trial) {
        float lo = angle(rng), hi = angle(rng);
        if (lo > hi) std::swap(lo, hi);
        JointLimits limits;
        limits.min_angle = lo;
        limits.max_angle = hi;
        const AngleArc arc = AngleArc::of(std::optional<JointLimits>{limits});
        const AngleRange range = angle_range(limits);
        for (int k = 0; k < 8; ++k) {
            const float a = angle(rng);
            // Away from the ends, where float rounding decides either way.
            if (std::fabs(a - lo) < 1e-4f || std::fabs(a - hi) < 1e-4f) continue;
            const Rot2 z{1.5f * std::cos(a), 1.5f * std::sin(a)};  // any length
            ASSERT_EQ(arc.contains(z), range.contains(a)) << "range [" << lo << ", " << hi << "], angle " << a;
        }
    }
}
