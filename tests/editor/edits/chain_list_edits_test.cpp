// Adding and removing IK chains: the upper bone becomes the root whichever way they are picked,
// names stay unique, a 3D two-bone limb gets a pole on the side it bends to now (so a solve
// from the pose keeps it), and bad picks are refused with a reason.

#include <gtest/gtest.h>

#include "core/ik/ik_solve.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(AddChain, TheUpperBoneIsTheRootAndTheNameIsUnique) {
    const Rig rig = figure_2d();
    const int hand = bone_named(rig, "hand"), upper = bone_named(rig, "upper_arm");
    Result<Rig> added = add_chain(rig, hand, upper, SolverKind::Ccd);  // picked from the hand up
    ASSERT_TRUE(added.ok()) << added.message();
    const IkChain& c = added.value().chains.back();
    EXPECT_EQ(c.root, upper);
    EXPECT_EQ(c.effector, hand);
    EXPECT_EQ(c.name, "upper_arm_to_hand");
    expect_valid_rig(added.value(), "add_chain");
    // The rig with its new chain saves and loads again.
    Result<Rig> again = parse_rig(serialize_rig(added.value()).value());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().chains.size(), rig.chains.size() + 1);
    Result<Rig> twice = add_chain(added.value(), upper, hand, SolverKind::Ccd);
    ASSERT_TRUE(twice.ok()) << twice.message();
    EXPECT_EQ(twice.value().chains.back().name, "upper_arm_to_hand.001");
    // Removed again: the bones stay.
    Result<Rig> removed = delete_chain(twice.value(), static_cast<int>(twice.value().chains.size()) - 1);
    ASSERT_TRUE(removed.ok()) << removed.message();
    EXPECT_TRUE(removed.value() == added.value());
}

TEST(AddChain, RefusesBonesOffOneParentPathAndTwoBoneChainsOfOtherLengths) {
    const Rig rig = figure_2d();
    expect_error(add_chain(rig, bone_named(rig, "hand"), bone_named(rig, "shin"), SolverKind::Ccd),
                 "neither is above the other, and a chain runs down one parent path");
    expect_error(add_chain(rig, bone_named(rig, "spine"), bone_named(rig, "hand"), SolverKind::TwoBone),
                 "it has 4 bones, and the two_bone solver needs exactly two");
    expect_error(add_chain(rig, 99, 0, SolverKind::Ccd), "cannot add a chain: bone 99 does not exist");
    expect_error(delete_chain(rig, 9), "cannot delete the chain:");
}

TEST(AddChain, AThreeDLimbKeepsTheBendItHas) {
    Rig rig = figure_3d();
    rig.chains.clear();
    const int upper = bone_named(rig, "upper_arm"), forearm = bone_named(rig, "forearm");
    Result<Rig> added = add_chain(rig, upper, forearm, SolverKind::TwoBone);
    ASSERT_TRUE(added.ok()) << added.message();
    const IkChain& c = added.value().chains.back();
    ASSERT_TRUE(c.two_bone.pole.has_value());
    // Solving for where the tip already is leaves the elbow where it was.
    const std::vector<Transform> before = compute_world(rig.skeleton, rig.pose).value();
    const glm::vec3 tip = bone_tip(before[static_cast<std::size_t>(forearm)], rig.skeleton[static_cast<std::size_t>(forearm)].length);
    Pose pose = rig.pose;
    Result<IkResult> solved = solve_chain(added.value(), c, tip, pose);
    ASSERT_TRUE(solved.ok()) << solved.message();
    const std::vector<Transform> after = compute_world(rig.skeleton, pose).value();
    EXPECT_LT(glm::length(after[static_cast<std::size_t>(forearm)].translation - before[static_cast<std::size_t>(forearm)].translation),
              1e-4f);
}
