// A chain's FK/IK mix and the snaps between FK and IK: set and checked, taken by drags and
// pins, and the two snaps that switch a limb without a jump.

#include <gtest/gtest.h>

#include <cmath>

#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"
#include "editor/posing/chain_snap.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/root_drag.hpp"
#include "editor/viewport/viewport_scene.hpp"

using namespace marionette;
using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::joint;
using marionette::testing::kShin;
using marionette::testing::kThigh;
using marionette::testing::tip_in_world;

namespace {

// figure_2d: bones 0 hips, 1 spine, 2 upper_arm, 3 forearm, 4 hand, 5 thigh, 6 shin;
// chains 0 arm (2-3), 1 arm_reach (2-4), 2 leg (5-6), 3 back (0-4).
constexpr int kLeg = 2;

float angle(const Rig& rig, int bone) {
    const glm::quat& q = rig.pose.rotations[static_cast<std::size_t>(bone)];
    return 2.0f * std::atan2(q.z, q.w);
}

float wrapped(float a) { return std::remainder(a, 2.0f * kPi); }

Rig with(Result<Rig> r) {
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

Rig leg_2d() {
    Rig rig = figure_2d();
    rig.chains[kLeg].two_bone.softness = 0.0f;  // a pinned foot held exactly
    return rig;
}

// The leg dragged from its tip by `step`, its drag finished: the pose the drag leaves.
Rig dragged_leg(Rig rig, const glm::vec3& step) {
    const glm::vec3 grab = tip_in_world(rig, kShin);
    Result<IkDrag> drag = IkDrag::start(rig, rig.pose, rig.chains[kLeg], grab);
    EXPECT_TRUE(drag.ok()) << drag.message();
    if (!drag.ok()) return rig;
    EXPECT_TRUE(drag.value().drag(rig, grab + step).ok());
    drag.value().finish(rig);
    return rig;
}

}  // namespace

TEST(SetChainMix, SetsAValueInItsRangeAndRefusesOthers) {
    const Rig rig = figure_2d();
    EXPECT_EQ(rig.chains[kLeg].mix, 1.0f);  // a chain without one is all IK
    EXPECT_EQ(with(set_chain_mix(rig, kLeg, 0.25f)).chains[kLeg].mix, 0.25f);
    EXPECT_EQ(with(set_chain_mix(rig, kLeg, 0.0f)).chains[kLeg].mix, 0.0f);
    for (const float bad : {-0.01f, 1.5f, std::nanf(""), INFINITY}) {
        Result<Rig> r = set_chain_mix(rig, kLeg, bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.message().find("mix of chain \"leg\" must be between 0 and 1"), std::string::npos) << r.message();
    }
    EXPECT_FALSE(set_chain_mix(rig, 17, 0.5f).ok());
}

TEST(ChainMix, AnIkDragTakesTheMixOfTheAnswerFromWhereTheChainWas) {
    const Rig start = leg_2d();
    const glm::vec3 step{-3.0f, 4.0f, 0.0f};
    const Rig full = dragged_leg(start, step);
    const Rig half = dragged_leg(with(set_chain_mix(start, kLeg, 0.5f)), step);
    const Rig none = dragged_leg(with(set_chain_mix(start, kLeg, 0.0f)), step);
    for (const int b : {kThigh, kShin}) {
        const float turned = wrapped(angle(full, b) - angle(start, b));
        ASSERT_GT(std::abs(turned), 1e-3f) << "the full drag turned bone " << b << " too little to tell";
        EXPECT_NEAR(wrapped(angle(half, b) - angle(start, b)), 0.5f * turned, 1e-4f) << b;
        EXPECT_NEAR(wrapped(angle(none, b) - angle(start, b)), 0.0f, 1e-6f) << b;
    }
    EXPECT_NEAR(glm::distance(tip_in_world(full, kShin), tip_in_world(start, kShin) + step), 0.0f, 1e-2f);
}

TEST(ChainMix, APinHoldsOnlyAChainAtAMixOfOne) {
    // The hips move: a pinned leg at mix 1 keeps its foot; at 0.5 it rides along in FK.
    for (const float mix : {1.0f, 0.5f}) {
        Rig rig = with(set_chain_mix(with(set_chain_pinned(leg_2d(), kLeg, true)), kLeg, mix));
        const glm::vec3 foot = *rig.chains[kLeg].pin;
        const Rig before = rig;
        Result<RootDrag> drag = RootDrag::start(rig, 0, joint(rig, 0));
        ASSERT_TRUE(drag.ok()) << drag.message();
        drag.value().drag(rig, joint(rig, 0) + glm::vec3{6.0f, -8.0f, 0.0f});
        if (mix == 1.0f) {
            EXPECT_NEAR(glm::distance(tip_in_world(rig, kShin), foot), 0.0f, 1e-2f);
        } else {
            EXPECT_EQ(rig.pose.rotations[kThigh], before.pose.rotations[kThigh]);
            EXPECT_EQ(rig.pose.rotations[kShin], before.pose.rotations[kShin]);
            EXPECT_EQ(*rig.chains[kLeg].pin, foot);  // still there, a target to snap to
        }
    }
}

TEST(ChainMix, TheMixMovesNoBoneAndAPinHoldsAgainFromTheNextDrag) {
    Rig rig = with(set_chain_mix(with(set_chain_pinned(leg_2d(), kLeg, true)), kLeg, 0.0f));
    const glm::vec3 foot = *rig.chains[kLeg].pin;
    rig.pose.root_offset += glm::vec3{5.0f, -7.0f, 0.0f};  // the hips moved, the leg with them
    ASSERT_GT(glm::distance(tip_in_world(rig, kShin), foot), 1.0f);
    // Through 1 and back, as a dragged slider goes: nothing moved.
    const Rig back = with(set_chain_mix(with(set_chain_mix(rig, kLeg, 1.0f)), kLeg, 0.5f));
    EXPECT_EQ(back.pose, rig.pose);
    Rig held = with(set_chain_mix(rig, kLeg, 1.0f));
    EXPECT_EQ(held.pose, rig.pose);
    Result<RootDrag> drag = RootDrag::start(held, 0, joint(held, 0));
    ASSERT_TRUE(drag.ok()) << drag.message();
    drag.value().drag(held, joint(held, 0) + glm::vec3{0.5f, 0.0f, 0.0f});
    EXPECT_NEAR(glm::distance(tip_in_world(held, kShin), foot), 0.0f, 1e-2f);
}

TEST(ChainMix, APinnedChainBelowOneIsDraggedFromItsTipAndCarriesItsPin) {
    // The pin is not where the foot is (it does not hold at 0.5): the drag starts at the tip,
    // without a jump toward the pin, and the pin moves by as much as the pointer.
    Rig rig = with(set_chain_mix(with(set_chain_pinned(leg_2d(), kLeg, true)), kLeg, 0.5f));
    rig.pose.root_offset += glm::vec3{5.0f, -7.0f, 0.0f};
    const glm::vec3 pin = *rig.chains[kLeg].pin;
    const glm::vec3 grab = tip_in_world(rig, kShin);
    Result<IkDrag> drag = IkDrag::start(rig, rig.pose, rig.chains[kLeg], grab);
    ASSERT_TRUE(drag.ok()) << drag.message();
    const Rig before = rig;
    ASSERT_TRUE(drag.value().drag(rig, grab).ok());  // a press that has not moved yet
    for (const int b : {kThigh, kShin}) EXPECT_NEAR(wrapped(angle(rig, b) - angle(before, b)), 0.0f, 1e-4f) << b;
    const glm::vec3 step{2.0f, -1.0f, 0.0f};
    ASSERT_TRUE(drag.value().drag(rig, grab + step).ok());
    EXPECT_NEAR(glm::distance(*rig.chains[kLeg].pin, pin + step), 0.0f, 1e-4f);
}

TEST(ChainSnap, FkToIkIn2DTakesTheSideTheLimbBendsTo) {
    // The knee bent either way: FK to IK takes the side it bends to, so that IK at a mix of 1
    // keeps the leg where it is (one of the two is against the chain's bend).
    int flipped = 0;
    for (const float knee : {-0.6f, 0.6f}) {
        Rig rig = leg_2d();
        rig.pose.rotations[kShin] = rotation_2d(knee);
        const Rig snapped = with(pin_chain_at_fk(rig, kLeg));
        flipped += snapped.chains[kLeg].two_bone.bend != rig.chains[kLeg].two_bone.bend ? 1 : 0;
        for (const int b : {kThigh, kShin}) EXPECT_NEAR(wrapped(angle(snapped, b) - angle(rig, b)), 0.0f, 1e-3f) << knee << " " << b;
    }
    EXPECT_EQ(flipped, 1);
}

TEST(ChainSnap, FkToIkPinsWhereTheLimbIsAndMovesNothing) {
    const Rig rig = leg_2d();
    const Rig snapped = with(pin_chain_at_fk(rig, kLeg));
    ASSERT_TRUE(snapped.chains[kLeg].pin.has_value());
    EXPECT_NEAR(glm::distance(*snapped.chains[kLeg].pin, tip_in_world(rig, kShin)), 0.0f, 1e-4f);
    for (const int b : {kThigh, kShin}) EXPECT_NEAR(wrapped(angle(snapped, b) - angle(rig, b)), 0.0f, 1e-4f) << b;
    // Once moved away, the pin comes back to the limb.
    Rig moved = with(set_chain_mix(snapped, kLeg, 0.0f));
    moved.pose.root_offset += glm::vec3{4.0f, 3.0f, 0.0f};
    const Rig again = with(pin_chain_at_fk(moved, kLeg));
    EXPECT_NEAR(glm::distance(*again.chains[kLeg].pin, tip_in_world(moved, kShin)), 0.0f, 1e-4f);
    EXPECT_EQ(again.chains[kLeg].mix, 0.0f);  // the mix is the user's
}

TEST(ChainSnap, FkToIkOnA3DLimbSetsThePoleToItsBend) {
    // figure_3d: chain 0 arm (upper_arm 2, forearm 3, bent at the elbow), its pole at (0, 1, -1);
    // without softness, which stops a limb short of its target near full reach on purpose.
    Rig rig = figure_3d();
    rig.chains[0].two_bone.softness = 0.0f;
    const int elbow_bone = 3;
    const glm::vec3 elbow = joint(rig, elbow_bone);
    const glm::vec3 hand = tip_in_world(rig, elbow_bone);
    const Rig snapped = with(pin_chain_at_fk(rig, 0));
    ASSERT_TRUE(snapped.chains[0].two_bone.pole.has_value());
    const glm::vec3 pole = *snapped.chains[0].two_bone.pole;
    EXPECT_NE(pole, *rig.chains[0].two_bone.pole);
    // The pole lies on the elbow's side of the shoulder-hand line, in the limb's plane.
    const glm::vec3 shoulder = joint(rig, 2);
    const glm::vec3 normal = glm::normalize(glm::cross(elbow - shoulder, hand - shoulder));
    EXPECT_NEAR(glm::dot(pole - shoulder, normal), 0.0f, 1e-3f);
    // Solved at mix 1 toward its new pin and pole, the limb stays where FK had it.
    EXPECT_NEAR(glm::distance(joint(snapped, elbow_bone), elbow), 0.0f, 1e-3f);
    EXPECT_NEAR(glm::distance(tip_in_world(snapped, elbow_bone), hand), 0.0f, 1e-3f);
}

TEST(ChainSnap, IkToFkTakesTheAnswerTowardThePin) {
    Rig rig = with(set_chain_mix(with(set_chain_pinned(leg_2d(), kLeg, true)), kLeg, 0.0f));
    const glm::vec3 foot = *rig.chains[kLeg].pin;
    rig.pose.root_offset += glm::vec3{5.0f, -7.0f, 0.0f};
    const Rig snapped = with(pose_chain_by_ik(rig, kLeg));
    EXPECT_NEAR(glm::distance(tip_in_world(snapped, kShin), foot), 0.0f, 1e-2f);
    EXPECT_EQ(snapped.chains[kLeg].mix, 0.0f);
    // Now the mix may go up without a jump.
    const Rig raised = with(set_chain_mix(snapped, kLeg, 1.0f));
    for (const int b : {kThigh, kShin}) EXPECT_NEAR(wrapped(angle(raised, b) - angle(snapped, b)), 0.0f, 1e-4f) << b;
}

TEST(ChainSnap, IkToFkNeedsAPin) {
    Result<Rig> r = pose_chain_by_ik(figure_2d(), kLeg);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("chain \"leg\" has no pin"), std::string::npos) << r.message();
    EXPECT_FALSE(pose_chain_by_ik(figure_2d(), -1).ok());
    EXPECT_FALSE(pin_chain_at_fk(figure_2d(), 9).ok());
}

TEST(ChainSnap, TheChainThroughABoneIsTheOneEndingThereFirst) {
    const Rig rig = figure_2d();
    EXPECT_EQ(chain_through(rig, bone_named(rig, "forearm")), 0);  // arm ends there
    EXPECT_EQ(chain_through(rig, bone_named(rig, "hand")), rig.chain_ending_at(bone_named(rig, "hand")));
    EXPECT_EQ(chain_through(rig, kThigh), kLeg);  // the leg runs through it
    EXPECT_EQ(chain_through(rig, -1), -1);
}

TEST(ChainSnap, TheKeysSnapTheSelectedBonesChainAsOneStep) {
    marionette::testing::ViewportScene scene(leg_2d());
    scene.controller().select(kShin);
    scene.key(ViewKey::I);
    ASSERT_TRUE(scene.document().rig().chains[kLeg].pin.has_value()) << scene.controller().take_message().value_or("");
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_EQ(scene.history().undo_label(), "FK to IK on chain leg");
    ASSERT_TRUE(apply_edit(scene.document(), scene.history(), "mix", set_chain_mix(scene.document().rig(), kLeg, 0.0f)).ok());
    const glm::vec3 foot = *scene.document().rig().chains[kLeg].pin;
    scene.document().edit([](Rig& r) { r.pose.root_offset += glm::vec3{5.0f, -7.0f, 0.0f}; });
    scene.key(ViewKey::I, Modifiers{.shift = true});
    EXPECT_NEAR(glm::distance(tip_in_world(scene.document().rig(), kShin), foot), 0.0f, 1e-2f);
    EXPECT_EQ(scene.history().undo_label(), "IK to FK on chain leg");
    // With nothing selected it says what to do.
    scene.controller().take_message();
    scene.controller().select(-1);
    const Rig before = scene.document().rig();
    scene.key(ViewKey::I);
    EXPECT_TRUE(scene.document().rig() == before);
    EXPECT_NE(scene.controller().take_message().value_or("").find("select a bone of a chain"), std::string::npos);
}

TEST(ChainMix, AChainAtMixZeroIsDraggedInFkEvenInIkMode) {
    Rig rig = with(set_chain_mix(leg_2d(), kLeg, 0.0f));
    marionette::testing::ViewportScene scene(rig);
    scene.controller().set_mode(PoseMode::Ik);
    const float thigh = angle(rig, kThigh);
    const float shin = angle(rig, kShin);
    const glm::vec2 at = scene.on_bone("shin", 0.9f);
    scene.drag(at, at + glm::vec2{30.0f, 0.0f});
    // FK: the shin turns about its own joint; the thigh stays.
    EXPECT_EQ(angle(scene.document().rig(), kThigh), thigh);
    EXPECT_GT(std::abs(wrapped(angle(scene.document().rig(), kShin) - shin)), 0.05f);
}
