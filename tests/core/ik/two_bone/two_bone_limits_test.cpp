// The limit-aware two-bone solve against a slow reference: CCD with thousands of iterations from
// several starts (the rest pose, the solve's own answer, random poses within the limits), on the
// shipped rigs' limited limbs. Where some pose within the limits reaches a target the solve must
// reach it in one call (misses allowed on at most 0.1% of the targets the reference reaches), and
// it never misses by more than the reference plus the tolerance; its pose keeps to the limits.
// MARIONETTE_IK_REFERENCE_TARGETS overrides the count (a sanitizer build runs fewer).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/grid_check.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/limb_paths.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

int target_count() { return targets_from_env("MARIONETTE_IK_REFERENCE_TARGETS", 100000); }

struct Limb {
    const char* file;
    const char* chain;
    // The chain's ball joints given swing-twist limits instead: the cone's angle as the swing,
    // and a twist of +-`twist` degrees (0: the ball joints keep their cones).
    float twist = 0.0f;
};

struct LimbRig {
    Rig rig;
    IkChain chain;
};

LimbRig load_limb(const Limb& limb) {
    Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / limb.file);
    EXPECT_TRUE(r.ok());
    LimbRig out{std::move(r).value(), {}};
    for (const IkChain& c : out.rig.chains) {
        if (c.name == limb.chain) out.chain = c;
    }
    EXPECT_EQ(out.chain.name, limb.chain);
    if (limb.twist > 0.0f) give_swing_twist(out.rig, out.chain.root, out.chain.effector, limb.twist);
    return out;
}

// A random rotation within the joint's limits (the rest pose for an unlimited one is as good a
// start as any other: the reference's other starts cover the rest).
glm::quat random_within(std::mt19937& rng, const Bone& bone, bool is_2d) {
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    if (!bone.limits) return random_turn(rng, is_2d ? Dimensions::Two : Dimensions::Three);
    const AngleRange range = angle_range(*bone.limits);
    const float angle = range.lo + (range.hi - range.lo) * u(rng);
    if (is_2d) return rotation_2d(angle);
    if (bone.limits->hinge) return glm::angleAxis(angle, *bone.limits->hinge);
    if (bone.limits->is_swing_twist()) return constrain_rotation(random_turn(rng, Dimensions::Three), *bone.limits, false);
    const float cone = bone.limits->max_angle.value_or(kPiF);
    glm::vec3 axis = random_point(rng, Dimensions::Three, 1.0f);
    if (glm::length(axis) < 1e-3f) axis = {1, 0, 0};
    return glm::angleAxis(cone * u(rng), glm::normalize(axis));
}

// The least miss of CCD from each start, each run to convergence or 3000 iterations.
float reference_miss(const Rig& rig, const IkChain& chain, const glm::vec3& target, const std::vector<Pose>& starts, float tol) {
    std::vector<CcdJoint> scratch(2);
    CcdSettings settings;
    settings.max_iterations = 3000;
    settings.tolerance = 0.25f * tol;
    float best = INFINITY;
    for (Pose p : starts) {
        const CcdJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, target, settings, scratch, &p};
        EXPECT_TRUE(job.validate().ok());
        best = std::min(best, job.run().error);
    }
    return best;
}

class TwoBoneLimits : public ::testing::TestWithParam<Limb> {};

std::string limb_name(const ::testing::TestParamInfo<Limb>& p) {
    return std::string(p.param.file).substr(0, std::string(p.param.file).find('.')) + "_" + p.param.chain +
           (p.param.twist > 0.0f ? "_swing_twist" : "");
}

}  // namespace

TEST_P(TwoBoneLimits, ReachWhatTheLimitsAllowInOneCall) {
    const LimbRig limb = load_limb(GetParam());
    const Rig& rig = limb.rig;
    const IkChain& chain = limb.chain;
    const bool is_2d = rig.is_2d();
    const auto A = static_cast<std::size_t>(chain.root);
    const auto B = static_cast<std::size_t>(chain.effector);
    const glm::vec3 shoulder = world_of(rig, rig.pose)[A].translation;
    const float reach = glm::length(rig.skeleton[B].rest.translation) + rig.skeleton[B].length;
    const float tol = 1e-4f * reach;
    TwoBoneSettings settings = chain.two_bone;
    settings.softness = 0.0f;  // the reference knows nothing of a soft reach
    std::mt19937 rng(is_2d ? 71 : 72);
    const int count = target_count();
    int reference_reached = 0, missed = 0, worse = 0;
    float worst_excess = 0.0f;
    for (int k = 0; k < count; ++k) {
        const glm::vec3 target = shoulder + random_point(rng, rig.dimensions, 1.2f * reach);
        Pose start = rig.pose;
        start.rotations[A] = random_within(rng, rig.skeleton[A], is_2d);
        start.rotations[B] = random_within(rng, rig.skeleton[B], is_2d);
        Pose solved = start;
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, target, settings, 0.0f, &solved};
        ASSERT_TRUE(job.validate().ok());
        const IkResult r = job.run();
        for (const std::size_t b : {A, B}) {
            ASSERT_TRUE(within_limits(solved.rotations[b], *rig.skeleton[b].limits, is_2d, 1e-4f)) << "target " << k;
        }
        const float tip_miss = glm::length(tip_of(rig, solved, chain.effector) - target);
        ASSERT_NEAR(r.error, tip_miss, 1e-5f * reach) << "the reported miss is the pose's, target " << k;

        std::vector<Pose> starts{rig.pose, solved, start};
        for (int extra = 0; extra < 3; ++extra) {
            Pose p = rig.pose;
            p.rotations[A] = random_within(rng, rig.skeleton[A], is_2d);
            p.rotations[B] = random_within(rng, rig.skeleton[B], is_2d);
            starts.push_back(p);
        }
        const float reference = reference_miss(rig, chain, target, starts, tol);
        if (reference <= tol) {
            ++reference_reached;
            if (r.error > tol) ++missed;
        }
        if (r.error > reference + tol) ++worse;
        worst_excess = std::max(worst_excess, r.error - reference);
    }
    std::cout << limb_name({GetParam(), 0}) << ": " << count << " targets, the reference reaches " << reference_reached
              << ", the solve misses " << missed << " of those; " << worse
              << " misses worse than the reference by more than the tolerance (worst by " << worst_excess << ", tolerance " << tol << ")\n";
    EXPECT_LE(missed, reference_reached / 1000);
    EXPECT_EQ(worse, 0);
}

INSTANTIATE_TEST_SUITE_P(Ik, TwoBoneLimits,
                         ::testing::Values(Limb{"hero.json", "arm_l"}, Limb{"hero.json", "leg_l"}, Limb{"humanoid.json", "arm_l"},
                                           Limb{"humanoid.json", "leg_l"}, Limb{"humanoid.json", "arm_l", 60.0f},
                                           Limb{"humanoid.json", "leg_l", 30.0f}),
                         limb_name);

// Targets the closest-tip search once missed by more than the tolerance beyond the reference (the
// reference's own misses below), each a shape of the miss over the bend that misleads a quick
// search: a minimum just inside a range end where the miss is flat (a probe beside the end saw
// no fall); a V-shaped minimum on a sample (a parabola's vertex lands on it and stops); a
// swing-twist joint's miss, rough to rounding, where a parabola through a sample brackets the
// wrong side.
TEST(TwoBoneLimitsRegression, TheClosestPoseSearchFindsMinimaAQuickSearchMissed) {
    struct Case {
        Limb limb;
        glm::vec3 target;
        glm::quat upper, lower;  // the start pose of the chain's bones
        float reference;         // the least miss CCD found from six starts
    };
    const Case cases[] = {
        {{"humanoid.json", "arm_l"},
         {-0.0678344f, 1.51984f, -0.457908f},
         {0.852791f, -0.167265f, -0.0998223f, -0.484566f},
         {0.885797f, 0.0f, -0.464072f, 0.0f},
         0.00564113f},
        {{"humanoid.json", "arm_l"},
         {-0.0224413f, 1.56041f, -0.465141f},
         {0.601034f, -0.664877f, -0.44342f, -0.00863589f},
         {0.948552f, 0.0f, -0.316621f, 0.0f},
         0.00783332f},
        {{"humanoid.json", "leg_l", 30.0f},
         {-0.0918466f, 1.56391f, -0.401569f},
         {0.611516f, -0.163855f, 0.3885f, 0.669528f},
         {0.544149f, 0.0f, 0.838989f, 0.0f},
         0.0051702f},
        {{"humanoid.json", "arm_l", 60.0f},
         {-0.201454f, 1.58712f, 0.198943f},
         {0.433013f, 0.25f, 0.827798f, -0.254463f},
         {0.887674f, 0.0f, -0.460473f, 0.0f},
         0.00204299f},
    };
    for (const Case& c : cases) {
        const LimbRig limb = load_limb(c.limb);
        const Rig& rig = limb.rig;
        const auto A = static_cast<std::size_t>(limb.chain.root);
        const auto B = static_cast<std::size_t>(limb.chain.effector);
        const float reach = glm::length(rig.skeleton[B].rest.translation) + rig.skeleton[B].length;
        TwoBoneSettings settings = limb.chain.two_bone;
        settings.softness = 0.0f;
        Pose pose = rig.pose;
        pose.rotations[A] = c.upper;
        pose.rotations[B] = c.lower;
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, limb.chain.root, limb.chain.effector, c.target, settings, 0.0f, &pose};
        ASSERT_TRUE(job.validate().ok());
        EXPECT_LE(job.run().error, c.reference + 1e-4f * reach) << limb_name({c.limb, 0});
    }
}

// Swing-twist upper joint, twist +-30 degrees: the closest pose found by a twist end's search
// lies at the end of the bend range, nearer the start pose than the closest pose but no minimum
// of the miss (the pose a little way in, with the twist inside its range, misses by 8e-5 less,
// just under the tolerance). It must not win the tie for being near: the solve keeps to the
// closest pose (the least miss a dense search over bend and twist found).
TEST(TwoBoneLimitsRegression, ABendThatIsNoMinimumDoesNotWinATieForBeingNear) {
    struct Case {
        glm::vec3 target;
        glm::quat upper, lower;
        float least;
    };
    const Case cases[] = {
        {{1.04637408f, 1.5443629f, 0.337261438f},
         {0.923778772f, -0.247525811f, -0.2521649f, 0.147568852f},
         {0.93918401f, 0.0f, 0.343414307f, 0.0f},
         0.328519f},
        {{0.919501483f, 1.51976478f, 0.393571496f},
         {0.892895341f, -0.239250556f, 0.342083216f, 0.168748721f},
         {0.824599147f, 0.0f, 0.565717459f, 0.0f},
         0.238818f},
    };
    const LimbRig limb = load_limb({"humanoid.json", "leg_l", 30.0f});
    const Rig& rig = limb.rig;
    const auto A = static_cast<std::size_t>(limb.chain.root);
    const auto B = static_cast<std::size_t>(limb.chain.effector);
    TwoBoneSettings settings = limb.chain.two_bone;
    settings.softness = 0.0f;
    for (const Case& c : cases) {
        Pose pose = rig.pose;
        pose.rotations[A] = c.upper;
        pose.rotations[B] = c.lower;
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, limb.chain.root, limb.chain.effector, c.target, settings, 0.0f, &pose};
        ASSERT_TRUE(job.validate().ok());
        EXPECT_LE(job.run().error, c.least + 1e-5f);
    }
}

// ik_bench's limb (bones 1 and 0.8, a hinge elbow of [-10, 140] degrees about y, the pole toward
// +z) with a swing-twist shoulder (swing 120 degrees, twist +-60), in a drag from the pose the last
// target left: the closest pose has the twist at an end and the elbow bent the other way, far from
// the bends near the bound's minima, where the twist ends' search once looked (it found a pose
// missing by 0.2038 where 0.2019 is there). Against CCD from three starts.
TEST(TwoBoneLimitsRegression, ATwistEndPoseFarFromTheBoundsMinimaIsFound) {
    Rig rig = chain_rig(Dimensions::Three, {1.0f, 0.8f}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
    give_bench_swing_twist_limits(rig, 1, 2);
    TwoBoneSettings settings;
    settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
    const glm::vec3 target{-0x1.129bc8p+0f, 0x1.9d7864p+0f, 0x1.f66fbp-2f};
    Pose start = rig.pose;
    start.rotations[1] = glm::quat{0x1.d6acb2p-1f, -0x1.85695ap-5f, -0x1.7da51ep-2f, -0x1.e040c6p-4f};
    Pose solved = start;
    const TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, &solved};
    ASSERT_TRUE(job.validate().ok());
    const float miss = job.run().error;
    const float tol = 1e-4f * 1.8f;
    const float reference = reference_miss(rig, test_chain("arm", 1, 2, SolverKind::TwoBone), target, {rig.pose, start, solved}, tol);
    std::cout << "miss " << miss << ", the reference's " << reference << "\n";
    EXPECT_LE(miss, reference + tol);
}

// A twist end's miss over the rim has minima its 24 samples hide (the nearest bend jumps between
// the circle's foot and an end of the bend range): two between two samples, where the search
// refined the sampled one into the higher; a dip narrower than the spacing, the samples either
// side above it; a dip only a probe lay in. Missed by 4 to 56 tolerances, about one target in
// 50,000 each. On ik_bench's limb (bones 1 and 0.8, the pole toward +z), from rest, with its
// limits and others. `least`: the least miss over the swing's rim on a grid of 20,000 directions.
TEST(TwoBoneLimitsRegression, TwistEndMinimaTheSamplesHideAreFound) {
    struct Case {
        float swing, twist, bend_lo, bend_hi;  // degrees
        glm::vec3 target;
        float least;
    };
    const Case cases[] = {
        {120.0f, 60.0f, -10.0f, 140.0f, {-0.76196897f, 0.299024343f, 1.34569216f}, 0.216380f},  // two minima
        {120.0f, 60.0f, -10.0f, 140.0f, {-0.815196f, -0.601198f, 1.26799f}, 0.169275f},         // two minima
        {60.0f, 45.0f, 0.0f, 120.0f, {0.74921f, 1.00602f, 1.05231f}, 0.181588f},                // two minima
        {60.0f, 45.0f, 0.0f, 120.0f, {0.319751f, 0.300728f, 0.955622f}, 0.803603f},             // a dip
        {80.0f, 70.0f, -20.0f, 100.0f, {0.317239f, 0.541848f, 1.55326f}, 0.086582f},            // by a probe
    };
    const float degree = kPiF / 180.0f;
    const float tol = 1e-4f * 1.8f;
    for (const Case& c : cases) {
        Rig rig = chain_rig(Dimensions::Three, {1.0f, 0.8f}, Transform{{-0.5f, 0.0f, 0.0f}, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}});
        give_bench_swing_twist_limits(rig, 1, 2);
        rig.skeleton[1].limits->swing = c.swing * degree;
        rig.skeleton[1].limits->twist = TwistRange{-c.twist * degree, c.twist * degree};
        rig.skeleton[2].limits->min_angle = c.bend_lo * degree;
        rig.skeleton[2].limits->max_angle = c.bend_hi * degree;
        TwoBoneSettings settings;
        settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
        Pose solved = rig.pose;
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, c.target, settings, 0.0f, &solved};
        ASSERT_TRUE(job.validate().ok());
        const float miss = job.run().error;
        const float reference = reference_miss(rig, test_chain("arm", 1, 2, SolverKind::TwoBone), c.target, {rig.pose, solved}, tol);
        std::cout << "miss " << miss << ", the rim grid's " << c.least << ", the reference's " << reference << "\n";
        EXPECT_LE(miss, c.least + 1e-5f);
        EXPECT_LE(miss, reference + tol);
    }
}
