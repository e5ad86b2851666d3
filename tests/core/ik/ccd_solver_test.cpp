#include <gtest/gtest.h>

#include <random>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

struct Solve {
    IkResult result;
    Status status;
};

Solve solve(const Rig& rig, Pose& pose, int root, int effector, glm::vec3 target, CcdSettings settings = {}) {
    std::vector<CcdJoint> scratch(chain_length(rig.skeleton, root, effector));
    const CcdJob job{&rig.skeleton, rig.dimensions, root, effector, target, settings, scratch, &pose};
    Solve s;
    s.status = job.validate();
    if (s.status) s.result = job.run();
    return s;
}

CcdSettings settings(int iterations, float tolerance, float max_step = kPiF) {
    CcdSettings s;
    s.max_iterations = iterations;
    s.tolerance = tolerance;
    s.max_step = max_step;
    return s;
}

}  // namespace

TEST(Ccd2D, ReachesAReachableTarget) {
    const Rig rig = chain_rig(Dimensions::Two, {1, 1, 1, 0.5f});
    Pose pose = rig.pose;
    const glm::vec3 target{1.5f, 2.0f, 0};
    const Solve s = solve(rig, pose, 1, 4, target, settings(100, 1e-4f));
    ASSERT_TRUE(s.status.ok()) << s.status.message();
    EXPECT_TRUE(s.result.reached);
    EXPECT_LE(s.result.error, 1e-4f);
    EXPECT_LT(s.result.iterations, 100);
    EXPECT_LT(glm::length(tip_of(rig, pose, 4) - target), 2e-4f);
    EXPECT_EQ(pose.rotations[0], rig.pose.rotations[0]);
}

TEST(Ccd2D, SingleJointChainAims) {
    const Rig rig = chain_rig(Dimensions::Two, {2});
    Pose pose = rig.pose;
    const Solve s = solve(rig, pose, 1, 1, {0.5f, 5, 0}, settings(5, 1e-4f));
    EXPECT_NEAR(angle_2d(pose.rotations[1]), kPiF / 2, 1e-5f);
    EXPECT_NEAR(s.result.error, 3.0f, 1e-4f);
    EXPECT_FALSE(s.result.reached);
}

TEST(Ccd2D, UnreachableTargetStretchesTowardItAndStaysPut) {
    const Rig rig = chain_rig(Dimensions::Two, {1, 1, 1});
    Pose pose = rig.pose;
    pose.rotations[2] = rotation_2d(1.0f);
    pose.rotations[3] = rotation_2d(-0.7f);
    const glm::vec3 shoulder{0.5f, 0, 0};
    const glm::vec3 target = shoulder + glm::vec3{-6, 8, 0};  // 10 away, reach 3
    solve(rig, pose, 1, 3, target, settings(200, 1e-4f));
    const glm::vec3 tip = tip_of(rig, pose, 3);
    EXPECT_NEAR(glm::length(tip - shoulder), 3.0f, 1e-3f);
    EXPECT_LT(angle_between(tip - shoulder, target - shoulder), 1e-3f);
    // Calling again from the result changes nothing: no spinning, no oscillation.
    const Pose settled = pose;
    for (int call = 0; call < 5; ++call) {
        solve(rig, pose, 1, 3, target, settings(200, 1e-4f));
        for (std::size_t i = 0; i < pose.rotations.size(); ++i) {
            EXPECT_LT(rotation_change(pose.rotations[i], settled.rotations[i]), 1e-3f) << "call " << call << " bone " << i;
        }
    }
}

TEST(Ccd2D, LimitsHoldNearHalfTurn) {
    // Ranges that reach +-180: a joint pushed past +180 must stop there, not wrap to -170.
    Rig rig = chain_rig(Dimensions::Two, {1, 1, 1});
    JointLimits wide;
    wide.min_angle = -0.2f;
    wide.max_angle = kPiF;
    for (std::size_t i = 1; i <= 3; ++i) rig.skeleton[i].limits = wide;
    Pose pose = rig.pose;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-3, 3);
    for (int k = 0; k < 2000; ++k) {
        solve(rig, pose, 1, 3, {u(rng), u(rng), 0}, settings(20, 1e-4f));
        for (std::size_t i = 1; i <= 3; ++i) ASSERT_TRUE(within_limits(pose.rotations[i], wide, true, 1e-5f)) << k;
    }
}

TEST(Ccd2D, StartPoseOutsideLimitsIsBroughtInside) {
    Rig rig = chain_rig(Dimensions::Two, {1, 1});
    JointLimits narrow;
    narrow.min_angle = -0.1f;
    narrow.max_angle = 0.1f;
    rig.skeleton[2].limits = narrow;
    Pose pose = rig.pose;
    pose.rotations[2] = rotation_2d(2.0f);
    solve(rig, pose, 1, 2, {0.5f + 2, 0, 0}, settings(1, 1.0f));  // target already reached within tolerance
    EXPECT_TRUE(within_limits(pose.rotations[2], narrow, true, 1e-5f));
}

TEST(Ccd2D, MaxStepDampsEachJoint) {
    const Rig rig = chain_rig(Dimensions::Two, {1, 1, 1});
    Pose pose = rig.pose;
    const float step = 0.05f;
    solve(rig, pose, 1, 3, {0.5f - 1, 1, 0}, settings(1, 1e-4f, step));
    for (std::size_t i = 1; i <= 3; ++i) EXPECT_LE(std::fabs(angle_2d(pose.rotations[i])), step + 1e-5f) << i;
}

TEST(Ccd2D, TouchesNoBoneOutsideTheChain) {
    Rig rig = chain_rig(Dimensions::Two, {1, 1, 1, 1});
    Pose pose = rig.pose;
    for (std::size_t i = 0; i < pose.rotations.size(); ++i) pose.rotations[i] = rotation_2d(0.1f * static_cast<float>(i));
    const Pose before = pose;
    solve(rig, pose, 2, 3, {0, 2, 0}, settings(50, 1e-4f));
    for (std::size_t i : {0u, 1u, 4u}) EXPECT_EQ(pose.rotations[i], before.rotations[i]) << i;
    EXPECT_NE(pose.rotations[2], before.rotations[2]);
}

TEST(Ccd3D, ReachesAReachableTargetUnderATurnedParent) {
    const Transform base{{1, 2, 3}, glm::angleAxis(1.1f, glm::normalize(glm::vec3{1, -1, 2}))};
    const Rig rig = chain_rig(Dimensions::Three, {1, 1, 1, 1}, base);
    Pose pose = rig.pose;
    const glm::vec3 shoulder = world_of(rig, pose)[1].translation;
    const glm::vec3 target = shoulder + glm::vec3{1, 1.5f, -1};
    const Solve s = solve(rig, pose, 1, 4, target, settings(100, 1e-4f));
    ASSERT_TRUE(s.status.ok());
    EXPECT_TRUE(s.result.reached) << s.result.error;
    EXPECT_LT(glm::length(tip_of(rig, pose, 4) - target), 2e-4f);
}

TEST(Ccd3D, HingeJointsTurnOnlyAboutTheirAxisWithinRange) {
    Rig rig = chain_rig(Dimensions::Three, {1, 1, 1});
    JointLimits hinge;
    hinge.hinge = glm::normalize(glm::vec3{0, 1, 1});
    hinge.min_angle = -0.5f;
    hinge.max_angle = 1.5f;
    rig.skeleton[2].limits = hinge;
    rig.skeleton[3].limits = hinge;
    Pose pose = rig.pose;
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-3, 3);
    for (int k = 0; k < 2000; ++k) {
        solve(rig, pose, 1, 3, {u(rng), u(rng), u(rng)}, settings(10, 1e-4f));
        for (std::size_t i : {2u, 3u}) ASSERT_TRUE(within_limits(pose.rotations[i], hinge, false, 1e-4f)) << k;
    }
}

TEST(Ccd3D, BallJointsStayInTheirCone) {
    Rig rig = chain_rig(Dimensions::Three, {1, 1, 1, 1});
    JointLimits ball;
    ball.max_angle = 0.6f;
    for (std::size_t i = 2; i <= 4; ++i) rig.skeleton[i].limits = ball;
    Pose pose = rig.pose;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-4, 4);
    for (int k = 0; k < 2000; ++k) {
        solve(rig, pose, 1, 4, {u(rng), u(rng), u(rng)}, settings(10, 1e-4f));
        for (std::size_t i = 2; i <= 4; ++i) ASSERT_TRUE(within_limits(pose.rotations[i], ball, false, 1e-4f)) << k;
    }
}

// Swing-twist joints: every solve leaves each joint's swing in its cone and its twist in its
// range, however many solves the twist of CCD's shortest turns piles up over; and a target that
// needs every joint's full swing is reached from a start twisted to the edge of the range.
TEST(Ccd3D, SwingTwistJointsKeepSwingAndTwistApart) {
    Rig rig = chain_rig(Dimensions::Three, {1, 1, 1, 1});
    JointLimits st;
    st.swing = 0.6f;
    st.twist = TwistRange{-0.2f, 0.2f};
    for (std::size_t i = 2; i <= 4; ++i) rig.skeleton[i].limits = st;
    Pose pose = rig.pose;
    std::mt19937 rng(6);
    std::uniform_real_distribution<float> u(-4, 4);
    for (int k = 0; k < 2000; ++k) {
        solve(rig, pose, 1, 4, {u(rng), u(rng), u(rng)}, settings(10, 1e-4f));
        for (std::size_t i = 2; i <= 4; ++i) ASSERT_TRUE(within_limits(pose.rotations[i], st, false, 1e-4f)) << k;
    }
    // Every joint swung fully about one axis, from a start twisted to the edge of its range.
    Pose bent = rig.pose;
    for (std::size_t i = 2; i <= 4; ++i) bent.rotations[i] = glm::angleAxis(0.6f, glm::vec3{0, 0, 1});
    const glm::vec3 target = tip_of(rig, bent, 4);
    for (std::size_t i = 2; i <= 4; ++i) pose.rotations[i] = glm::angleAxis(0.2f, glm::vec3{1, 0, 0});
    const Solve s = solve(rig, pose, 1, 4, target, settings(2000, 1e-4f));
    ASSERT_TRUE(s.status) << s.status.message();
    EXPECT_TRUE(s.result.reached) << "missed by " << s.result.error;
}

// Found by fuzzing: a locked ball joint (a cone of 0 degrees) under a rest rotation (a half turn
// about z, say). Rounding leaves its pose's w a hair under 1 with no vector part; clamping that
// to the cone normalized a zero axis into NaN, the NaN rotation fell back to identity, and the
// joint came out turned by minus its rest rotation.
TEST(Ccd3D, ALockedBallJointStaysLocked) {
    JointLimits locked;
    locked.max_angle = 0.0f;
    for (const glm::quat& rest : {glm::quat{0, 0, 0, 1}, glm::quat{0.658825278f, -0.752295971f, 0, 0},
                                  glm::angleAxis(1.7f, glm::vec3{1, 0, 0}), glm::angleAxis(-2.5f, glm::normalize(glm::vec3{1, 2, 3}))}) {
        Rig rig = chain_rig(Dimensions::Three, {0.073804073f});
        rig.skeleton[1].rest.rotation = glm::normalize(rest);
        rig.skeleton[1].limits = locked;
        const glm::vec3 tip = tip_of(rig, rig.pose, 1);  // on the locked bone's own tip, and elsewhere
        for (const glm::vec3& target : {tip, tip + glm::vec3{0.1f, 0.2f, 0.0f}}) {
            Pose pose = rig.pose;
            ASSERT_TRUE(solve(rig, pose, 1, 1, target).status.ok());
            EXPECT_TRUE(within_limits(pose.rotations[1], locked, false, 1e-3f))
                << "pose w " << pose.rotations[1].w << " x " << pose.rotations[1].x << " z " << pose.rotations[1].z;
        }
    }
}

// Found by CI's fuzz stage: the same locked cone in the middle of a chain, under a rest rotation
// a few ulps longer than unit (float rotations from elsewhere are). The pose read back through it
// was longer than 1 too, its w alone read 1, and the joint drifted 1.15e-3 rad out of its cone.
TEST(Ccd3D, ALockedBallJointStaysLockedUnderARestRotationLongerThanUnit) {
    JointLimits locked;
    locked.max_angle = 0.0f;
    const glm::quat fuzzed_rest{0.659340322f, 0.659340322f, 0.361220628f, -0.00777046103f};  // |q|^2 = 1 + 4e-7
    for (const glm::quat& rest : {fuzzed_rest, glm::angleAxis(-2.5f, glm::normalize(glm::vec3{1, 2, 3})) * 1.000001f}) {
        Rig rig = chain_rig(Dimensions::Three, {3, 1.4f, 0.05f, 0.05f, 0.05f});
        rig.skeleton[2].rest.rotation = rest;
        rig.skeleton[2].limits = locked;
        std::mt19937 rng(11);
        std::uniform_real_distribution<float> u(-4, 4);
        Pose pose = rig.pose;
        for (int k = 0; k < 500; ++k) {
            ASSERT_TRUE(solve(rig, pose, 1, 5, {u(rng), u(rng), u(rng)}, settings(20, 0.0f, 0.1f)).status.ok());
            const glm::quat& q = pose.rotations[2];
            ASSERT_TRUE(within_limits(q, locked, false, 5e-4f)) << k << ": pose w " << q.w << " x " << q.x << " y " << q.y << " z " << q.z;
        }
    }
}

// Found by fuzzing: a solve that stalled on its very last iteration bent the chain out of the
// stall after measuring its error, and reported the miss of the pose before. A straight arm
// with a target on its own line in reach is such a stall (every step is zero); its check comes
// every 8 iterations.
TEST(Ccd, TheReportedMissIsThePosesWhateverIterationItEndsOn) {
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1, 1, 1});
        for (int iterations = 1; iterations <= 40; ++iterations) {
            Pose pose = rig.pose;
            const glm::vec3 target{2.9f, 0, 0};  // the arm reaches from 0.5 to 3.5 along x
            const Solve s = solve(rig, pose, 1, 3, target, settings(iterations, 0.0f, 0.2f));
            ASSERT_TRUE(s.status.ok());
            const float miss = glm::length(tip_of(rig, pose, 3) - target);
            ASSERT_NEAR(s.result.error, miss, 1e-5f) << (dims == Dimensions::Two ? "2D, " : "3D, ") << iterations << " iterations";
        }
    }
}

TEST(CcdValidate, RejectsBadInput) {
    const Rig rig = chain_rig(Dimensions::Three, {1, 1, 1});
    Pose pose = rig.pose;
    std::vector<CcdJoint> scratch(3);
    auto job = [&] { return CcdJob{&rig.skeleton, rig.dimensions, 1, 3, {1, 1, 1}, CcdSettings{}, scratch, &pose}; };
    EXPECT_TRUE(job().validate().ok());
    CcdJob j = job();
    j.root = 3;
    j.effector = 1;
    expect_validation_error(j, "not below the chain's root");
    j = job();
    j.effector = 9;
    expect_validation_error(j, "not below the chain's root");
    j = job();
    j.target.z = std::nanf("");
    expect_validation_error(j, "target is not a finite point");
    j = job();
    j.target.x = -INFINITY;
    expect_validation_error(j, "target is not a finite point");
    j = job();
    j.scratch = std::span<CcdJoint>(scratch.data(), 2);
    expect_validation_error(j, "scratch holds 2 joints for a chain of 3");
    j = job();
    j.settings.max_iterations = 0;
    expect_validation_error(j, "iterations");
    j = job();
    j.settings.max_step = 0.0f;
    expect_validation_error(j, "max_step");
    j = job();
    j.settings.tolerance = std::nanf("");
    expect_validation_error(j, "tolerance");
    Pose nan_pose = rig.pose;
    nan_pose.rotations[2].w = std::nanf("");
    j = job();
    j.pose = &nan_pose;
    expect_validation_error(j, "is not a rotation");
    Pose bad_parent = rig.pose;
    bad_parent.rotations[0] = glm::quat{std::nanf(""), 0, 0, 0};
    j = job();
    j.pose = &bad_parent;
    expect_validation_error(j, "parent is not finite");
    Pose bad_offset = rig.pose;
    bad_offset.root_offset.y = INFINITY;
    j = job();
    j.pose = &bad_offset;
    expect_validation_error(j, "root offset");
}

TEST(Ccd, AChainWithinToleranceIsLeftAsItIs) {
    // Solving again toward the target a solve reached must not move the chain (a still target
    // in the editor re-solves every frame).
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1, 1, 1, 0.5f});
        Pose pose = rig.pose;
        const glm::vec3 target{1.5f, 2.0f, dims == Dimensions::Three ? 0.4f : 0.0f};
        ASSERT_TRUE(solve(rig, pose, 1, 4, target, settings(100, 1e-3f)).result.reached);
        const Pose solved = pose;
        for (int again = 0; again < 20; ++again) {
            const Solve s = solve(rig, pose, 1, 4, target, settings(100, 1e-3f));
            EXPECT_TRUE(s.result.reached);
            EXPECT_EQ(s.result.iterations, 0);
        }
        for (std::size_t b = 0; b < pose.rotations.size(); ++b) EXPECT_EQ(pose.rotations[b], solved.rotations[b]) << "bone " << b;
    }
}

TEST(Ccd, AChainTheIterationsBringNoCloserIsLeftAsItIs) {
    // Out of reach the chain stretches toward the target; solving again from there brings it no
    // closer, and must not move it.
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1, 1, 1});
        Pose pose = rig.pose;
        const glm::vec3 target{-2.0f, 4.0f, dims == Dimensions::Three ? 1.0f : 0.0f};
        const float first = solve(rig, pose, 1, 3, target, settings(2000, 1e-4f)).result.error;
        const Pose stretched = pose;
        const Solve s = solve(rig, pose, 1, 3, target, settings(2000, 1e-4f));
        EXPECT_FALSE(s.result.reached);
        EXPECT_NEAR(s.result.error, first, 1e-5f);
        for (std::size_t b = 0; b < pose.rotations.size(); ++b) EXPECT_EQ(pose.rotations[b], stretched.rotations[b]) << "bone " << b;
    }
}

TEST(Ccd, AStartOutsideTheLimitsIsBroughtInsideEvenWhenWithinTolerance) {
    Rig rig = chain_rig(Dimensions::Two, {1, 1});
    JointLimits elbow;
    elbow.min_angle = -0.5f;
    elbow.max_angle = 0.5f;
    rig.skeleton[2].limits = elbow;
    Pose pose = rig.pose;
    pose.rotations[2] = rotation_2d(1.0f);          // outside
    const glm::vec3 target = tip_of(rig, pose, 2);  // already there
    const Solve s = solve(rig, pose, 1, 2, target, settings(50, 1e-3f));
    ASSERT_TRUE(s.status.ok());
    EXPECT_TRUE(within_limits(pose.rotations[2], elbow, true, 1e-5f));
}

TEST(Ccd, AStartRotationOffUnitLengthIsWrittenBackUnitWhenTheChainIsLeftAsItIs) {
    // Found by fuzzing: a chain pointing away from a far target that the iterations brought no
    // closer was left with its start rotation of length 1000.
    Rig rig = chain_rig(Dimensions::Two, {1});
    rig.skeleton[1].rest.rotation = rotation_2d(kPiF);  // the bone points at the far target already
    Pose pose = rig.pose;
    pose.rotations[1] = glm::quat{1000.0f, 0, 0, 0};
    const Solve s = solve(rig, pose, 1, 1, {-1e5f, 0, 0}, settings(20, 0.0f, 1.0f));
    ASSERT_TRUE(s.status.ok());
    EXPECT_NEAR(glm::length(pose.rotations[1]), 1.0f, 1e-6f);
}
