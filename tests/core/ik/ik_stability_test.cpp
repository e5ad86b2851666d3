// Rotations stay unit length, and bones keep their lengths, over a million solves that each
// start from the last one's result, as a long drag does.

#include <gtest/gtest.h>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr int kSolves = 1000000;

void expect_unit_and_lengths(const Rig& rig, const Pose& pose) {
    for (const glm::quat& q : pose.rotations) EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
    const auto w = world_of(rig, pose);
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
        const float length = rig.skeleton[i].length;
        EXPECT_NEAR(glm::length(w[i + 1].translation - w[i].translation), length, 1e-5f * length) << i;
    }
}

glm::vec3 wander(int k, bool is_2d) {
    // A target that keeps moving through reachable and unreachable places.
    const float t = 0.001f * static_cast<float>(k);
    return {2.0f * std::cos(t) + std::sin(3.1f * t), 1.5f * std::sin(1.3f * t), is_2d ? 0.0f : std::cos(0.7f * t)};
}

}  // namespace

TEST(IkStability, MillionTwoBoneSolvesKeepRotationsUnit) {
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1.2f, 1.0f});
        Pose pose = rig.pose;
        TwoBoneJob job{&rig.skeleton, dims, 1, 2, {}, {}, 0.0f, &pose};
        for (int k = 0; k < kSolves; ++k) {
            job.target = wander(k, rig.is_2d());
            job.run();
        }
        expect_unit_and_lengths(rig, pose);
    }
}

TEST(IkStability, MillionCcdSolvesKeepRotationsUnit) {
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1.0f, 0.8f, 0.6f});
        Pose pose = rig.pose;
        std::vector<CcdJoint> scratch(3);
        CcdSettings settings;
        settings.max_iterations = 1;
        CcdJob job{&rig.skeleton, dims, 1, 3, {}, settings, scratch, &pose};
        for (int k = 0; k < kSolves; ++k) {
            job.target = wander(k, rig.is_2d());
            job.run();
        }
        expect_unit_and_lengths(rig, pose);
    }
}
