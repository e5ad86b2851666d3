// The whole limit-aware solve of 3D limbs with a cone-limited upper joint (`max`: the pose
// rotation turns by at most that angle, twist included) and a hinged middle joint against a dense
// grid of the bend: a turn of at most C takes the tip T anywhere within the angle C of its
// direction (about the axis across T and the aim it moves by the full angle, about any other by
// less), so for each bend the closest tip misses the target g by the law of cosines with the
// angle between T and g less C (none when that is within C), and the least over the bends is the
// best any pose within the limits does. No solve may miss by more than the grid's least plus the
// tolerance. The grid is written from that geometry alone, not from the solver's closest aims;
// it finds a minimum the solve's 48 bend samples pass over, which the CCD reference of
// two_bone_limits_test cannot (from the solved pose it stays in the same one). On limbs of
// several cones, bend ranges and bone lengths, solved from rest and from the pose the last
// target left, as a drag does. The same for 2D limbs, whose upper joint turns within a range
// of angles: for each bend the closest tip is the target's direction when the range turns the
// tip there, else the nearer of the range's ends; and for 3D limbs whose upper joint is a hinge
// too, where the tip turns on a circle about the hinge and the closest point of its arc has a
// closed form.
//
// MARIONETTE_BEND_GRID_TARGETS overrides the 2,000 targets a limb gets (a sanitizer build runs
// fewer; 50,000 for a deep run after a change to the bend search).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>

#include "core/ik_test_rigs.hpp"
#include "core/joint_limits.hpp"
#include "core/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

int bend_grid_targets() {
    const char* text = std::getenv("MARIONETTE_BEND_GRID_TARGETS");
    return text ? std::max(1, std::atoi(text)) : 2000;
}

// Degrees, and the bones' lengths.
struct ConeLimb {
    const char* name;
    float cone, bend_lo, bend_hi;
    float upper = 1.0f, lower = 0.8f;
};

void PrintTo(const ConeLimb& limb, std::ostream* os) { *os << limb.name; }

// Bends 0.04 degrees apart or less over the range.
constexpr int kGridBends = 4096;

// The least miss over the grid's bends of the closest tip a turn of at most `cone` (radians)
// puts there, for the limb's tips T(θ) = (upper, 0, 0) + lower (cos θ, 0, -sin θ) and the target
// g, both in the upper bone's rest frame. In double precision: the reference must not round
// worse than the solve.
double bend_grid_least(const ConeLimb& limb, double cone, double lo, double hi, const glm::vec3& g) {
    const double gx = g.x, gy = g.y, gz = g.z;
    const double gl = std::sqrt(gx * gx + gy * gy + gz * gz);
    double least = INFINITY;
    for (int j = 0; j <= kGridBends; ++j) {
        const double theta = lo + (hi - lo) * static_cast<double>(j) / kGridBends;
        const double tx = limb.upper + limb.lower * std::cos(theta), tz = -limb.lower * std::sin(theta);
        const double tl = std::sqrt(tx * tx + tz * tz);
        const double cos_gap = std::clamp((tx * gx + tz * gz) / (tl * gl), -1.0, 1.0);
        const double gap = std::max(std::acos(cos_gap) - cone, 0.0);
        least = std::min(least, std::sqrt(std::max(gl * gl + tl * tl - 2.0 * gl * tl * std::cos(gap), 0.0)));
    }
    return least;
}

class BendGrid : public ::testing::TestWithParam<ConeLimb> {};

std::string cone_limb_name(const ::testing::TestParamInfo<ConeLimb>& p) { return p.param.name; }

// Degrees, and the bones' lengths.
struct PlanarLimb {
    const char* name;
    float upper_lo, upper_hi, bend_lo, bend_hi;
    float upper = 1.0f, lower = 0.8f;
};

void PrintTo(const PlanarLimb& limb, std::ostream* os) { *os << limb.name; }

// The least miss over the grid's bends for a 2D limb (tips T(θ) = (upper, 0) + lower (cos θ,
// sin θ), turned by the upper joint's angle within [lo, hi]) and the target g, in the upper
// bone's rest frame; radians, double precision.
double planar_grid_least(const PlanarLimb& limb, double lo, double hi, double bend_lo, double bend_hi, glm::vec2 g) {
    const double gl = std::hypot(static_cast<double>(g.x), static_cast<double>(g.y));
    const double gamma = std::atan2(static_cast<double>(g.y), static_cast<double>(g.x));
    const double turn = 2.0 * 3.14159265358979323846;
    double least = INFINITY;
    for (int j = 0; j <= kGridBends; ++j) {
        const double theta = bend_lo + (bend_hi - bend_lo) * static_cast<double>(j) / kGridBends;
        const double tx = limb.upper + limb.lower * std::cos(theta), ty = limb.lower * std::sin(theta);
        const double tl = std::hypot(tx, ty), phi = std::atan2(ty, tx);
        // The upper joint's angle turning the tip onto the target's direction, from lo.
        const double past_lo = std::fmod(std::fmod(gamma - phi - lo, turn) + turn, turn);
        double miss = std::fabs(gl - tl);
        if (!(hi - lo >= turn || past_lo <= hi - lo)) {
            auto at = [&](double a) { return std::hypot(g.x - tl * std::cos(a + phi), g.y - tl * std::sin(a + phi)); };
            miss = std::min(at(lo), at(hi));
        }
        least = std::min(least, miss);
    }
    return least;
}

class PlanarBendGrid : public ::testing::TestWithParam<PlanarLimb> {};

// Degrees, the upper joint's hinge axis, and the bones' lengths.
struct HingedLimb {
    const char* name;
    glm::vec3 axis;
    float upper_lo, upper_hi, bend_lo, bend_hi;
    float upper = 1.0f, lower = 0.8f;
};

void PrintTo(const HingedLimb& limb, std::ostream* os) { *os << limb.name; }

// The least miss over the grid's bends for a 3D limb whose upper joint turns about the unit
// `axis` within [lo, hi] (the tips as for a cone), the target g in the upper bone's rest frame:
// turned by a, T is (T.h) h + cos a T' + sin a h x T (T' across h), so g.tip is c + A cos a +
// B sin a, most at atan2(B, A) when the range holds it, else at the nearer end.
double hinged_grid_least(const HingedLimb& limb, double lo, double hi, double bend_lo, double bend_hi, const glm::vec3& g) {
    const glm::dvec3 h = glm::normalize(glm::dvec3(limb.axis)), gd(g);
    const double turn = 2.0 * 3.14159265358979323846;
    double least = INFINITY;
    for (int j = 0; j <= kGridBends; ++j) {
        const double theta = bend_lo + (bend_hi - bend_lo) * static_cast<double>(j) / kGridBends;
        const glm::dvec3 t{limb.upper + limb.lower * std::cos(theta), 0.0, -limb.lower * std::sin(theta)};
        const glm::dvec3 along = glm::dot(t, h) * h, across = t - along;
        const double c = glm::dot(gd, along), A = glm::dot(gd, across), B = glm::dot(gd, glm::cross(h, t));
        const double best = std::atan2(B, A);
        const double past_lo = std::fmod(std::fmod(best - lo, turn) + turn, turn);
        double most = c + std::hypot(A, B);
        if (!(hi - lo >= turn || past_lo <= hi - lo)) most = c + std::max(A * std::cos(lo) + B * std::sin(lo), A * std::cos(hi) + B * std::sin(hi));
        least = std::min(least, std::sqrt(std::max(glm::dot(gd, gd) + glm::dot(t, t) - 2.0 * most, 0.0)));
    }
    return least;
}

class HingedBendGrid : public ::testing::TestWithParam<HingedLimb> {};

std::string hinged_limb_name(const ::testing::TestParamInfo<HingedLimb>& p) { return p.param.name; }

std::string planar_limb_name(const ::testing::TestParamInfo<PlanarLimb>& p) { return p.param.name; }

}  // namespace

TEST_P(BendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const ConeLimb& limb = GetParam();
    const float degree = kPiF / 180.0f;
    // The shoulder at the origin, both bones along x at rest: the upper bone's rest frame is the
    // world's.
    Rig rig = chain_rig(Dimensions::Three, {limb.upper, limb.lower}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
    JointLimits upper, middle;
    upper.max_angle = limb.cone * degree;
    middle.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
    middle.min_angle = limb.bend_lo * degree;
    middle.max_angle = limb.bend_hi * degree;
    rig.skeleton[1].limits = upper;
    rig.skeleton[2].limits = middle;
    const float reach = limb.upper + limb.lower;
    const float tol = 1e-4f * reach;  // the solve's own for a tolerance of none
    TwoBoneSettings settings;
    settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
    std::mt19937 rng(923);
    std::uniform_real_distribution<float> u(-1.2f * reach, 1.2f * reach);
    const int count = bend_grid_targets();
    Pose chained = rig.pose;
    int unreached = 0, worse = 0;
    double worst_excess = -INFINITY;
    for (int k = 0; k < count; ++k) {
        const glm::vec3 target{u(rng), u(rng), u(rng)};
        if (!(glm::length(target) > 1e-3f * reach)) continue;
        const double least = bend_grid_least(limb, limb.cone * degree, limb.bend_lo * degree, limb.bend_hi * degree, target);
        Pose from_rest = rig.pose;
        for (Pose* pose : {&from_rest, &chained}) {
            const TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, pose};
            ASSERT_TRUE(job.validate().ok());
            const float miss = job.run().error;
            ASSERT_TRUE(std::isfinite(miss));
            if (pose == &from_rest) unreached += miss > tol;
            worst_excess = std::max(worst_excess, static_cast<double>(miss) - least);
            if (miss > least + tol) {
                ++worse;
                ADD_FAILURE() << "target " << k << " (" << target.x << ", " << target.y << ", " << target.z << ")" << (pose == &chained ? ", chained" : ", from rest")
                              << ": missed by " << miss << " where a pose within the limits misses by " << least;
            }
        }
    }
    // Most targets lie beyond what the limits let the limb reach: the closest-pose search's.
    EXPECT_GT(unreached, count / 10);
    EXPECT_EQ(worse, 0);
    std::cout << limb.name << ": " << count << " targets against the bend's grid (" << unreached << " out of the limits' reach), the solve worse by at most "
              << worst_excess << "; a tolerance is " << tol << "\n";
}

INSTANTIATE_TEST_SUITE_P(Limbs, BendGrid,
                         ::testing::Values(ConeLimb{"ik_bench", 120, -10, 140}, ConeLimb{"narrow", 30, 0, 150}, ConeLimb{"medium", 60, 0, 120},
                                           ConeLimb{"square", 90, -90, 30}, ConeLimb{"wide", 150, 0, 120}, ConeLimb{"nearly_free", 175, -30, 160},
                                           ConeLimb{"bent_the_other_way", 120, -150, -20}, ConeLimb{"locked_elbow", 70, 30, 30},
                                           ConeLimb{"long_forearm", 120, -10, 140, 0.5f, 1.2f}, ConeLimb{"equal_bones", 60, 0, 120, 1.0f, 1.0f},
                                           ConeLimb{"small_cone", 10, 0, 140}),
                         cone_limb_name);

TEST_P(PlanarBendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const PlanarLimb& limb = GetParam();
    const float degree = kPiF / 180.0f;
    Rig rig = chain_rig(Dimensions::Two, {limb.upper, limb.lower}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
    JointLimits upper, middle;
    upper.min_angle = limb.upper_lo * degree;
    upper.max_angle = limb.upper_hi * degree;
    middle.min_angle = limb.bend_lo * degree;
    middle.max_angle = limb.bend_hi * degree;
    rig.skeleton[1].limits = upper;
    rig.skeleton[2].limits = middle;
    const float reach = limb.upper + limb.lower;
    const float tol = 1e-4f * reach;
    std::mt19937 rng(925);
    std::uniform_real_distribution<float> u(-1.2f * reach, 1.2f * reach);
    const int count = bend_grid_targets();
    Pose chained = rig.pose;
    int unreached = 0, worse = 0;
    double worst_excess = -INFINITY;
    for (int k = 0; k < count; ++k) {
        const glm::vec2 target{u(rng), u(rng)};
        if (!(glm::length(target) > 1e-3f * reach)) continue;
        const double least = planar_grid_least(limb, limb.upper_lo * degree, limb.upper_hi * degree, limb.bend_lo * degree, limb.bend_hi * degree, target);
        Pose from_rest = rig.pose;
        for (Pose* pose : {&from_rest, &chained}) {
            const TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, {target, 0.0f}, TwoBoneSettings{}, 0.0f, pose};
            ASSERT_TRUE(job.validate().ok());
            const float miss = job.run().error;
            ASSERT_TRUE(std::isfinite(miss));
            if (pose == &from_rest) unreached += miss > tol;
            worst_excess = std::max(worst_excess, static_cast<double>(miss) - least);
            if (miss > least + tol) {
                ++worse;
                ADD_FAILURE() << "target " << k << " (" << target.x << ", " << target.y << ")" << (pose == &chained ? ", chained" : ", from rest")
                              << ": missed by " << miss << " where a pose within the limits misses by " << least;
            }
        }
    }
    EXPECT_GT(unreached, count / 10);
    EXPECT_EQ(worse, 0);
    std::cout << limb.name << " (2D): " << count << " targets against the bend's grid (" << unreached
              << " out of the limits' reach), the solve worse by at most " << worst_excess << "; a tolerance is " << tol << "\n";
}

INSTANTIATE_TEST_SUITE_P(Limbs, PlanarBendGrid,
                         ::testing::Values(PlanarLimb{"ik_bench", -40, 180, -20, 130}, PlanarLimb{"narrow", -20, 20, 0, 150},
                                           PlanarLimb{"one_way", 0, 90, -150, -10}, PlanarLimb{"nearly_all", -170, 170, -160, 160},
                                           PlanarLimb{"locked_elbow", -60, 60, 45, 45}, PlanarLimb{"long_forearm", -40, 180, -20, 130, 0.5f, 1.2f},
                                           PlanarLimb{"equal_bones", -90, 45, 0, 170, 1.0f, 1.0f}),
                         planar_limb_name);

TEST_P(HingedBendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const HingedLimb& limb = GetParam();
    const float degree = kPiF / 180.0f;
    Rig rig = chain_rig(Dimensions::Three, {limb.upper, limb.lower}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
    JointLimits upper, middle;
    upper.hinge = glm::normalize(limb.axis);
    upper.min_angle = limb.upper_lo * degree;
    upper.max_angle = limb.upper_hi * degree;
    middle.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
    middle.min_angle = limb.bend_lo * degree;
    middle.max_angle = limb.bend_hi * degree;
    rig.skeleton[1].limits = upper;
    rig.skeleton[2].limits = middle;
    const float reach = limb.upper + limb.lower;
    const float tol = 1e-4f * reach;
    TwoBoneSettings settings;
    settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
    std::mt19937 rng(927);
    std::uniform_real_distribution<float> u(-1.2f * reach, 1.2f * reach);
    const int count = bend_grid_targets();
    Pose chained = rig.pose;
    int unreached = 0, worse = 0;
    double worst_excess = -INFINITY;
    for (int k = 0; k < count; ++k) {
        const glm::vec3 target{u(rng), u(rng), u(rng)};
        if (!(glm::length(target) > 1e-3f * reach)) continue;
        const double least = hinged_grid_least(limb, limb.upper_lo * degree, limb.upper_hi * degree, limb.bend_lo * degree, limb.bend_hi * degree, target);
        Pose from_rest = rig.pose;
        for (Pose* pose : {&from_rest, &chained}) {
            const TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, pose};
            ASSERT_TRUE(job.validate().ok());
            const float miss = job.run().error;
            ASSERT_TRUE(std::isfinite(miss));
            if (pose == &from_rest) unreached += miss > tol;
            worst_excess = std::max(worst_excess, static_cast<double>(miss) - least);
            if (miss > least + tol) {
                ++worse;
                ADD_FAILURE() << "target " << k << " (" << target.x << ", " << target.y << ", " << target.z << ")" << (pose == &chained ? ", chained" : ", from rest")
                              << ": missed by " << miss << " where a pose within the limits misses by " << least;
            }
        }
    }
    EXPECT_GT(unreached, count / 10);
    EXPECT_EQ(worse, 0);
    std::cout << limb.name << " (hinged): " << count << " targets against the bend's grid (" << unreached
              << " out of the limits' reach), the solve worse by at most " << worst_excess << "; a tolerance is " << tol << "\n";
}

INSTANTIATE_TEST_SUITE_P(Limbs, HingedBendGrid,
                         ::testing::Values(HingedLimb{"in_the_bend_plane", {0, 1, 0}, -40, 180, -20, 130}, HingedLimb{"across_it", {0, 0, 1}, -90, 90, -10, 140},
                                           HingedLimb{"slanted", {0, 0.6f, 0.8f}, -60, 120, 0, 150}, HingedLimb{"along_the_bone", {1, 0, 0}, -90, 90, 0, 120},
                                           HingedLimb{"narrow", {0, 0, 1}, -10, 10, 0, 150}, HingedLimb{"locked_elbow", {0.3f, 0, 1}, -120, 60, 45, 45}),
                         hinged_limb_name);
