// Edits of IK chains: solver switches that fit the chain, settings in the loader's ranges.

#include <limits>

#include <gtest/gtest.h>

#include "core/math/rotation_math.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
// figure_2d's chains.
constexpr int kArm = 0;       // two_bone upper_arm -> forearm
constexpr int kArmReach = 1;  // ccd upper_arm -> hand (3 bones)

}  // namespace

TEST(SetChainSolver, SwitchesBothWaysAndKeepsEachSolversSettings) {
    const Rig rig = figure_2d();
    Result<Rig> ccd = set_chain_solver(rig, kArm, SolverKind::Ccd);
    ASSERT_TRUE(ccd.ok()) << ccd.message();
    expect_valid_rig(ccd.value(), "switch to ccd");
    EXPECT_EQ(ccd.value().chains[kArm].solver, SolverKind::Ccd);

    Result<Rig> back = set_chain_solver(ccd.value(), kArm, SolverKind::TwoBone);
    ASSERT_TRUE(back.ok()) << back.message();
    expect_valid_rig(back.value(), "switch back to two_bone");
    expect_rigs_equal(back.value(), rig);
}

TEST(SetChainSolver, RefusesTwoBoneForAChainOfAnotherLength) {
    const Rig rig = figure_2d();
    expect_error(set_chain_solver(rig, kArmReach, SolverKind::TwoBone),
                 "chain \"arm_reach\" has 3 bones: the two_bone solver needs exactly two");
    expect_error(set_chain_solver(rig, 4, SolverKind::Ccd), "chain 4 does not exist (the rig has 4 chains)");
    expect_error(set_chain_solver(rig, -1, SolverKind::Ccd), "chain -1 does not exist");
}

TEST(SetChainSettings, SetsCcdSettingsAtTheEndsOfTheirRanges) {
    const Rig rig = figure_2d();
    for (const CcdSettings s : {CcdSettings{1, 1e-6f, kPi}, CcdSettings{10000, 25.0f, 1e-3f}}) {
        Result<Rig> r = set_chain_settings(rig, kArmReach, s);
        ASSERT_TRUE(r.ok()) << r.message();
        expect_valid_rig(r.value(), "ccd settings");
        EXPECT_EQ(r.value().chains[kArmReach].ccd.max_iterations, s.max_iterations);
        EXPECT_EQ(r.value().chains[kArmReach].ccd.tolerance, s.tolerance);
        EXPECT_EQ(r.value().chains[kArmReach].ccd.max_step, s.max_step);
    }
}

TEST(SetChainSettings, RefusesCcdSettingsOutOfRange) {
    const Rig rig = figure_2d();
    const std::string at = "settings of chain \"arm_reach\": ";
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{0, 0.1f, 1.0f}), at + "iterations must be between 1 and 10000, got 0");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{10001, 0.1f, 1.0f}), at + "iterations must be between 1 and 10000");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{20, 0.0f, 1.0f}), at + "tolerance must be a finite number > 0, got 0");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{20, kNaN, 1.0f}), at + "tolerance must be a finite number > 0");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{20, 0.1f, 0.0f}),
                 at + "max_step must be more than 0 and at most 180 degrees, got 0 degrees");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{20, 0.1f, 3.2f}),
                 at + "max_step must be more than 0 and at most 180 degrees");
    expect_error(set_chain_settings(rig, kArmReach, CcdSettings{20, 0.1f, kNaN}),
                 at + "max_step must be more than 0 and at most 180 degrees");
}

TEST(SetChainSettings, RefusesSettingsOfTheSolverTheChainDoesNotUse) {
    const Rig rig = figure_2d();
    expect_error(set_chain_settings(rig, kArm, CcdSettings{}),
                 "chain \"arm\" uses the two_bone solver: its ccd settings would not be saved");
    expect_error(set_chain_settings(rig, kArmReach, TwoBoneSettings{}), "chain \"arm_reach\" uses the ccd solver");
    expect_error(set_chain_settings(rig, 9, CcdSettings{}), "chain 9 does not exist");
}

TEST(SetChainSettings, SetsAndChecks2DTwoBoneSettings) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_chain_settings(rig, kArm, TwoBoneSettings{-1, std::nullopt, 1.0f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "two_bone settings");
    EXPECT_EQ(r.value().chains[kArm].two_bone.bend, -1);
    EXPECT_EQ(r.value().chains[kArm].two_bone.softness, 1.0f);

    const std::string at = "settings of chain \"arm\": ";
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{0, std::nullopt, 0.0f}), at + "bend must be 1 or -1, got 0");
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{2, std::nullopt, 0.0f}), at + "bend must be 1 or -1, got 2");
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{1, glm::vec3(1.0f), 0.0f}), at + "pole is for 3D chains");
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{1, std::nullopt, -0.1f}), at + "softness must be between 0 and 1, got -0.1");
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{1, std::nullopt, 1.5f}), at + "softness must be between 0 and 1");
    expect_error(set_chain_settings(rig, kArm, TwoBoneSettings{1, std::nullopt, kNaN}), at + "softness must be between 0 and 1");
}

TEST(SetChainSettings, SetsAndChecks3DTwoBoneSettings) {
    const Rig rig = figure_3d();
    Result<Rig> r = set_chain_settings(rig, 0, TwoBoneSettings{1, glm::vec3(0.5f, 2.0f, -1.0f), 0.3f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "3D two_bone settings");
    EXPECT_EQ(r.value().chains[0].two_bone.pole, glm::vec3(0.5f, 2.0f, -1.0f));

    Result<Rig> no_pole = set_chain_settings(rig, 0, TwoBoneSettings{1, std::nullopt, 0.0f});
    ASSERT_TRUE(no_pole.ok()) << no_pole.message();
    expect_valid_rig(no_pole.value(), "3D two_bone without pole");
    EXPECT_FALSE(no_pole.value().chains[0].two_bone.pole.has_value());

    expect_error(set_chain_settings(rig, 0, TwoBoneSettings{-1, std::nullopt, 0.0f}),
                 "bend is for 2D chains; a 3D chain bends toward its pole");
    expect_error(set_chain_settings(rig, 0, TwoBoneSettings{1, glm::vec3(0.0f, kNaN, 0.0f), 0.0f}),
                 "every component of the pole must be a finite number");
    expect_error(set_chain_settings(rig, 0, TwoBoneSettings{1, glm::vec3(2e15f, 0.0f, 0.0f), 0.0f}),
                 "pole: every component must be between -1e15 and 1e15");
}
