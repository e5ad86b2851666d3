// Pinning chains, and the drags that move pins, poles and the whole puppet.

#include <gtest/gtest.h>

#include <cmath>

#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/pole_drag.hpp"
#include "editor/posing/root_drag.hpp"

using namespace marionette;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::joint;
using marionette::testing::tip;

namespace {

// figure_2d: bones 0 hips, 1 spine, 2 upper_arm, 3 forearm, 4 hand, 5 thigh, 6 shin;
// chains 0 arm (2-3), 1 arm_reach (2-4), 2 leg (5-6), 3 back (0-4).
// The leg (chain 2) without softness, which slows the reach near full extension on purpose: a
// pinned foot is then held exactly.
Rig legs_2d() {
    Rig rig = figure_2d();
    rig.chains[2].two_bone.softness = 0.0f;
    return rig;
}

Rig pinned(Rig rig, int chain) {
    Result<Rig> r = set_chain_pinned(rig, chain, true);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : rig;
}

}  // namespace

TEST(ChainPin, PinsWhereTheEffectorIsAndLetsGo) {
    const Rig rig = figure_2d();
    const Rig with_pin = pinned(rig, 2);
    ASSERT_TRUE(with_pin.chains[2].pin.has_value());
    EXPECT_NEAR(glm::distance(*with_pin.chains[2].pin, tip(rig, 6)), 0.0f, 1e-4f);
    EXPECT_EQ(with_pin.chains[2].pin->z, 0.0f);
    EXPECT_EQ(with_pin.pose.rotations, rig.pose.rotations);  // pinning changes no pose
    Result<Rig> free = set_chain_pinned(with_pin, 2, false);
    ASSERT_TRUE(free.ok());
    EXPECT_FALSE(free.value().chains[2].pin.has_value());
}

TEST(ChainPin, RefusesBadChainsAndPoints) {
    const Rig rig = figure_2d();
    Result<Rig> bad = set_chain_pinned(rig, 9, true);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("9"), std::string::npos) << bad.message();
    Result<Rig> nan = set_chain_pin(rig, 0, {std::nanf(""), 0.0f, 0.0f});
    ASSERT_FALSE(nan.ok());
    EXPECT_NE(nan.message().find("pin of chain"), std::string::npos) << nan.message();
    EXPECT_FALSE(set_chain_pin(rig, -1, {1.0f, 2.0f, 0.0f}).ok());
    Result<Rig> flat = set_chain_pin(rig, 0, {1.0f, 2.0f, 7.0f});
    ASSERT_TRUE(flat.ok());
    EXPECT_EQ(*flat.value().chains[0].pin, glm::vec3(1.0f, 2.0f, 0.0f));  // 2D pins live in the plane
}

TEST(PinnedIkDrag, DraggingAPinnedEffectorCarriesItsPin) {
    Rig rig = pinned(legs_2d(), 2);
    const glm::vec3 pin = *rig.chains[2].pin;
    const glm::vec3 grab = tip(rig, 6) + glm::vec3{1.0f, 1.0f, 0.0f};  // near the foot
    Result<IkDrag> drag = IkDrag::start(rig, rig.pose, rig.chains[2], grab);
    ASSERT_TRUE(drag.ok()) << drag.message();
    const glm::vec3 step{6.0f, 9.0f, 0.0f};
    Result<IkResult> r = drag.value().drag(rig, grab + step);
    ASSERT_TRUE(r.ok()) << r.message();
    ASSERT_TRUE(rig.chains[2].pin.has_value());
    EXPECT_NEAR(glm::distance(*rig.chains[2].pin, pin + step), 0.0f, 1e-4f);
    // The step pulls the foot in toward the hip, which the knee follows at a bounded rate
    // (limb_swing.hpp): a few frames of a resting cursor bring it onto the pin.
    for (int frame = 0; drag.value().settle(rig); ++frame) ASSERT_LT(frame, 20);
    EXPECT_NEAR(glm::distance(tip(rig, 6), pin + step), 0.0f, 1e-2f);
}

TEST(PinnedIkDrag, OtherPinnedChainsHold) {
    // Pin the forearm (chain arm), then drag the hand on the longer back chain (hips to hand),
    // which shares bones with arm: the user's chain wins there. The leg, pinned and untouched
    // by the drag, is re-solved toward its pin after every step.
    Rig rig = pinned(pinned(legs_2d(), 0), 2);
    const glm::vec3 foot = *rig.chains[2].pin;
    Result<IkDrag> drag = IkDrag::start(rig, rig.pose, rig.chains[3], tip(rig, 4));
    ASSERT_TRUE(drag.ok()) << drag.message();
    ASSERT_TRUE(drag.value().drag(rig, tip(rig, 4) + glm::vec3{-30.0f, 25.0f, 0.0f}).ok());
    EXPECT_NEAR(glm::distance(tip(rig, 6), foot), 0.0f, 0.05f);
    EXPECT_EQ(*rig.chains[2].pin, foot);  // a pin that only holds does not move
}

TEST(RootDrag, MovesThePuppetAndPinnedFeetStay) {
    Rig rig = pinned(legs_2d(), 2);
    const glm::vec3 foot = *rig.chains[2].pin;
    const glm::vec3 offset = rig.pose.root_offset;
    const glm::vec3 grab = joint(rig, 0);
    Result<RootDrag> drag = RootDrag::start(rig, 0, grab);
    ASSERT_TRUE(drag.ok()) << drag.message();
    const glm::vec3 step{12.0f, -15.0f, 4.0f};  // z is dropped in 2D
    drag.value().drag(rig, grab + step);
    EXPECT_NEAR(glm::distance(rig.pose.root_offset, offset + glm::vec3{12.0f, -15.0f, 0.0f}), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::distance(tip(rig, 6), foot), 0.0f, 1e-2f);
    // The arm is not pinned: it rides along with the hips.
    EXPECT_EQ(rig.pose.rotations[3], figure_2d().pose.rotations[3]);
}

TEST(RootDrag, OnlyRootBonesAndFinitePoints) {
    const Rig rig = figure_2d();
    Result<RootDrag> child = RootDrag::start(rig, 3, {0.0f, 0.0f, 0.0f});
    ASSERT_FALSE(child.ok());
    EXPECT_NE(child.message().find("\"forearm\" is not a root bone"), std::string::npos) << child.message();
    EXPECT_FALSE(RootDrag::start(rig, 42, {0.0f, 0.0f, 0.0f}).ok());
    EXPECT_FALSE(RootDrag::start(rig, 0, {std::nanf(""), 0.0f, 0.0f}).ok());
    Rig moved = rig;
    RootDrag::start(rig, 0, {0.0f, 0.0f, 0.0f}).value().drag(moved, {INFINITY, 0.0f, 0.0f});
    EXPECT_EQ(moved.pose.root_offset, rig.pose.root_offset);  // a non-finite cursor moves nothing
}

TEST(PoleDrag, SwingsTheElbowTowardThePoleWhileTheHandStays) {
    // figure_3d: chain 0 arm (upper_arm 2, forearm 3) with a pole and softness. Without limits,
    // so the elbow may go wherever the pole says; the hand stays although the chain is soft.
    Rig rig = figure_3d();
    rig.skeleton[2].limits.reset();
    rig.skeleton[3].limits.reset();
    const glm::vec3 hand = tip(rig, 3);
    const glm::vec3 pole = *rig.chains[0].two_bone.pole;
    Result<PoleDrag> drag = PoleDrag::start(rig, 0, pole);
    ASSERT_TRUE(drag.ok()) << drag.message();
    const glm::vec3 shoulder = joint(rig, 2);
    // Move the pole to the other side of the shoulder-hand line, below it.
    const glm::vec3 moved = pole + glm::vec3{0.0f, -2.0f, 1.5f};
    Result<IkResult> r = drag.value().drag(rig, moved);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_NEAR(glm::distance(*rig.chains[0].two_bone.pole, moved), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::distance(tip(rig, 3), hand), 0.0f, 0.01f * (0.28f + 0.26f));
    // The elbow lies on the pole's side of the shoulder-hand line.
    const glm::vec3 axis = glm::normalize(hand - shoulder);
    auto across = [&](const glm::vec3& p) {
        const glm::vec3 d = p - shoulder;
        return d - glm::dot(d, axis) * axis;
    };
    EXPECT_GT(glm::dot(across(joint(rig, 3)), across(moved)), 0.0f);
}

TEST(PoleDrag, OnlyChainsWithAPole) {
    Result<PoleDrag> flat = PoleDrag::start(figure_2d(), 0, {0.0f, 0.0f, 0.0f});
    ASSERT_FALSE(flat.ok());
    EXPECT_NE(flat.message().find("has no pole"), std::string::npos) << flat.message();
    EXPECT_FALSE(PoleDrag::start(figure_3d(), 1, {0.0f, 0.0f, 0.0f}).ok());  // a CCD chain
    EXPECT_FALSE(PoleDrag::start(figure_3d(), 7, {0.0f, 0.0f, 0.0f}).ok());
    Rig rig = figure_3d();
    Result<PoleDrag> drag = PoleDrag::start(rig, 0, {0.0f, 1.0f, -1.0f});
    ASSERT_TRUE(drag.ok());
    EXPECT_FALSE(drag.value().drag(rig, {0.0f, NAN, 0.0f}).ok());
    EXPECT_EQ(*rig.chains[0].two_bone.pole, *figure_3d().chains[0].two_bone.pole);
}

TEST(ChainPin, MovingThePinBendsTheChainToIt) {
    const Rig rig = legs_2d();
    const glm::vec3 to = tip(rig, 6) + glm::vec3{10.0f, 15.0f, 0.0f};
    Result<Rig> moved = set_chain_pin(rig, 2, to);
    ASSERT_TRUE(moved.ok()) << moved.message();
    EXPECT_NEAR(glm::distance(tip(moved.value(), 6), to), 0.0f, 1e-2f);
    EXPECT_EQ(moved.value().pose.rotations[3], rig.pose.rotations[3]);  // only the leg bent
}
