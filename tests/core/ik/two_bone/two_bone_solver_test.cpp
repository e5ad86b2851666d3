#include <gtest/gtest.h>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

IkResult solve(const Rig& rig, Pose& pose, glm::vec3 target, TwoBoneSettings settings = {}) {
    TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, &pose};
    EXPECT_TRUE(job.validate().ok()) << job.validate().message();
    return job.run();
}

float deg(float radians) { return radians * 180.0f / kPiF; }

}  // namespace

TEST(TwoBone2D, LawOfCosinesTriangleFromTheSeedArticle) {
    // Upper arm 104, forearm 185, target 225 away: 54.4 degrees at the shoulder, 98.3 at the elbow.
    const Rig rig = chain_rig(Dimensions::Two, {104, 185});
    Pose pose = rig.pose;
    const glm::vec3 shoulder{0.5f, 0, 0};
    const glm::vec3 target = shoulder + 225.0f * glm::vec3{std::cos(0.3f), std::sin(0.3f), 0};
    const IkResult r = solve(rig, pose, target);
    EXPECT_TRUE(r.reached);
    EXPECT_LT(r.error, 1e-3f);
    EXPECT_EQ(r.iterations, 1);
    const auto w = world_of(rig, pose);
    const glm::vec3 elbow = w[2].translation;
    const glm::vec3 tip = bone_tip(w[2], 185);
    EXPECT_NEAR(deg(angle_between(elbow - shoulder, target - shoulder)), 54.44f, 0.01f);
    EXPECT_NEAR(deg(angle_between(shoulder - elbow, tip - elbow)), 98.34f, 0.01f);
    EXPECT_NEAR(glm::length(elbow - shoulder), 104.0f, 1e-3f);
}

TEST(TwoBone2D, BendDirectionPicksTheSide) {
    const Rig rig = chain_rig(Dimensions::Two, {3, 4});
    for (int bend : {1, -1}) {
        Pose pose = rig.pose;
        TwoBoneSettings s;
        s.bend = bend;
        solve(rig, pose, {0.5f + 5, 0, 0}, s);  // 3-4-5: a right angle at the elbow
        const auto w = world_of(rig, pose);
        const glm::vec3 elbow = w[2].translation;
        // bend +1: the forearm turns counter-clockwise, so the elbow sits below the line (clockwise).
        EXPECT_NEAR(elbow.y, bend > 0 ? -2.4f : 2.4f, 1e-4f);
        EXPECT_NEAR(elbow.x, 0.5f + 1.8f, 1e-4f);
        EXPECT_NEAR(deg(angle_between(w[1].translation - elbow, bone_tip(w[2], 4) - elbow)), 90.0f, 1e-3f);
    }
}

TEST(TwoBone2D, TooFarStraightensAndPoints) {
    const Rig rig = chain_rig(Dimensions::Two, {3, 4});
    Pose pose = rig.pose;
    const glm::vec3 target{0.5f, 20, 0};
    const IkResult r = solve(rig, pose, target);
    EXPECT_FALSE(r.reached);
    EXPECT_NEAR(r.error, 20 - 7, 1e-4f);
    const glm::vec3 tip = tip_of(rig, pose, 2);
    EXPECT_NEAR(tip.x, 0.5f, 1e-4f);
    EXPECT_NEAR(tip.y, 7.0f, 1e-4f);
}

TEST(TwoBone2D, TooCloseFoldsOnItsOwnSide) {
    const Rig rig = chain_rig(Dimensions::Two, {3, 4});
    for (int bend : {1, -1}) {
        TwoBoneSettings s;
        s.bend = bend;
        Pose pose = rig.pose;
        const IkResult r = solve(rig, pose, {0.5f + 0.2f, 0, 0}, s);  // closer than |3 - 4| = 1
        EXPECT_NEAR(r.error, 0.8f, 1e-4f);
        const glm::vec3 tip = tip_of(rig, pose, 2);
        EXPECT_NEAR(tip.x, 1.5f, 1e-4f);  // folded: the tip 1 from the shoulder, toward the target
        EXPECT_NEAR(tip.y, 0.0f, 1e-4f);
        EXPECT_NEAR(std::fabs(angle_2d(pose.rotations[2])), kPiF, 1e-3f);  // fully folded
        // Just outside the fold the forearm is still turned to the bend's side, not flipped.
        pose = rig.pose;
        solve(rig, pose, {0.5f + 1.05f, 0, 0}, s);
        EXPECT_GT(static_cast<float>(bend) * angle_2d(pose.rotations[2]), 2.5f);
    }
}

TEST(TwoBone2D, RootOffsetAndRotatedParentAreRespected) {
    Transform base{{10, -3, 0}, rotation_2d(2.0f)};
    Rig rig = chain_rig(Dimensions::Two, {3, 4}, base);
    Pose pose = rig.pose;
    pose.root_offset = {1, 1, 0};
    const glm::vec3 target{12, 2, 0};
    const IkResult r = solve(rig, pose, target);
    EXPECT_TRUE(r.reached) << r.error;
    const glm::vec3 tip = tip_of(rig, pose, 2);
    EXPECT_NEAR(tip.x, target.x, 1e-4f);
    EXPECT_NEAR(tip.y, target.y, 1e-4f);
    EXPECT_EQ(pose.rotations[0], rig.pose.rotations[0]);  // base untouched
}

TEST(TwoBone2D, DegenerateInputsGiveFiniteResults) {
    {  // target exactly on the shoulder, equal bones: folds onto it
        const Rig rig = chain_rig(Dimensions::Two, {2, 2});
        Pose pose = rig.pose;
        const IkResult r = solve(rig, pose, {0.5f, 0, 0});
        EXPECT_TRUE(std::isfinite(r.error));
        EXPECT_LT(r.error, 1e-4f);
    }
    {  // zero-length bones
        for (auto lengths : {std::vector<float>{0, 2}, std::vector<float>{2, 0}, std::vector<float>{0, 0}}) {
            const Rig rig = chain_rig(Dimensions::Two, lengths);
            Pose pose = rig.pose;
            const IkResult r = solve(rig, pose, {3, 1, 0});
            EXPECT_TRUE(std::isfinite(r.error));
            EXPECT_TRUE(finite(tip_of(rig, pose, 2)));
        }
    }
}

// Found by fuzzing: with an upper bone a million times shorter than the lower one, the
// triangle's cos (law of cosines) and sin (Heron) no longer make a unit pair. The 2D general
// path (taken because of the limits object, even an empty one) used them unnormalized: the miss
// it reported was not the pose's, up to 3% of the limb off.
TEST(TwoBone2D, ATinyUpperBoneReportsTheMissThePoseHas) {
    for (float upper : {1.16470588e-07f, 1.99610909e-07f, 1.03125046e-07f, 1e-6f}) {
        for (float beyond : {-1e-7f, 0.0f, 1.16e-7f, 1e-3f}) {
            for (bool limited : {true, false}) {  // the general path, and the fast path's hand-over
                Rig rig = chain_rig(Dimensions::Two, {upper, 0.05f});
                if (limited) rig.skeleton[2].limits = JointLimits{};
                Pose pose = rig.pose;
                const glm::vec3 target{0.5f + 0.05f + beyond, 1e-9f, 0};
                const IkResult r = solve(rig, pose, target);
                const float miss = glm::length(tip_of(rig, pose, 2) - target);
                EXPECT_NEAR(r.error, miss, 1e-6f) << upper << " " << beyond << " " << limited;
                EXPECT_NEAR(glm::length(pose.rotations[1]), 1.0f, 1e-5f);
                EXPECT_NEAR(glm::length(pose.rotations[2]), 1.0f, 1e-5f);
            }
        }
    }
    // The fast path's own case (no limits): reported 0 while the tip missed by 6.8e-4.
    Rig rig = chain_rig(Dimensions::Two, {1.12500189e-07f, 0.0694552511f});
    rig.skeleton[1].rest.rotation = glm::quat{0.707106769f, 0, 0, 0.707106769f};
    Pose pose = rig.pose;
    pose.rotations[1] = glm::quat{0.707106769f, 0, 0, 0.707106769f};
    const glm::vec3 target = world_of(rig, pose)[1].translation + glm::vec3{-0.0694553331f, 0, 0};
    const IkResult r = solve(rig, pose, target);
    EXPECT_NEAR(r.error, glm::length(tip_of(rig, pose, 2) - target), 1e-6f);
}

TEST(TwoBone2D, LimitsHoldAndTheRootReAims) {
    Rig rig = chain_rig(Dimensions::Two, {3, 4});
    JointLimits elbow;
    elbow.min_angle = 0.0f;
    elbow.max_angle = 0.5f;  // the forearm may bend only 0.5 rad
    rig.skeleton[2].limits = elbow;
    Pose pose = rig.pose;
    solve(rig, pose, {0.5f + 2, 0, 0});  // would need a deep bend
    EXPECT_TRUE(within_limits(pose.rotations[2], elbow, true, 1e-5f));
    EXPECT_NEAR(angle_2d(pose.rotations[2]), 0.5f, 1e-5f);
    // The tip still points at the target from the shoulder.
    const glm::vec3 tip = tip_of(rig, pose, 2);
    EXPECT_LT(angle_between(tip - glm::vec3{0.5f, 0, 0}, glm::vec3{1, 0, 0}), 1e-4f);
}

TEST(TwoBone, SoftnessSlowsTheLastPartOfTheReach) {
    EXPECT_FLOAT_EQ(two_bone_goal_distance(5, 3, 4, 0.0f), 5.0f);
    EXPECT_FLOAT_EQ(two_bone_goal_distance(9, 3, 4, 0.0f), 7.0f);
    // With softness the goal lags the target near full extension and never quite reaches it.
    const float soft_near = two_bone_goal_distance(6.9f, 3, 4, 0.2f);
    EXPECT_LT(soft_near, 6.9f);
    EXPECT_LT(two_bone_goal_distance(8, 3, 4, 0.2f), 7.0f);
    EXPECT_FLOAT_EQ(two_bone_goal_distance(3, 3, 4, 0.2f), 3.0f);  // below the soft band: exact
    // Continuous and increasing through the band.
    float last = two_bone_goal_distance(4, 3, 4, 0.2f);
    for (float d = 4; d < 12; d += 0.01f) {
        const float g = two_bone_goal_distance(d, 3, 4, 0.2f);
        EXPECT_GE(g, last);
        EXPECT_LT(g - last, 0.011f);
        last = g;
    }
}

TEST(TwoBone3D, ReachesAndBendsTowardThePole) {
    Transform base{{1, 2, 3}, glm::angleAxis(0.7f, glm::normalize(glm::vec3{1, 2, 3}))};
    const Rig rig = chain_rig(Dimensions::Three, {3, 4}, base);
    const glm::vec3 shoulder = world_of(rig, rig.pose)[1].translation;
    const glm::vec3 target = shoulder + glm::vec3{5, 0, 0};
    for (glm::vec3 pole_dir : {glm::vec3{0, 1, 0}, glm::vec3{0, 0, -1}, glm::vec3{0, -1, 1}}) {
        Pose pose = rig.pose;
        TwoBoneSettings s;
        s.pole = shoulder + glm::vec3{2, 0, 0} + 10.0f * pole_dir;
        const IkResult r = solve(rig, pose, target, s);
        EXPECT_TRUE(r.reached) << r.error;
        const auto w = world_of(rig, pose);
        const glm::vec3 elbow = w[2].translation;
        EXPECT_NEAR(glm::length(elbow - shoulder), 3.0f, 1e-4f);
        // 3-4-5: the elbow is 1.8 along the line and 2.4 off it, toward the pole.
        const glm::vec3 off = elbow - (shoulder + glm::vec3{1.8f, 0, 0});
        EXPECT_NEAR(glm::length(off), 2.4f, 1e-3f);
        EXPECT_LT(angle_between(off, glm::normalize(pole_dir)), 1e-3f);
    }
}

// Found by fuzzing: the jobs take a start pose whose rotations are not unit length (they
// normalize what they write), but the 3D fast path applied the root's as a unit rotation, so a
// root rotation of length 1e-3 left the tip 1.4 from a target in reach while reporting 0.01.
TEST(TwoBone3D, AStartPoseNotOfUnitLengthIsSolvedAsItsDirection) {
    Transform base{{1, 2, 3}, glm::angleAxis(0.7f, glm::normalize(glm::vec3{1, 2, 3}))};
    const Rig rig = chain_rig(Dimensions::Three, {3, 4}, base);
    const glm::vec3 shoulder = world_of(rig, rig.pose)[1].translation;
    const glm::quat bent = glm::angleAxis(0.4f, glm::normalize(glm::vec3{0.3f, -1, 0.5f}));
    for (float scale : {1e-3f, 0.5f, 3.0f, 1e3f}) {
        for (const glm::vec3& to : {glm::vec3{5, 0, 0}, glm::vec3{1, 3, -2}, glm::vec3{-2, 0.5f, 1}}) {
            Pose unit = rig.pose;
            unit.rotations[1] = bent;
            Pose scaled = unit;
            scaled.rotations[1] = bent * scale;
            const IkResult expected = solve(rig, unit, shoulder + to);
            const IkResult r = solve(rig, scaled, shoulder + to);
            const auto w = world_of(rig, scaled);
            const float miss = glm::length(bone_tip(w[2], 4.0f) - (shoulder + to));
            EXPECT_NEAR(miss, r.error, 1e-4f) << "scale " << scale;
            EXPECT_EQ(r.reached, expected.reached) << "scale " << scale;
            EXPECT_NEAR(glm::length(scaled.rotations[1]), 1.0f, 1e-5f);
            EXPECT_NEAR(glm::length(w[2].translation - shoulder), 3.0f, 1e-4f);
        }
    }
}

TEST(TwoBone3D, RotatedRootDoesNotTwistTheLimb) {
    // The seed article's flaw: picking the bend from world axes twists the limb once the root is
    // turned. Turning the whole rig must turn the solution with it.
    const glm::quat turn = glm::angleAxis(2.1f, glm::normalize(glm::vec3{0.3f, -1, 0.5f}));
    const Rig upright = chain_rig(Dimensions::Three, {3, 4});
    const Rig turned = chain_rig(Dimensions::Three, {3, 4}, Transform{{0, 0, 0}, turn});
    Pose start = upright.pose;
    start.rotations[2] = glm::angleAxis(0.4f, glm::vec3{0, 0, 1});  // slightly bent: the default pole is the elbow
    Pose pa = start;
    Pose pb = start;
    const glm::vec3 target{4, 3, 1};
    solve(upright, pa, target);
    solve(turned, pb, turn * target);
    for (std::size_t i = 1; i < 3; ++i) EXPECT_LT(rotation_change(pa.rotations[i], pb.rotations[i]), 1e-4f) << i;
}

TEST(TwoBone3D, DegenerateInputsGiveFiniteResults) {
    const Rig rig = chain_rig(Dimensions::Three, {2, 2});
    const glm::vec3 shoulder = world_of(rig, rig.pose)[1].translation;
    {  // straight limb, target on its line, pole on the line: no bend plane anywhere
        Pose pose = rig.pose;
        TwoBoneSettings s;
        s.pole = shoulder + glm::vec3{10, 0, 0};
        const IkResult r = solve(rig, pose, shoulder + glm::vec3{3, 0, 0}, s);
        EXPECT_TRUE(r.reached) << r.error;
        EXPECT_TRUE(finite(tip_of(rig, pose, 2)));
    }
    {  // target on the shoulder
        Pose pose = rig.pose;
        const IkResult r = solve(rig, pose, shoulder);
        EXPECT_TRUE(std::isfinite(r.error));
        EXPECT_LT(r.error, 1e-4f);
    }
    for (auto lengths : {std::vector<float>{0, 2}, std::vector<float>{2, 0}, std::vector<float>{0, 0}}) {
        const Rig z = chain_rig(Dimensions::Three, lengths);
        Pose pose = z.pose;
        const IkResult r = solve(z, pose, {1, 1, 1});
        EXPECT_TRUE(std::isfinite(r.error));
        EXPECT_TRUE(finite(tip_of(z, pose, 2)));
    }
}

TEST(TwoBone3D, HingeLimitHolds) {
    Rig rig = chain_rig(Dimensions::Three, {3, 4});
    JointLimits knee;
    knee.hinge = glm::vec3{0, 0, 1};
    knee.min_angle = 0.0f;
    knee.max_angle = 1.0f;
    rig.skeleton[2].limits = knee;
    Pose pose = rig.pose;
    pose.rotations[2] = glm::angleAxis(0.3f, glm::vec3{0, 0, 1});
    const glm::vec3 shoulder = world_of(rig, rig.pose)[1].translation;
    solve(rig, pose, shoulder + glm::vec3{1.5f, 0.5f, 0.3f});
    EXPECT_TRUE(within_limits(pose.rotations[2], knee, false, 1e-4f));
}

// Found by fuzzing: a straight 3D limb, no pole, sent toward a target almost along its own
// line. Its middle joint, the bend hint, was taken off that line with one projection, leaving
// rounding along the line; the side was not perpendicular to the aim, the limb bent 3.8 mrad
// off it, and the fast path reported the miss it meant to have (0.0110) rather than the one it
// had (0.0108).
TEST(TwoBone3D, AHintNearlyOnTheAimLineStillAims) {
    Rig rig;
    rig.dimensions = Dimensions::Three;
    rig.skeleton = Skeleton({bone("base", -1, {0, 0, 0}, glm::quat{0.49963364f, 0.500122011f, -0.500122011f, -0.500122011f}, 1.0f),
                             bone("upper", 0, {1, 0, 0}, glm::quat{1, 0, 0, 0}, 0.05f),
                             bone("lower", 1, {0.05f, 0, 0}, glm::quat{1, 0, 0, 0}, 0.05f)});
    rig.pose = Pose::rest(3);
    const glm::vec3 shoulder = world_of(rig, rig.pose)[1].translation;
    for (float softness : {0.0f, 0.3f}) {
        for (const glm::vec3& target : {glm::vec3{-0.000536851585f, -1.09999955f, -0.000537309796f}, glm::vec3{-0.0005f, -1.08f, -0.0005f},
                                        glm::vec3{-0.00049f, -1.0999f, -0.00048f}}) {
            Pose pose = rig.pose;
            TwoBoneSettings settings;
            settings.softness = softness;
            const IkResult r = solve(rig, pose, target, settings);
            const glm::vec3 tip = tip_of(rig, pose, 2);
            EXPECT_NEAR(r.error, glm::length(tip - target), 1e-6f) << softness;
            EXPECT_LT(angle_between(tip - shoulder, target - shoulder), 1e-4f) << softness;
        }
    }
}

// Found by fuzzing: whether the lower bone was already within its limits was judged by a dot
// product with its allowed rotation, which float cannot resolve below about 1e-3 rad near 1: a
// locked hinge (0 to 0 degrees) was left 1.1e-3 rad off its axis.
TEST(TwoBone3D, ALockedHingeStaysOnItsAxis) {
    JointLimits cone;
    cone.max_angle = 0.774624169f;
    JointLimits locked;
    locked.hinge = glm::vec3{0, 1, 0};
    locked.min_angle = 0.0f;
    locked.max_angle = 0.0f;
    std::mt19937 rng(77);
    std::uniform_real_distribution<float> u(-0.14f, 0.14f);
    int checked = 0;
    for (int k = 0; k < 3000; ++k) {
        Rig rig;
        rig.dimensions = Dimensions::Three;
        // First the case the fuzzer found, to the bit (the values its decoder printed), then others.
        const glm::quat rest = k == 0 ? glm::quat{-0.172226667f, -0.694587529f, -0.698488414f, 1.06580874e-05f} : random_rotation(rng);
        const glm::vec3 target = k == 0 ? glm::vec3{0.0712943003f, 0.0675418153f, -0.0167484451f} : glm::vec3{u(rng), u(rng), u(rng)};
        rig.skeleton = Skeleton({bone("upper", -1, {0, 0, 0}, glm::quat{1, 0, 0, 0}, 0.0696078464f),
                                 bone("lower", 0, {0.0696078464f, 0, 0}, rest, 0.0696078464f)});
        rig.skeleton[0].limits = cone;
        rig.skeleton[1].limits = locked;
        rig.pose = Pose::rest(2);
        Pose pose = rig.pose;
        TwoBoneSettings settings;
        settings.softness = 0.3f;
        TwoBoneJob job{&rig.skeleton, rig.dimensions, 0, 1, target, settings, 0.0f, &pose};
        ASSERT_TRUE(job.validate().ok());
        job.run();
        ASSERT_TRUE(within_limits(pose.rotations[1], locked, false, 1e-5f))
            << k << ": " << pose.rotations[1].w << " " << pose.rotations[1].x << " " << pose.rotations[1].y << " " << pose.rotations[1].z;
        ASSERT_TRUE(within_limits(pose.rotations[0], cone, false, 1e-5f)) << k;
        ++checked;
    }
    EXPECT_EQ(checked, 3000);
}

TEST(TwoBoneValidate, RejectsBadInput) {
    const Rig rig = chain_rig(Dimensions::Three, {3, 4, 5});
    Pose pose = rig.pose;
    auto job = [&] { return TwoBoneJob{&rig.skeleton, rig.dimensions, 1, 2, {1, 1, 1}, {}, 0.0f, &pose}; };
    EXPECT_TRUE(job().validate().ok());

    TwoBoneJob j = job();
    j.effector = 3;  // three bones
    expect_validation_error(j, "is not a child of");
    j = job();
    j.root = 7;
    expect_validation_error(j, "not in the skeleton");
    j = job();
    j.target.x = std::nanf("");
    expect_validation_error(j, "target is not a finite point");
    j = job();
    j.target.y = INFINITY;
    expect_validation_error(j, "target is not a finite point");
    j = job();
    j.settings.pole = glm::vec3{0, std::nanf(""), 0};
    expect_validation_error(j, "pole is not a finite point");
    j = job();
    j.settings.softness = 2.0f;
    expect_validation_error(j, "softness");
    j = job();
    j.pose = nullptr;
    expect_validation_error(j, "missing");
    Pose short_pose = Pose::rest(2);
    j = job();
    j.pose = &short_pose;
    expect_validation_error(j, "does not match");
    Pose nan_pose = rig.pose;
    nan_pose.rotations[2].x = std::nanf("");
    j = job();
    j.pose = &nan_pose;
    expect_validation_error(j, "is not a rotation");
    Pose zero_pose = rig.pose;
    zero_pose.rotations[1] = glm::quat{0, 0, 0, 0};
    j = job();
    j.pose = &zero_pose;
    expect_validation_error(j, "is not a rotation");
}

TEST(TwoBone2D, ALimbOfNoLengthKeepsItsUpperJointWithinALimitExcludingRest) {
    // Found by fuzzing: with no length to aim, the upper joint was set to its rest rotation,
    // outside a range of [-180, -128] degrees.
    Rig rig = chain_rig(Dimensions::Two, {1e-15f, 1e-15f});
    JointLimits upper;
    upper.max_angle = -2.23f;
    rig.skeleton[1].limits = upper;
    Pose pose = rig.pose;
    solve(rig, pose, {0.5f, 0, 0});
    EXPECT_TRUE(within_limits(pose.rotations[1], upper, true, 1e-5f)) << angle_2d(pose.rotations[1]);
}

TEST(TwoBone3D, AnAimAtTheConesEdgeKeepsTheUpperJointInItsCone) {
    // Found by fuzzing: the swivel interval's end at a cone's edge comes from acos of a ratio
    // near 1, and left the upper joint 1.6e-3 rad over a 75.5 degree cone.
    std::vector<Bone> bones{bone("a", -1, {}, glm::quat(0.5f, 0.5f, 0.5f, 0.5f), 0.05f),
                            bone("b", 0, {}, glm::quat(0.561809003f, 0.561809003f, 0.55961436f, 0.23573947f), 0.0f),
                            bone("upper", 1, {}, glm::quat(0.790532351f, 0, 0.612420261f, 0), 3.59901977f),
                            bone("lower", 2, {3.59901977f, 0, 0}, glm::quat(0.790532351f, 0, 0.612420261f, 0), 0.000170980391f)};
    JointLimits cone;
    cone.max_angle = 1.31823707f;
    bones[2].limits = cone;
    bones[3].limits = cone;
    const Skeleton sk(std::move(bones));
    Pose pose = Pose::rest(sk.size());
    pose.rotations[2] = glm::quat(0, 0, 0, 1);
    TwoBoneSettings settings;
    settings.softness = 0.3f;
    const TwoBoneJob job{&sk, Dimensions::Three, 2, 3, {-0.570338726f, 2.87817907f, -2.08423829f}, settings, 0.001f, &pose};
    ASSERT_TRUE(job.validate().ok());
    job.run();
    EXPECT_TRUE(within_limits(pose.rotations[2], cone, false, 1e-5f)) << rotation_change(glm::quat{1, 0, 0, 0}, pose.rotations[2]);
}

TEST(TwoBone3D, ALimb1e20LongKeepsItsRotationsUnit) {
    // Found by fuzzing: the rest bend axis was normalized from a cross product whose squared
    // length is below float's normal range, and came out not unit, nor the lower bone's rotation.
    std::vector<Bone> bones{
        bone("upper", -1, {}, glm::quat{1, 0, 0, 0}, 0.07f),
        bone("lower", 0, {0, 1.67945032e-20f, 0}, glm::quat(0.500632823f, 0.500632823f, 0.500632823f, 0.498096615f), 5.13819384e-24f)};
    JointLimits cone;
    cone.max_angle = 3.14159179f;
    bones[0].limits = cone;
    const Skeleton sk(std::move(bones));
    Pose pose = Pose::rest(sk.size());
    TwoBoneSettings settings;
    settings.softness = 0.3f;
    const TwoBoneJob job{&sk, Dimensions::Three, 0, 1, {1.3e-26f, 1.68e-20f, -1.3e-26f}, settings, 0.001f, &pose};
    ASSERT_TRUE(job.validate().ok());
    job.run();
    for (const glm::quat& q : pose.rotations) EXPECT_NEAR(glm::length(q), 1.0f, 1e-5f);
}

TEST(TwoBone3D, AnUpperBone1e21LongReportsTheMissThePoseHas) {
    // Found by fuzzing: the straight bend came from parts whose squares fall below float's normal
    // range and was off unit length: a reported miss of 1.2e-3 for a tip on the target.
    const std::vector<Bone> bones{bone("upper", -1, {}, glm::quat(0.264367461f, 0.263223559f, 0.317706525f, -0.871714234f), 1.0326732e-21f),
                                  bone("lower", 0, {1.0326732e-21f, 0, 0}, glm::quat{1, 0, 0, 0}, 0.05f)};
    const Rig rig{Dimensions::Three, Skeleton(bones), {}, Pose::rest(2), {}, {}, {}};
    Pose pose = rig.pose;
    TwoBoneSettings settings;
    settings.softness = 0.3f;
    const glm::vec3 target{-0.0360823162f, -0.0146825034f, -0.0313447006f};
    const TwoBoneJob job{&rig.skeleton, Dimensions::Three, 0, 1, target, settings, 0.001f, &pose};
    ASSERT_TRUE(job.validate().ok());
    const IkResult r = job.run();
    EXPECT_NEAR(r.error, glm::length(tip_of(rig, pose, 1) - target), 1e-6f);
}
