#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/ik_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Rig arm_with_chains() {
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f, 0.3f});
    IkChain two;
    two.name = "two";
    two.root = 1;
    two.effector = 2;
    two.solver = SolverKind::TwoBone;
    IkChain three;
    three.name = "three";
    three.root = 1;
    three.effector = 3;
    three.solver = SolverKind::Ccd;
    three.ccd.tolerance = 1e-4f;
    three.ccd.max_iterations = 200;
    rig.chains = {two, three};
    return rig;
}

}  // namespace

TEST(SolveChain, UsesTheChainsSolver) {
    const Rig rig = arm_with_chains();
    Pose pose = rig.pose;
    Result<IkResult> r = solve_chain(rig, rig.chains[0], {1.5f, 1.0f, 0}, pose);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.value().iterations, 1);  // analytic
    EXPECT_TRUE(r.value().reached);
    EXPECT_EQ(pose.rotations[3], rig.pose.rotations[3]);  // the hand is not in the chain

    pose = rig.pose;
    r = solve_chain(rig, rig.chains[1], {1.5f, 1.0f, 0}, pose);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value().reached);
    EXPECT_LT(glm::length(tip_of(rig, pose, 3) - glm::vec3{1.5f, 1.0f, 0}), 2e-4f);
}

TEST(SolveChain, OverridesSolverAndIterations) {
    const Rig rig = arm_with_chains();
    Pose pose = rig.pose;
    SolveOverrides o;
    o.solver = SolverKind::Ccd;
    o.max_iterations = 1;
    Result<IkResult> r = solve_chain(rig, rig.chains[0], {0.5f, 1.5f, 0}, pose, o);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value().iterations, 1);
}

TEST(SolveChain, InvalidRequestsFailAndLeaveThePoseUntouched) {
    const Rig rig = arm_with_chains();
    Pose pose = rig.pose;
    pose.rotations[2] = rotation_2d(0.3f);
    const Pose before = pose;

    SolveOverrides two_bone;
    two_bone.solver = SolverKind::TwoBone;
    Result<IkResult> r = solve_chain(rig, rig.chains[1], {1, 1, 0}, pose, two_bone);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("chain \"three\": two-bone:"), std::string::npos) << r.message();

    r = solve_chain(rig, rig.chains[0], {std::nanf(""), 1, 0}, pose);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("target is not a finite point"), std::string::npos) << r.message();

    r = solve_chain(rig, rig.chains[1], {1, INFINITY, 0}, pose);
    ASSERT_FALSE(r.ok());

    IkChain broken = rig.chains[1];
    broken.root = 3;
    broken.effector = 1;
    r = solve_chain(rig, broken, {1, 1, 0}, pose);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("not below"), std::string::npos) << r.message();

    for (const float bad : {-0.5f, std::nanf(""), INFINITY}) {
        SolveOverrides keep;
        keep.keep_side = bad;
        r = solve_chain(rig, rig.chains[0], {1, 1, 0}, pose, keep);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.message().find("chain \"two\": keep_side is not a finite distance >= 0"), std::string::npos) << r.message();
    }

    for (std::size_t i = 0; i < pose.rotations.size(); ++i) EXPECT_EQ(pose.rotations[i], before.rotations[i]);
}

TEST(SolveChain, ACcdChainHeldInALimitsMinimumTakesTheWayAFreshSolveFinds) {
    // The first joint may turn from -40 to 180 degrees. Turned to 175, it is held at 180 on its
    // way to a target below (the short way round crosses its forbidden range), and the other
    // joints cannot make up the rest: CCD alone stays stuck. From the rest pose the chain gets
    // there by the allowed way round.
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f, 1.0f});
    JointLimits shoulder;
    shoulder.min_angle = -40.0f * kPiF / 180.0f;
    shoulder.max_angle = kPiF;
    rig.skeleton[1].limits = shoulder;
    IkChain chain;
    chain.name = "arm";
    chain.root = 1;
    chain.effector = 3;
    chain.ccd.tolerance = 1e-3f;
    chain.ccd.max_iterations = 200;
    rig.chains = {chain};
    Pose start = rig.pose;
    start.rotations[1] = rotation_2d(175.0f * kPiF / 180.0f);
    const glm::vec3 target = glm::vec3{0.5f, 0, 0} + 2.2f * glm::vec3{std::cos(-1.22f), std::sin(-1.22f), 0};

    Pose alone = start;
    std::vector<CcdJoint> scratch(3);
    const CcdJob job{&rig.skeleton, rig.dimensions, 1, 3, target, chain.ccd, scratch, &alone};
    ASSERT_TRUE(job.validate().ok());
    EXPECT_GT(job.run().error, 0.1f) << "the case no longer traps CCD";

    Pose pose = start;
    const Result<IkResult> r = solve_chain(rig, chain, target, pose);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value().reached) << r.value().error;
    EXPECT_LT(glm::length(tip_of(rig, pose, 3) - target), 2e-3f);

    // A drag's keep_side keeps the chain on its side (held at its limit) while the fresh way
    // comes closer by no more than that, and takes the fresh way once it comes closer by more.
    const float stuck = glm::length(tip_of(rig, alone, 3) - target);
    SolveOverrides keep;
    keep.keep_side = stuck + 0.05f;
    Pose kept = start;
    ASSERT_TRUE(solve_chain(rig, chain, target, kept, keep).ok());
    EXPECT_NEAR(glm::length(tip_of(rig, kept, 3) - target), stuck, 1e-3f);
    keep.keep_side = 0.5f * stuck;
    Pose left = start;
    ASSERT_TRUE(solve_chain(rig, chain, target, left, keep).ok());
    EXPECT_LT(glm::length(tip_of(rig, left, 3) - target), 2e-3f);
}

// A solve reads its chain and the bones above it, and checks their order along that path only
// (not every bone of the rig each frame): a bone out of order elsewhere does not stop it, one on
// the path (or a loop of parents there) is refused, never walked forever.
TEST(SolveChain, ChecksTheOrderOfItsOwnPathOnly) {
    for (const SolverKind solver : {SolverKind::TwoBone, SolverKind::Ccd}) {
        Rig rig = arm_with_chains();  // base, b0, b1, b2: chains over b0-b1 and b0-b2
        Bone stray = rig.skeleton[1];
        stray.name = "stray";
        std::vector<Bone> bones = rig.skeleton.bones();
        bones.push_back(stray);
        bones[4].parent = 4;  // off the chains' path: its own parent
        rig.skeleton = Skeleton(bones);
        rig.pose = Pose::rest(rig.skeleton.size());
        IkChain chain = rig.chains[0];
        chain.solver = solver;
        Pose pose = rig.pose;
        Result<IkResult> solved = solve_chain(rig, chain, {0.5f, 1.2f, 0.0f}, pose);
        EXPECT_TRUE(solved.ok()) << solved.message();

        bones[4].parent = 0;
        bones[1].parent = 3;  // on the path: b0 now hangs under b2, a loop b0 -> b2 -> b1 -> b0
        rig.skeleton = Skeleton(bones);
        pose = rig.pose;
        Result<IkResult> refused = solve_chain(rig, chain, {0.5f, 1.2f, 0.0f}, pose);
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.message().find("bones are not parent-before-child"), std::string::npos) << refused.message();
        EXPECT_EQ(pose.rotations, rig.pose.rotations);
    }
}

TEST(SolveChain, PlacedFromTheFramesForwardKinematicsAsFromAWalkUpTheRig) {
    // A chain hanging under turned, moved and scaled bones: given the frame's FK, the solve
    // places it there and answers as the walk up the rig does (within their rounding).
    std::mt19937 rng(7);
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        for (int trial = 0; trial < 200; ++trial) {
            Rig rig = chain_rig(dims, {0.7f, 0.6f, 1.0f, 0.8f, 0.4f}, Transform{random_point(rng, dims, 2.0f), random_turn(rng, dims)});
            for (std::size_t b = 0; b < rig.skeleton.size(); ++b) rig.pose.rotations[b] = random_turn(rng, dims);
            rig.pose.scales[2] = dims == Dimensions::Two ? glm::vec3{1.3f, 0.8f, 1.0f} : glm::vec3{1.3f, 0.8f, 1.1f};
            const std::vector<Transform> world = world_of(rig, rig.pose);
            const glm::vec3 target = random_point(rng, dims, 2.5f);
            for (const SolverKind solver : {SolverKind::TwoBone, SolverKind::Ccd}) {
                const IkChain chain = test_chain("arm", 3, solver == SolverKind::TwoBone ? 4 : 5, solver);
                Pose walked = rig.pose;
                Pose placed = rig.pose;
                const Result<IkResult> a = solve_chain(rig, chain, target, walked);
                const Result<IkResult> b = solve_chain(rig, chain, target, placed, {}, world);
                ASSERT_TRUE(a.ok() && b.ok()) << a.message() << b.message();
                EXPECT_NEAR(a.value().error, b.value().error, 1e-3f) << "trial " << trial;
                EXPECT_EQ(a.value().reached, b.value().reached) << "trial " << trial;
                // CCD's iterations carry the two frames' last-bit differences on to poses
                // a few thousandths of a radian apart; the two-bone answer is closed-form.
                if (solver == SolverKind::Ccd) continue;
                for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
                    EXPECT_LT(rotation_change(walked.rotations[i], placed.rotations[i]), 1e-3f) << "trial " << trial << " bone " << i;
                }
            }
        }
    }
}

TEST(SolveChain, AGivenParentFrameSparesTheChecksAboveTheChain) {
    // What places the chain comes from the frame it is given: a bone above it is not read (a NaN
    // there changes nothing), and a frame that is not finite is refused as the walk's would be.
    std::mt19937 rng(3);
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        for (const SolverKind solver : {SolverKind::TwoBone, SolverKind::Ccd}) {
            SCOPED_TRACE(std::string(dims == Dimensions::Two ? "2D " : "3D ") + solver_name(solver));
            Rig rig = chain_rig(dims, {1.0f, 1.0f, 1.0f, 1.0f});
            rig.pose.rotations[1] = random_turn(rng, dims);
            const std::vector<Transform> world = world_of(rig, rig.pose);
            const IkChain chain = test_chain("arm", 3, 4, solver);
            const glm::vec3 target = dims == Dimensions::Two ? glm::vec3{2.5f, 1.5f, 0.0f} : glm::vec3{2.5f, 1.5f, 0.5f};
            Pose clean = rig.pose;
            ASSERT_TRUE(solve_chain(rig, chain, target, clean).ok());

            Rig poisoned = rig;
            poisoned.pose.rotations[1].x = std::numeric_limits<float>::quiet_NaN();  // above the chain
            Pose walked = poisoned.pose;
            EXPECT_FALSE(solve_chain(poisoned, chain, target, walked).ok()) << "the walk up reads it";
            Pose given = poisoned.pose;
            ASSERT_TRUE(solve_chain(poisoned, chain, target, given, {}, world).ok());
            for (const int b : {3, 4}) {
                EXPECT_TRUE(std::isfinite(given.rotations[static_cast<std::size_t>(b)].w)) << b;
                EXPECT_LT(rotation_change(given.rotations[static_cast<std::size_t>(b)], clean.rotations[static_cast<std::size_t>(b)]),
                          1e-3f)
                    << b;
            }

            std::vector<Transform> broken = world;
            broken[2].translation.x = std::numeric_limits<float>::infinity();
            Pose refused = rig.pose;
            const Result<IkResult> r = solve_chain(rig, chain, target, refused, {}, broken);
            ASSERT_FALSE(r.ok());
            EXPECT_NE(r.message().find("the chain's parent is not finite"), std::string::npos) << r.message();
            EXPECT_EQ(refused, rig.pose) << "left untouched";
        }
    }
}

TEST(SolveChain, APathThatLoopsBelowTheRootIsRefusedNotWalkedForever) {
    // A skeleton built in code rather than loaded may be out of order; sizing the scratch before
    // the job's checks must not loop on it.
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f, 1.0f, 1.0f});
    rig.skeleton[3].parent = 4;  // 3 and 4 each other's parent
    Pose pose = rig.pose;
    EXPECT_FALSE(solve_chain(rig, test_chain("arm", 1, 4, SolverKind::Ccd), {1.0f, 1.0f, 0.0f}, pose).ok());
    EXPECT_FALSE(rig.skeleton.is_ancestor_or_self(1, 4));
}
