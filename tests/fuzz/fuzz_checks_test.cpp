// The fuzz checks themselves: a check that cannot fail would let the fuzzer run green over
// broken code. Each test breaks one thing a check is there to notice.

#include <cmath>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "core/ik/ik_solve.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "fuzz/ik_check.hpp"
#include "fuzz/rig_loader_check.hpp"

using namespace marionette;
using namespace marionette::fuzzing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

Rig arm() { return parse_rig(marionette::testing::read_file(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json")).value(); }

// The empty input decodes to the ordinary case: a free 2D CCD chain aimed at its own tip.
IkCase ordinary_case() { return decode_ik_case({}); }

// A case solved, for the tests to spoil its outcome.
struct Solved {
    IkCase c = ordinary_case();
    Pose pose;
    IkResult result;
};

Solved solved_two_bone() {
    Solved s;
    Rig& rig = s.c.rig;
    rig = arm();
    rig.chains.erase(rig.chains.begin() + 1, rig.chains.end());  // "arm": two-bone, upper_arm -> forearm
    EXPECT_EQ(rig.chains[0].solver, SolverKind::TwoBone);
    s.c.target = {250.0f, 120.0f, 0.0f};
    s.pose = rig.pose;
    Result<IkResult> r = solve_chain(rig, rig.chains[0], s.c.target, s.pose);
    EXPECT_TRUE(r.ok()) << r.message();
    s.result = r.value();
    return s;
}

}  // namespace

TEST(RigChecks, AShippedRigPasses) { EXPECT_EQ(check_loaded_rig(arm()), std::nullopt); }

TEST(RigChecks, NoticeANonUnitPoseRotation) {
    Rig rig = arm();
    rig.pose.rotations[1] *= 2.0f;
    EXPECT_NE(check_rig_structure(rig), std::nullopt);
}

TEST(RigChecks, NoticeAChainPointingOutsideTheSkeleton) {
    Rig rig = arm();
    rig.chains[0].effector = 99;
    EXPECT_NE(check_rig_structure(rig), std::nullopt);
}

TEST(RigChecks, NoticeABoneThatIsNotAtAFinitePlace) {
    Rig rig = arm();
    rig.skeleton[0].rest.translation.x = 3e38f;
    rig.skeleton[1].rest.translation.x = 3e38f;
    const Violation v = check_loaded_rig(rig);
    ASSERT_NE(v, std::nullopt);
    EXPECT_NE(v->find("finite"), std::string::npos) << *v;
}

TEST(RigChecks, RigDifferenceNoticesOneChangedField) {
    const Rig a = arm();
    EXPECT_EQ(rig_difference(a, a), std::nullopt);
    Rig b = a;
    b.skeleton[2].length += 1.0f;
    EXPECT_NE(rig_difference(a, b), std::nullopt);
    b = a;
    b.pose.rotations[1] = rotation_2d(0.01f) * b.pose.rotations[1];
    EXPECT_NE(rig_difference(a, b), std::nullopt);
    b = a;
    b.editor.json()["camera"] = 1;
    EXPECT_NE(rig_difference(a, b), std::nullopt);
}

TEST(RigChecks, AFileThatDoesNotLoadPassesWithItsMessage) {
    EXPECT_EQ(check_rig_text("{"), std::nullopt);
    EXPECT_EQ(check_rig_text(""), std::nullopt);
}

TEST(IkChecks, TheEmptyInputIsAnOrdinaryCaseThatHolds) {
    const IkCase c = ordinary_case();
    EXPECT_TRUE(c.rig.is_2d());
    EXPECT_EQ(c.rig.chains[0].solver, SolverKind::Ccd);
    EXPECT_TRUE(within_contract(c));
    EXPECT_EQ(check_ik_case(c), std::nullopt);
}

TEST(IkChecks, ARealSolvePasses) {
    const Solved s = solved_two_bone();
    EXPECT_EQ(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
}

TEST(IkChecks, NoticeABoneOutsideTheChainTurned) {
    Solved s = solved_two_bone();
    s.pose.rotations[2] = rotation_2d(0.5f);  // "hand", below the chain's effector
    EXPECT_NE(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
}

TEST(IkChecks, NoticeAStretchedOrNaNRotation) {
    Solved s = solved_two_bone();
    s.pose.rotations[1] *= 1.01f;
    EXPECT_NE(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
    s.pose.rotations[1] = glm::quat{kNaN, 0.0f, 0.0f, 0.0f};
    EXPECT_NE(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
}

TEST(IkChecks, NoticeAMisreportedMiss) {
    Solved s = solved_two_bone();
    s.result.error += 1.0f;
    EXPECT_NE(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
}

TEST(IkChecks, NoticeAJointOutsideItsLimits) {
    Solved s = solved_two_bone();
    s.c.rig.skeleton[1].limits = JointLimits{std::nullopt, 0.0f, 0.0f, {}, {}};  // forearm locked at rest
    EXPECT_NE(check_ik_solution(s.c, s.pose, s.result), std::nullopt);
}

TEST(IkChecks, ANaNTargetIsOutsideTheContractAndRefused) {
    IkCase c = ordinary_case();
    c.target.x = kNaN;
    EXPECT_FALSE(within_contract(c));
    EXPECT_EQ(check_ik_case(c), std::nullopt);  // refused with a message: that is the contract
}
