// The two-bone solve's swing-twist pieces against brute force: the swivel it picks keeps to the
// limits and is the pole's own when that is allowed; the closest aim is never worse than a dense
// search over swing direction, swing angle and twist.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/ik/two_bone/two_bone_swing_twist.hpp"
#include "core/ik/two_bone/two_bone_swing_twist_rim.hpp"
#include "core/math/rotation_math.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

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

// A tip on the bone's axis (a limb held straight) turns with no twist, so every twist of the
// closest swing ties: the tie goes to the pose nearest the shortest turn onto the aim, which
// moves smoothly as the aim goes round beyond the swing's reach; left to rounding, the twist
// jumped between the range's ends from one step to the next.
TEST(TwoBoneSwingTwist, TiedTwistsOfAStraightTipFollowTheAimSmoothly) {
    const SwingTwistLimits limits(1.2f, AngleRange{-0.5f, 0.5f});
    const glm::vec3 tip{1.0f, 0.0f, 0.0f};
    constexpr int kSteps = 2000;
    float worst = 0.0f;
    glm::quat before{1.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k <= kSteps; ++k) {
        const float a = 2.0f * kPi * static_cast<float>(k) / kSteps;  // 0.18 degrees a step
        const glm::vec3 w{std::cos(2.0f), std::sin(2.0f) * std::cos(a), std::sin(2.0f) * std::sin(a)};
        const glm::quat q = closest_swing_twist_aim(tip, w, limits);
        ASSERT_TRUE(within_swing_twist(q, limits.swing, limits.twist, 1e-4f)) << "step " << k;
        if (k > 0) worst = std::max(worst, 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(q, before)))));
        before = q;
    }
    std::cout << "straight tip, aim going round: largest turn in a step " << worst << " rad\n";
    EXPECT_LT(worst, 0.01f);
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

// The poses with the twist at a range end and the swing on its rim (TwistEndRim, searched over
// the rim's direction with the bend in closed form) against a dense grid of rim directions and
// bends: the least found is never worse than the grid's, and it is a pose's own miss (the grid
// at its bend comes within its spacing of it). Bends over a whole turn, over part of one, and
// held at one angle.
TEST(TwoBoneSwingTwist, TwistEndMinimaMatchADenseSearchOfRimAndBend) {
    std::mt19937 rng(94);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    float worst_over = 0.0f, worst_under = 0.0f;
    for (int k = 0; k < 150; ++k) {
        const float radius = 0.2f + 0.8f * u(rng);
        const glm::vec3 t0 = 1.5f * u(rng) * random_unit(rng);
        const glm::vec3 tc_dir = random_unit(rng);
        glm::vec3 ts_dir = glm::cross(tc_dir, random_unit(rng));
        ts_dir = glm::length(ts_dir) > 1e-3f ? glm::normalize(ts_dir) : any_perpendicular(tc_dir);
        const glm::vec3 tc = radius * tc_dir, ts = radius * ts_dir;
        const glm::vec3 w = random_unit(rng);
        Limits l = random_limits(rng);
        if (l.twist.lo <= -kPi && l.twist.hi >= kPi) l.twist = {-0.5f, 0.7f};
        const float wanted = 0.1f + 2.4f * u(rng);
        AngleRange bends;
        if (k % 3 != 0) {
            const float lo = -kPi + 2.0f * kPi * u(rng), width = 0.1f + (2.0f * kPi - 0.2f) * u(rng);
            bends = {lo, k % 5 == 4 ? lo : lo + width};  // some of no width: a joint held at one angle
        }
        const SwingTwistLimits limits(l.swing, l.twist);
        const bool at_lo = k % 2 == 0;
        const float end = at_lo ? l.twist.lo : l.twist.hi;
        const TwistEndRim rim(at_lo ? limits.twist_lo_half : limits.twist_hi_half, t0, tc, ts, w, wanted, limits, bends);
        // The rim's sampled minima, each refined with the minima beside it, as the solve takes them.
        TwistEndRim::Minimum sampled[shaped::kMostBendMinima];
        const int m = rim.sampled_minima(sampled);
        struct Found {
            float bend, miss;
        };
        Found found[shaped::kMostBendMinima * TwistEndRim::kMostRefinedBeside];
        int n = 0;
        for (int j = 0; j < m; ++j) {
            TwistEndRim::Minimum refined[TwistEndRim::kMostRefinedBeside];
            const int r = rim.refined_minima(sampled[j], refined);
            for (int i = 0; i < r; ++i) found[n++] = {rim.bend_angle(rim.closest(refined[i].a)), refined[i].miss};
        }
        ASSERT_GE(n, 1);
        Found least = found[0];
        for (int j = 0; j < n; ++j) {
            ASSERT_GE(found[j].bend, bends.lo) << "case " << k;
            ASSERT_LE(found[j].bend, bends.hi) << "case " << k;
            if (found[j].miss < least.miss) least = found[j];
        }
        const glm::quat twist = glm::angleAxis(end, glm::vec3{1, 0, 0});
        auto miss_at = [&](float theta, float a) {
            const glm::quat s = glm::angleAxis(l.swing, glm::vec3{0.0f, -std::sin(a), std::cos(a)});
            return glm::length(wanted * w - s * twist * (t0 + std::cos(theta) * tc + std::sin(theta) * ts));
        };
        float dense = INFINITY;
        constexpr int kBends = 120, kRim = 360;
        for (int i = 0; i <= kBends; ++i) {
            const float theta = bends.lo + (bends.hi - bends.lo) * static_cast<float>(i) / kBends;
            for (int j = 0; j < kRim; ++j) dense = std::min(dense, miss_at(theta, 2.0f * kPi * static_cast<float>(j) / kRim));
        }
        float at_bend = INFINITY;
        for (int j = 0; j < 10 * kRim; ++j)
            at_bend = std::min(at_bend, miss_at(least.bend, 2.0f * kPi * static_cast<float>(j) / (10 * kRim)));
        worst_over = std::max(worst_over, least.miss - dense);
        worst_under = std::max(worst_under, dense - least.miss);
        ASSERT_LE(least.miss, dense + 1e-5f) << "case " << k << ": the grid found a closer pose";
        ASSERT_GE(least.miss, at_bend - 1e-4f) << "case " << k << ": no pose at its bend misses by so little";
        ASSERT_LE(least.miss, at_bend + 1e-5f) << "case " << k;
    }
    std::cout << "twist-end minima: worse than the grid by at most " << worst_over << ", better by at most " << worst_under << "\n";
}
