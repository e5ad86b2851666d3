// FK and IK dragging in world space, as the viewport drives them.

#include <gtest/gtest.h>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/posing/fk_drag.hpp"
#include "editor/posing/ik_drag.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// The 2D arm of chain_rig: base (0.5 long) at the origin, b0 (1) from (0.5, 0), b1 (1), b2 (0.5).
Rig arm() { return chain_rig(Dimensions::Two, {1.0f, 1.0f, 0.5f}); }

// A two-bone chain over bones 1 (root) and 2 of a chain_rig.
IkChain two_bone_chain(const char* name) {
    IkChain c;
    c.name = name;
    c.root = 1;
    c.effector = 2;
    c.solver = SolverKind::TwoBone;
    return c;
}

void expect_near(const glm::vec3& a, const glm::vec3& b, float tol = 1e-4f) {
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
}

}  // namespace

TEST(FkDrag, BoneFollowsTheCursorWithoutSnappingAndChildrenFollow) {
    const Rig rig = arm();
    Pose pose = rig.pose;
    // Grab the forearm (b1, joint at (1.5, 0)) half way along, drag a quarter turn up.
    auto drag = FkDrag::start(rig, pose, 2, {2.0f, 0.0f, 0});
    ASSERT_TRUE(drag.ok()) << drag.message();
    drag.value().move(rig, pose, {1.5f, 0.7f, 0});
    const auto w = world_of(rig, pose);
    expect_near(w[2].translation, {1.5f, 0, 0});         // its joint stays
    expect_near(bone_tip(w[2], 1.0f), {1.5f, 1.0f, 0});  // it turned 90 degrees
    expect_near(bone_tip(w[3], 0.5f), {1.5f, 1.5f, 0});  // the hand followed
    expect_near(w[1].translation, {0.5f, 0, 0});         // the upper arm did not move
    EXPECT_EQ(pose.rotations[1], rig.pose.rotations[1]);
}

TEST(FkDrag, TurnIsMeasuredFromTheStartNotAccumulated) {
    const Rig rig = arm();
    Pose pose = rig.pose;
    auto drag = FkDrag::start(rig, pose, 1, {1.0f, 0.0f, 0}).value();
    for (int i = 0; i < 1000; ++i) {
        const float a = 0.01f * static_cast<float>(i);
        drag.move(rig, pose, glm::vec3{0.5f, 0, 0} + 2.0f * glm::vec3{std::cos(a), std::sin(a), 0});
    }
    drag.move(rig, pose, {3.0f, 0.0f, 0});  // back where it started
    EXPECT_LT(rotation_change(pose.rotations[1], rig.pose.rotations[1]), 1e-5f);
}

TEST(FkDrag, RespectsLimits) {
    Rig rig = arm();
    JointLimits lim;
    lim.min_angle = -0.5f;
    lim.max_angle = 0.5f;
    rig.skeleton[2].limits = lim;
    Pose pose = rig.pose;
    auto drag = FkDrag::start(rig, pose, 2, {2.5f, 0.0f, 0}).value();
    drag.move(rig, pose, {1.5f, 1.0f, 0});  // a quarter turn wanted
    EXPECT_NEAR(angle_2d(pose.rotations[2]), 0.5f, 1e-5f);
}

TEST(FkDrag, ThreeDimensionalDragTurnsInTheViewPlane) {
    const Rig rig = chain_rig(Dimensions::Three, {1.0f, 1.0f});
    Pose pose = rig.pose;
    // Looking down -z: the view plane through the elbow (1.5, 0, 0) is z = 0.
    auto drag = FkDrag::start(rig, pose, 2, {2.5f, 0, 0}).value();
    drag.move(rig, pose, {1.5f, 1.0f, 0});
    const auto w = world_of(rig, pose);
    expect_near(bone_tip(w[2], 1.0f), {1.5f, 1.0f, 0});
}

TEST(FkDrag, DegenerateGrabsAndCursorsAreHarmless) {
    const Rig rig = arm();
    Pose pose = rig.pose;
    auto drag = FkDrag::start(rig, pose, 2, {1.5f, 0, 0});  // on the joint
    ASSERT_TRUE(drag.ok());
    drag.value().move(rig, pose, {1.5f, 0, 0});  // cursor on the joint: nothing to follow
    EXPECT_EQ(pose.rotations[2], rig.pose.rotations[2]);
    drag.value().move(rig, pose, {1.5f, 2, 0});
    EXPECT_NEAR(angle_2d(pose.rotations[2]), kPiF / 2, 1e-5f);
    EXPECT_FALSE(FkDrag::start(rig, pose, 9, {0, 0, 0}).ok());
}

TEST(IkDrag, UsesTheRigsChainOrAnAutomaticOne) {
    Rig rig = arm();
    rig.chains.push_back(two_bone_chain("arm"));
    EXPECT_EQ(drag_chain_for(rig, 2, 2).name, "arm");
    const IkChain hand = drag_chain_for(rig, 3, 2);
    EXPECT_EQ(hand.name, "auto");
    EXPECT_EQ(hand.root, 1);
    EXPECT_EQ(hand.effector, 3);
    EXPECT_EQ(hand.solver, SolverKind::Ccd);
    EXPECT_EQ(drag_chain_for(rig, 3, 10).root, 0);  // stops at the root
}

TEST(IkDrag, TheTipEndsWhereTheCursorIsReleasedAndTheShoulderStays) {
    Rig rig = arm();
    rig.chains.push_back(two_bone_chain("arm"));
    Pose pose = rig.pose;
    pose.rotations[2] = rotation_2d(0.3f);
    const glm::vec3 tip = tip_of(rig, pose, 2);
    // Grab the forearm a little off its tip: the offset is kept, the tip does not jump.
    const glm::vec3 grab = tip - glm::vec3{0.1f, 0, 0};
    auto drag = IkDrag::start(rig, pose, rig.chains[0], grab).value();
    expect_near(drag.target(), tip);
    glm::vec3 cursor = grab;
    for (int i = 0; i < 50; ++i) {  // a drag in small steps, as mouse motion arrives
        cursor += glm::vec3{-0.02f, 0.02f, 0};
        ASSERT_TRUE(drag.move(rig, pose, cursor).ok());
    }
    expect_near(tip_of(rig, pose, 2), cursor + glm::vec3{0.1f, 0, 0});
    expect_near(world_of(rig, pose)[1].translation, {0.5f, 0, 0});
    EXPECT_EQ(pose.rotations[3], rig.pose.rotations[3]);  // the hand is outside the chain
}

TEST(IkDrag, ThreeDimensionalTwoBoneKeepsItsBendPlaneFromTheStart) {
    Rig rig = chain_rig(Dimensions::Three, {1.0f, 1.0f});
    rig.chains.push_back(two_bone_chain("leg"));
    Pose pose = rig.pose;
    // The knee out toward -z (a turn about +y takes +x toward -z), the shin back toward the line.
    pose.rotations[1] = glm::angleAxis(0.4f, glm::vec3{0, 1, 0});
    pose.rotations[2] = glm::angleAxis(-0.8f, glm::vec3{0, 1, 0});
    ASSERT_LT(world_of(rig, pose)[2].translation.z, -0.3f);
    const glm::vec3 tip = tip_of(rig, pose, 2);
    auto drag = IkDrag::start(rig, pose, rig.chains[0], tip).value();
    ASSERT_TRUE(drag.chain().two_bone.pole.has_value());
    ASSERT_TRUE(drag.move(rig, pose, {1.8f, 0.3f, 0.0f}).ok());
    const auto w = world_of(rig, pose);
    EXPECT_LT(w[2].translation.z, -0.1f);  // the knee still bends toward -z
    expect_near(bone_tip(w[2], 1.0f), {1.8f, 0.3f, 0.0f}, 1e-3f);
}

TEST(IkDrag, PrecisionTightensACoarseCcdToleranceForTheDrag) {
    Rig rig = arm();
    IkChain reach;
    reach.name = "reach";
    reach.root = 1;
    reach.effector = 3;
    reach.ccd.max_iterations = 200;
    reach.ccd.tolerance = 0.2f;  // coarse: the tip may stop this far from the cursor
    rig.chains.push_back(reach);
    const glm::vec3 target{1.2f, 1.4f, 0.0f};
    const glm::vec3 tip = tip_of(rig, rig.pose, 3);
    auto coarse_result = [&](float precision) {
        Pose pose = rig.pose;
        auto drag = IkDrag::start(rig, pose, rig.chains[0], tip).value();
        const IkResult r = drag.move(rig, pose, target, precision).value();
        EXPECT_NEAR(glm::length(tip_of(rig, pose, 3) - target), r.error, 1e-4f);
        return r;
    };
    const IkResult own = coarse_result(0.0f);
    EXPECT_TRUE(own.reached);
    EXPECT_GT(own.error, 1e-3f) << "the chain's own tolerance stops the solve early";
    const IkResult precise = coarse_result(1e-3f);
    EXPECT_TRUE(precise.reached);
    EXPECT_LE(precise.error, 1e-3f);
    EXPECT_EQ(rig.chains[0].ccd.tolerance, 0.2f);  // the rig's chain is not changed
}

TEST(IkDrag, AnAutomaticChainCanGrowMidDragKeepingTheGrab) {
    const Rig rig = arm();
    Pose pose = rig.pose;
    const glm::vec3 tip = tip_of(rig, pose, 3);
    const glm::vec3 grab = tip - glm::vec3{0.1f, 0, 0};
    auto drag = IkDrag::start(rig, pose, drag_chain_for(rig, 3, 1), grab).value();
    ASSERT_TRUE(drag.move(rig, pose, grab + glm::vec3{0, 0.2f, 0}).ok());
    EXPECT_EQ(pose.rotations[1], rig.pose.rotations[1]);  // one parent up: b1 and b2 turn, b0 does not
    auto longer = drag.with_chain(rig, pose, drag_chain_for(rig, 3, 2));
    ASSERT_TRUE(longer.ok()) << longer.message();
    EXPECT_EQ(longer.value().chain().root, 1);
    expect_near(longer.value().cursor(), grab + glm::vec3{0, 0.2f, 0});
    const glm::vec3 cursor = grab + glm::vec3{-0.5f, 0.8f, 0};
    ASSERT_TRUE(longer.value().move(rig, pose, cursor).ok());
    expect_near(tip_of(rig, pose, 3), cursor + glm::vec3{0.1f, 0, 0}, 1e-3f);  // the grab offset is kept
    EXPECT_NE(pose.rotations[1], rig.pose.rotations[1]);                       // the longer chain moved the upper bone
}
