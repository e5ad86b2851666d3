// The two-bone solve's swing-twist pieces against brute force: the swivel it picks keeps to the
// limits and is the pole's own when that is allowed; the closest aim is never worse than a dense
// search over swing direction, swing angle and twist.

#include <gtest/gtest.h>

#include <random>

#include "core/ik_test_rigs.hpp"
#include "core/rotation_math.hpp"
#include "core/two_bone_swing_twist.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

glm::vec3 random_unit(std::mt19937& rng) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    glm::vec3 v{n(rng), n(rng), n(rng)};
    return glm::length(v) > 1e-3f ? glm::normalize(v) : glm::vec3{1, 0, 0};
}

struct Limits {
    float swing;
    AngleRange twist;
};

Limits random_limits(std::mt19937& rng) {
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    Limits l{0.1f + 2.8f * u(rng), {}};
    if (u(rng) < 0.7f) {
        const float a = -kPi + 2.0f * kPi * u(rng), b = -kPi + 2.0f * kPi * u(rng);
        l.twist = {std::min(a, b), std::max(a, b)};
    }
    return l;
}

// Within the limits by at least `margin` radians on every side.
bool inside_by(const glm::quat& q, const Limits& l, float margin) {
    const SwingTwist st = split_swing_twist(q);
    return st.swing_angle <= l.swing - margin && st.twist >= l.twist.lo + margin && st.twist <= l.twist.hi - margin;
}

// The best dot(q tip, w) over a grid of poses within the limits.
float dense_best(const glm::vec3& tip, const glm::vec3& w, const Limits& l) {
    float best = -2.0f;
    constexpr int kSwings = 24, kAzimuths = 72, kTwists = 48;
    for (int i = 0; i <= kSwings; ++i) {
        const float swing = l.swing * static_cast<float>(i) / kSwings;
        for (int j = 0; j < (i == 0 ? 1 : kAzimuths); ++j) {
            const float a = 2.0f * kPi * static_cast<float>(j) / kAzimuths;
            const glm::quat s = glm::angleAxis(swing, glm::vec3{0.0f, -std::sin(a), std::cos(a)});
            for (int k = 0; k <= kTwists; ++k) {
                const float t = l.twist.lo + (l.twist.hi - l.twist.lo) * static_cast<float>(k) / kTwists;
                best = std::max(best, glm::dot(s * glm::angleAxis(t, glm::vec3{1, 0, 0}) * tip, w));
            }
        }
    }
    return best;
}

}  // namespace

TEST(TwoBoneSwingTwist, ClosestAimIsNoWorseThanADenseSearch) {
    std::mt19937 rng(91);
    int worse = 0;
    float worst = 0.0f;
    for (int k = 0; k < 300; ++k) {
        const glm::vec3 tip = random_unit(rng), w = random_unit(rng);
        const Limits l = random_limits(rng);
        const glm::quat q = closest_swing_twist_aim(tip, w, SwingTwistLimits(l.swing, l.twist));
        ASSERT_NEAR(glm::length(q), 1.0f, 1e-5f);
        ASSERT_TRUE(within_swing_twist(q, l.swing, l.twist, 1e-4f)) << "case " << k;
        // The grid's spacing (about 3.75 degrees) leaves its best up to ~1e-3 short of the true best.
        const float gap = dense_best(tip, w, l) - glm::dot(q * tip, w);
        worst = std::max(worst, gap);
        if (gap > 1e-4f) ++worse;
    }
    std::cout << "swing-twist closest aim: " << worse << " of 300 worse than the dense search, worst by " << worst << " in dot\n";
    EXPECT_EQ(worse, 0);
}

TEST(TwoBoneSwingTwist, SwivelKeepsToTheLimitsAndPrefersThePole) {
    std::mt19937 rng(92);
    std::uniform_real_distribution<float> u(-kPi, kPi);
    int pole_kept = 0, found = 0;
    for (int k = 0; k < 2000; ++k) {
        const glm::vec3 w = random_unit(rng);
        const glm::quat q0 = glm::angleAxis(u(rng), random_unit(rng));
        const glm::quat q1 = glm::quat{0.0f, w.x, w.y, w.z} * q0;
        const Limits l = random_limits(rng);
        const std::optional<float> psi = swing_twist_swivel(q0, q1, w, SwingTwistLimits(l.swing, l.twist));
        // Dense check of the whole family: is any swivel allowed?
        bool any = false;
        for (int i = 0; i < 720 && !any; ++i) {
            const float p = -kPi + 2.0f * kPi * static_cast<float>(i) / 720.0f;
            any = inside_by(std::cos(0.5f * p) * q0 + std::sin(0.5f * p) * q1, l, 1e-3f);
        }
        if (any) {
            ASSERT_TRUE(psi.has_value()) << "case " << k << ": a swivel within the limits exists";
        }
        if (!psi) continue;
        ++found;
        const glm::quat q = normalized(std::cos(0.5f * *psi) * q0 + std::sin(0.5f * *psi) * q1);
        ASSERT_TRUE(within_swing_twist(q, l.swing, l.twist, 1e-4f)) << "case " << k;
        if (inside_by(q0, l, 1e-4f)) {
            ASSERT_NEAR(*psi, 0.0f, 1e-6f) << "case " << k << ": the pole's swivel is allowed";
            ++pole_kept;
        }
    }
    std::cout << "swing-twist swivels: " << found << " of 2000 families have one, the pole's kept in " << pole_kept << "\n";
    EXPECT_GT(pole_kept, 100);
}

// The pure swing's closed form (pure_swing_reaches) against the swing built from it: without
// twist, turning v onto w, and within the limit exactly when the test says so.
TEST(TwoBoneSwingTwist, PureSwingReachesAsTheSwingItselfSays) {
    std::mt19937 rng(93);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    int reaches = 0;
    for (int k = 0; k < 5000; ++k) {
        const float length = 0.1f + 2.0f * u(rng);
        const glm::vec3 v = length * random_unit(rng), w = random_unit(rng);
        const Limits l = random_limits(rng);
        // The swing taking v's direction onto w with no x part (the comment in the source).
        const float along = v.x + length * w.x;
        const float across = glm::cross(v, w).x;
        const glm::quat q0{length + glm::dot(v, w), glm::cross(v, w)};
        const glm::quat q1{0.0f, v + length * w};
        const glm::quat swing = glm::normalize(along * q0 - across * q1);
        ASSERT_NEAR(swing.x, 0.0f, 1e-4f) << "case " << k;
        ASSERT_LT(glm::length(swing * v - length * w), 1e-4f * length) << "case " << k;
        const float angle = 2.0f * std::acos(std::min(1.0f, std::fabs(swing.w)));
        if (std::fabs(angle - l.swing) < 1e-3f) continue;  // too close to call in float
        const bool said = pure_swing_reaches(v, length, w, SwingTwistLimits(l.swing, l.twist));
        EXPECT_EQ(said, angle <= l.swing) << "case " << k << ": swing " << angle << ", limit " << l.swing;
        reaches += said;
    }
    std::cout << "pure swings within the limit: " << reaches << " of 5000\n";
    EXPECT_GT(reaches, 500);
    EXPECT_LT(reaches, 4500);
}

// The miss with the twist held at a range end (TwistEndAims) against a dense search over the
// swings at that twist: never worse than the grid's best, and short of it only by the grid's
// spacing (it is a pose's miss, not a bound).
TEST(TwoBoneSwingTwist, TwistEndMissMatchesADenseSearchOfSwings) {
    std::mt19937 rng(94);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    float worst_over = 0.0f, worst_under = 0.0f;
    for (int k = 0; k < 200; ++k) {
        const glm::vec3 tip = (0.2f + 1.5f * u(rng)) * random_unit(rng), w = random_unit(rng);
        Limits l = random_limits(rng);
        if (l.twist.lo <= -kPi && l.twist.hi >= kPi) l.twist = {-0.5f, 0.7f};
        const float wanted = 0.1f + 2.0f * u(rng);
        const SwingTwistLimits limits(l.swing, l.twist);
        const bool at_lo = k % 2 == 0;
        const float end = at_lo ? l.twist.lo : l.twist.hi;
        const TwistEndAims aims(at_lo ? limits.twist_lo_half : limits.twist_hi_half, tip, glm::vec3{0.0f}, glm::vec3{0.0f}, w, limits);
        const float miss = aims.miss(Rot2{1.0f, 0.0f}, wanted, 1e-6f);
        const glm::vec3 twisted = glm::angleAxis(end, glm::vec3{1, 0, 0}) * tip;
        float dense = INFINITY;
        constexpr int kSwings = 96, kAzimuths = 360;
        for (int i = 0; i <= kSwings; ++i) {
            const float swing = l.swing * static_cast<float>(i) / kSwings;
            for (int j = 0; j < (i == 0 ? 1 : kAzimuths); ++j) {
                const float a = 2.0f * kPi * static_cast<float>(j) / kAzimuths;
                const glm::quat s = glm::angleAxis(swing, glm::vec3{0.0f, -std::sin(a), std::cos(a)});
                dense = std::min(dense, glm::length(wanted * w - s * twisted));
            }
        }
        worst_over = std::max(worst_over, miss - dense);
        worst_under = std::max(worst_under, dense - miss);
        ASSERT_LE(miss, dense + 1e-5f) << "case " << k;
        ASSERT_GE(miss, dense - 2e-2f) << "case " << k;
    }
    std::cout << "twist-end misses: worse than the grid by at most " << worst_over << ", better by at most " << worst_under << "\n";
}
