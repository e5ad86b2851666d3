// How large a solve may be (core/base/extents.hpp). Found by fuzzing: a CCD chain 1.5e20 long squared
// its way to infinity and wrote NaN rotations. validate() now refuses what the solvers cannot
// compute with, naming it; everything up to the limit solves to finite poses that keep lengths.

#include <gtest/gtest.h>

#include "core/base/extents.hpp"
#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Status validate_ccd(const Rig& rig, Pose& pose, glm::vec3 target, std::vector<CcdJoint>& scratch) {
    const CcdJob job{&rig.skeleton, rig.dimensions, 1, static_cast<int>(rig.skeleton.size()) - 1, target, {}, scratch, &pose};
    return job.validate();
}

TwoBoneJob two_bone(const Rig& rig, Pose& pose, glm::vec3 target, std::optional<glm::vec3> pole = std::nullopt) {
    TwoBoneSettings settings;
    settings.pole = pole;
    return TwoBoneJob{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, &pose};
}

void expect_refused(const Status& s, const char* text) {
    ASSERT_FALSE(s.ok()) << "expected: " << text;
    EXPECT_NE(s.message().find(text), std::string::npos) << s.message();
}

// Each chain joint at its rest distance from the next, to float rounding at that size.
void expect_lengths_kept(const Rig& rig, const Pose& pose) {
    const auto w = world_of(rig, pose);
    for (std::size_t b = 1; b < rig.skeleton.size(); ++b) {
        ASSERT_TRUE(finite(w[b].translation));
        const glm::vec3 next = b + 1 < rig.skeleton.size() ? w[b + 1].translation : bone_tip(w[b], rig.skeleton[b].length);
        EXPECT_NEAR(glm::length(next - w[b].translation), rig.skeleton[b].length, 1e-5f * rig.skeleton[b].length) << b;
    }
}

}  // namespace

TEST(SolveExtent, RefusesTargetsPolesAndChainsBeyondTheLimit) {
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1, 1});
        Pose pose = rig.pose;
        std::vector<CcdJoint> scratch(2);
        expect_refused(validate_ccd(rig, pose, {2e9f, 0, 0}, scratch), "ccd: the target has a coordinate beyond +-1e9");
        expect_refused(two_bone(rig, pose, {0, -3e38f, 0}).validate(), "two-bone: the target has a coordinate beyond +-1e9");

        Rig far = rig;
        far.skeleton[0].rest.translation = {0, 1.5e9f, 0};  // the chain's parent puts its root joint there
        Pose far_pose = far.pose;
        expect_refused(validate_ccd(far, far_pose, {0, 0, 0}, scratch), "ccd: the chain's root joint has a coordinate beyond");
        expect_refused(two_bone(far, far_pose, {0, 0, 0}).validate(), "two-bone: the chain's root joint");

        // Found by fuzzing: the chain's parent 2e12 out and the root turned back from there onto
        // the origin. The solve works in the parent's frame, where the target 0.25 away from the
        // root joint rounds onto it: a miss of 0.25 reported as 0.
        Rig back = chain_rig(dims, {2e12f, 2e12f, 0.25f});
        back.skeleton[2].rest.rotation = glm::angleAxis(kPiF, glm::vec3{0, 0, 1});
        std::vector<CcdJoint> scratch1(1);
        Pose back_pose = back.pose;
        const CcdJob job{&back.skeleton, dims, 3, 3, {-0.25f, 0, 0}, {}, scratch1, &back_pose};
        ASSERT_LT(glm::length(world_of(back, back_pose)[3].translation), 1e9f);  // the root joint itself is in range
        expect_refused(job.validate(), "ccd: the chain's parent joint has a coordinate beyond +-1e9");

        const Rig long_chain = chain_rig(dims, {6e8f, 6e8f});
        Pose long_pose = long_chain.pose;
        expect_refused(validate_ccd(long_chain, long_pose, {0, 0, 0}, scratch), "ccd: the chain reaches farther than 1e9");
        expect_refused(two_bone(long_chain, long_pose, {0, 0, 0}).validate(), "two-bone: the chain reaches farther than 1e9");

        const Rig huge = chain_rig(dims, {1.5e20f, 0.05f});  // what the fuzzer found, and inf
        Pose huge_pose = huge.pose;
        expect_refused(validate_ccd(huge, huge_pose, {1.5e20f, 0, 0}, scratch), "beyond +-1e9");
        const Rig inf = chain_rig(dims, {3.4e38f, 3.4e38f});
        Pose inf_pose = inf.pose;
        expect_refused(validate_ccd(inf, inf_pose, {0, 0, 0}, scratch), "ccd: the chain reaches farther than 1e9");
    }
    const Rig rig = chain_rig(Dimensions::Three, {1, 1});
    Pose pose = rig.pose;
    expect_refused(two_bone(rig, pose, {1, 1, 0}, glm::vec3{0, 0, 5e9f}).validate(), "two-bone: the pole has a coordinate beyond");
}

TEST(SolveExtent, SolvesUpToTheLimit) {
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const bool is_2d = dims == Dimensions::Two;
        for (const glm::vec3& target : {glm::vec3{-9e8f, 3e8f, is_2d ? 0.0f : 2e8f}, glm::vec3{1e8f, 1e8f, 0}, glm::vec3{0.5f, 0, 0}}) {
            const Rig rig = chain_rig(dims, {4e8f, 4.5e8f});
            Pose pose = rig.pose;
            std::vector<CcdJoint> scratch(2);
            const CcdJob ccd{&rig.skeleton, dims, 1, 2, target, {}, scratch, &pose};
            ASSERT_TRUE(ccd.validate().ok()) << ccd.validate().message();
            EXPECT_TRUE(std::isfinite(ccd.run().error));
            expect_lengths_kept(rig, pose);

            pose = rig.pose;
            const TwoBoneJob job = two_bone(rig, pose, target, is_2d ? std::nullopt : std::optional<glm::vec3>{glm::vec3{0, 0, -9e8f}});
            ASSERT_TRUE(job.validate().ok()) << job.validate().message();
            EXPECT_TRUE(std::isfinite(job.run().error));
            expect_lengths_kept(rig, pose);
        }
    }
}
