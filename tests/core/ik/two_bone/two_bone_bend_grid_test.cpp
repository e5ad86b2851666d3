// The whole limit-aware solve of 3D limbs with a cone-limited upper joint (`max`: the pose
// rotation turns by at most that angle, twist included) and a hinged middle joint against a dense
// grid of the bend: a turn of at most C takes the tip T anywhere within the angle C of its
// direction (about the axis across T and the aim it moves by the full angle, about any other by
// less), so for each bend the closest tip misses the target g by the law of cosines with the
// angle between T and g less C (none when that is within C), and the least over the bends is the
// best any pose within the limits does. No solve may miss by more than the grid's least plus the
// tolerance. The grid is written from that geometry alone, not from the solver's closest aims;
// it would see a minimum the solve's 48 bend samples passed over, which the CCD reference of
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
#include <ostream>
#include <random>
#include <string>

#include "core/ik/grid_check.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

int bend_grid_targets() { return targets_from_env("MARIONETTE_BEND_GRID_TARGETS", 2000); }

// Degrees, and the bones' lengths.
struct ConeLimb {
    const char* name;
    float cone, bend_lo, bend_hi;
    float upper = 1.0f, lower = 0.8f;
};

void PrintTo(const ConeLimb& limb, std::ostream* os) { *os << limb.name; }

// Bends 0.04 degrees apart or less over the range.
constexpr int kGridBends = 4096;

// Whether the range [lo, hi] (radians, lo <= hi) holds the angle a, or a turn from it.
bool range_holds(double a, double lo, double hi) {
    const double turn = 2.0 * 3.14159265358979323846;
    return hi - lo >= turn || std::fmod(std::fmod(a - lo, turn) + turn, turn) <= hi - lo;
}

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

// Solves the limb (bones 1 and 2 of `rig`, its root joint at the origin) toward `count` random
// targets within 1.2 reaches of it (2D: in its plane), each from rest and from the pose the last
// solve left, and fails any that misses by more than the tolerance beyond `least(target)`.
template <class Least>
void solve_against_grid(const Rig& rig, const TwoBoneSettings& settings, float reach, unsigned seed, const std::string& name,
                        const Least& least) {
    const bool is_2d = rig.is_2d();
    const float tol = 1e-4f * reach;  // the solve's own for a tolerance of none
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.2f * reach, 1.2f * reach);
    const int count = bend_grid_targets();
    Pose chained = rig.pose;
    GridTally tally;
    for (int k = 0; k < count; ++k) {
        glm::vec3 target{u(rng), u(rng), 0.0f};
        if (!is_2d) target.z = u(rng);
        if (!(glm::length(target) > 1e-3f * reach)) continue;
        solve_from_rest_and_chained(rig, 1, 2, settings, target, least(target), tol, chained, tally, "target " + std::to_string(k));
    }
    // Most targets lie beyond what the limits let the limb reach: the closest-pose search's.
    EXPECT_GT(tally.unreached, count / 10);
    EXPECT_EQ(tally.worse, 0);
    std::cout << name << ": " << count << " targets against the bend's grid (" << tally.unreached
              << " out of the limits' reach), the solve worse by at most " << tally.worst_excess << "; a tolerance is " << tol << "\n";
}

// The limb of `limits`, bones `upper` and `lower` long along x from the origin.
Rig grid_limb(Dimensions dims, float upper, float lower, const JointLimits& upper_limits, const JointLimits& middle_limits) {
    Rig rig = chain_rig(dims, {upper, lower}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
    rig.skeleton[1].limits = upper_limits;
    rig.skeleton[2].limits = middle_limits;
    return rig;
}

constexpr float kGridDegree = kPiF / 180.0f;

// A middle joint bending about its y within [lo, hi] degrees (2D: about z, the plane's).
JointLimits bend_limits(Dimensions dims, float lo, float hi) {
    JointLimits middle;
    if (dims == Dimensions::Three) middle.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
    middle.min_angle = lo * kGridDegree;
    middle.max_angle = hi * kGridDegree;
    return middle;
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
    double least = INFINITY;
    for (int j = 0; j <= kGridBends; ++j) {
        const double theta = bend_lo + (bend_hi - bend_lo) * static_cast<double>(j) / kGridBends;
        const double tx = limb.upper + limb.lower * std::cos(theta), ty = limb.lower * std::sin(theta);
        const double tl = std::hypot(tx, ty), phi = std::atan2(ty, tx);
        double miss = std::fabs(gl - tl);
        // Unless the upper joint's range turns the tip onto the target's direction.
        if (!range_holds(gamma - phi, lo, hi)) {
            auto at = [&](double a) { return std::hypot(g.x - tl * std::cos(a + phi), g.y - tl * std::sin(a + phi)); };
            miss = std::min(at(lo), at(hi));
        }
        least = std::min(least, miss);
    }
    return least;
}

class PlanarBendGrid : public ::testing::TestWithParam<PlanarLimb> {};

std::string planar_limb_name(const ::testing::TestParamInfo<PlanarLimb>& p) { return p.param.name; }

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
    double least = INFINITY;
    for (int j = 0; j <= kGridBends; ++j) {
        const double theta = bend_lo + (bend_hi - bend_lo) * static_cast<double>(j) / kGridBends;
        const glm::dvec3 t{limb.upper + limb.lower * std::cos(theta), 0.0, -limb.lower * std::sin(theta)};
        const glm::dvec3 along = glm::dot(t, h) * h, across = t - along;
        const double c = glm::dot(gd, along), A = glm::dot(gd, across), B = glm::dot(gd, glm::cross(h, t));
        double most = c + std::hypot(A, B);
        if (!range_holds(std::atan2(B, A), lo, hi))
            most = c + std::max(A * std::cos(lo) + B * std::sin(lo), A * std::cos(hi) + B * std::sin(hi));
        least = std::min(least, std::sqrt(std::max(glm::dot(gd, gd) + glm::dot(t, t) - 2.0 * most, 0.0)));
    }
    return least;
}

class HingedBendGrid : public ::testing::TestWithParam<HingedLimb> {};

std::string hinged_limb_name(const ::testing::TestParamInfo<HingedLimb>& p) { return p.param.name; }

}  // namespace

TEST_P(BendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const ConeLimb& limb = GetParam();
    JointLimits upper;
    upper.max_angle = limb.cone * kGridDegree;
    const Rig rig = grid_limb(Dimensions::Three, limb.upper, limb.lower, upper, bend_limits(Dimensions::Three, limb.bend_lo, limb.bend_hi));
    TwoBoneSettings settings;
    settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
    solve_against_grid(rig, settings, limb.upper + limb.lower, 923, limb.name, [&](const glm::vec3& target) {
        return bend_grid_least(limb, limb.cone * kGridDegree, limb.bend_lo * kGridDegree, limb.bend_hi * kGridDegree, target);
    });
}

INSTANTIATE_TEST_SUITE_P(Limbs, BendGrid,
                         ::testing::Values(ConeLimb{"ik_bench", 120, -10, 140}, ConeLimb{"narrow", 30, 0, 150},
                                           ConeLimb{"medium", 60, 0, 120}, ConeLimb{"square", 90, -90, 30}, ConeLimb{"wide", 150, 0, 120},
                                           ConeLimb{"nearly_free", 175, -30, 160}, ConeLimb{"bent_the_other_way", 120, -150, -20},
                                           ConeLimb{"locked_elbow", 70, 30, 30}, ConeLimb{"long_forearm", 120, -10, 140, 0.5f, 1.2f},
                                           ConeLimb{"equal_bones", 60, 0, 120, 1.0f, 1.0f}, ConeLimb{"small_cone", 10, 0, 140}),
                         cone_limb_name);

TEST_P(PlanarBendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const PlanarLimb& limb = GetParam();
    JointLimits upper;
    upper.min_angle = limb.upper_lo * kGridDegree;
    upper.max_angle = limb.upper_hi * kGridDegree;
    const Rig rig = grid_limb(Dimensions::Two, limb.upper, limb.lower, upper, bend_limits(Dimensions::Two, limb.bend_lo, limb.bend_hi));
    solve_against_grid(rig, TwoBoneSettings{}, limb.upper + limb.lower, 925, std::string(limb.name) + " (2D)",
                       [&](const glm::vec3& target) {
                           return planar_grid_least(limb, limb.upper_lo * kGridDegree, limb.upper_hi * kGridDegree,
                                                    limb.bend_lo * kGridDegree, limb.bend_hi * kGridDegree, {target.x, target.y});
                       });
}

INSTANTIATE_TEST_SUITE_P(Limbs, PlanarBendGrid,
                         ::testing::Values(PlanarLimb{"ik_bench", -40, 180, -20, 130}, PlanarLimb{"narrow", -20, 20, 0, 150},
                                           PlanarLimb{"one_way", 0, 90, -150, -10}, PlanarLimb{"nearly_all", -170, 170, -160, 160},
                                           PlanarLimb{"locked_elbow", -60, 60, 45, 45},
                                           PlanarLimb{"long_forearm", -40, 180, -20, 130, 0.5f, 1.2f},
                                           PlanarLimb{"equal_bones", -90, 45, 0, 170, 1.0f, 1.0f}),
                         planar_limb_name);

TEST_P(HingedBendGrid, NoSolveMissesByMoreThanTheBendsBestPose) {
    const HingedLimb& limb = GetParam();
    JointLimits upper;
    upper.hinge = glm::normalize(limb.axis);
    upper.min_angle = limb.upper_lo * kGridDegree;
    upper.max_angle = limb.upper_hi * kGridDegree;
    const Rig rig = grid_limb(Dimensions::Three, limb.upper, limb.lower, upper, bend_limits(Dimensions::Three, limb.bend_lo, limb.bend_hi));
    TwoBoneSettings settings;
    settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
    solve_against_grid(rig, settings, limb.upper + limb.lower, 927, std::string(limb.name) + " (hinged)", [&](const glm::vec3& target) {
        return hinged_grid_least(limb, limb.upper_lo * kGridDegree, limb.upper_hi * kGridDegree, limb.bend_lo * kGridDegree,
                                 limb.bend_hi * kGridDegree, target);
    });
}

INSTANTIATE_TEST_SUITE_P(
    Limbs, HingedBendGrid,
    ::testing::Values(HingedLimb{"in_the_bend_plane", {0, 1, 0}, -40, 180, -20, 130}, HingedLimb{"across_it", {0, 0, 1}, -90, 90, -10, 140},
                      HingedLimb{"slanted", {0, 0.6f, 0.8f}, -60, 120, 0, 150}, HingedLimb{"along_the_bone", {1, 0, 0}, -90, 90, 0, 120},
                      HingedLimb{"narrow", {0, 0, 1}, -10, 10, 0, 150}, HingedLimb{"locked_elbow", {0.3f, 0, 1}, -120, 60, 45, 45}),
    hinged_limb_name);
