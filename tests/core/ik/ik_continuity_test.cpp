// A target dragged in small steps along a path that passes close by the root (through the
// too-close region) and far out of reach: no joint may turn by more than a few degrees between
// two consecutive solves. That is what a user sees as a flip or a pop.

#include <gtest/gtest.h>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr int kSteps = 20000;
constexpr float kMaxTurnPerStep = 3.0f * kPiF / 180.0f;

// An ellipse around the shoulder: out past full reach on one side, within `near` of the
// shoulder on the other, crossing the too-close region twice per lap. Two laps.
glm::vec3 path(float s, const glm::vec3& shoulder, float reach, float near, bool is_2d) {
    const float a = 2.0f * kPiF * 2.0f * s;
    const float rx = 0.5f * (1.3f * reach + near);
    const glm::vec3 center = shoulder + glm::vec3{1.3f * reach - rx, 0, 0};
    glm::vec3 p = center + glm::vec3{rx * std::cos(a), 0.8f * near * std::sin(a), 0};
    if (!is_2d) p.z = 0.5f * near * std::sin(2.0f * a);  // leave the plane a little in 3D
    return p;
}

template <class Solve>
float largest_turn_along_path(const Rig& rig, Pose& pose, float reach, float near, Solve solve) {
    const glm::vec3 shoulder = world_of(rig, pose)[1].translation;
    float largest = 0;
    for (int step = 0; step <= kSteps; ++step) {
        const Pose before = pose;
        solve(path(static_cast<float>(step) / kSteps, shoulder, reach, near, rig.is_2d()), pose);
        if (step == 0) continue;  // the first solve moves from the rest pose to the path
        for (std::size_t i = 1; i < pose.rotations.size(); ++i) {
            largest = std::fmax(largest, rotation_change(before.rotations[i], pose.rotations[i]));
        }
    }
    return largest;
}

class Continuity : public ::testing::TestWithParam<Dimensions> {};

}  // namespace

TEST_P(Continuity, TwoBoneNeverFlipsOrPops) {
    // Upper 1, lower 0.7: too close inside 0.3 of the shoulder; the path passes 0.15 from it.
    const Rig rig = chain_rig(GetParam(), {1.0f, 0.7f});
    Pose pose = rig.pose;
    pose.rotations[2] = rig.is_2d() ? rotation_2d(0.5f) : glm::angleAxis(0.5f, glm::vec3{0, 0, 1});
    TwoBoneSettings settings;
    settings.softness = 0.1f;
    if (!rig.is_2d()) settings.pole = glm::vec3{0.5f, 0, -3};
    const float largest = largest_turn_along_path(rig, pose, 1.7f, 0.15f, [&](glm::vec3 target, Pose& p) {
        TwoBoneJob job{&rig.skeleton, rig.dimensions, 1, 2, target, settings, 0.0f, &p};
        ASSERT_TRUE(job.validate().ok());
        job.run();
    });
    std::cout << "two-bone " << dims_name({GetParam(), 0}) << ": largest turn per step " << largest * 180 / kPiF << " degrees\n";
    EXPECT_LT(largest, kMaxTurnPerStep);
}

TEST_P(Continuity, CcdNeverFlipsOrPops) {
    const Rig rig = chain_rig(GetParam(), {1.0f, 0.8f, 0.6f});
    Pose pose = rig.pose;
    std::vector<CcdJoint> scratch(3);
    CcdSettings settings;
    settings.max_iterations = 20;  // what a frame of dragging would use
    settings.tolerance = 1e-4f;
    const float largest = largest_turn_along_path(rig, pose, 2.4f, 0.3f, [&](glm::vec3 target, Pose& p) {
        CcdJob job{&rig.skeleton, rig.dimensions, 1, 3, target, settings, scratch, &p};
        ASSERT_TRUE(job.validate().ok());
        job.run();
    });
    std::cout << "ccd " << dims_name({GetParam(), 0}) << ": largest turn per step " << largest * 180 / kPiF << " degrees\n";
    EXPECT_LT(largest, kMaxTurnPerStep);
}

INSTANTIATE_TEST_SUITE_P(Ik, Continuity, ::testing::Values(Dimensions::Two, Dimensions::Three), dims_name);

TEST(CcdSingularity, StraightArmDraggedTowardItsShoulderBends) {
    // The straight chain lies on the line to the target: every joint already points at it, so
    // plain CCD never moves. The solver must bend the arm and reach.
    for (Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1, 1, 1});
        for (float along : {2.999f, 2.5f, 1.0f, 0.2f}) {
            Pose pose = rig.pose;
            const glm::vec3 target{0.5f + along, 0, 0};
            std::vector<CcdJoint> scratch(3);
            CcdSettings settings;
            settings.max_iterations = 100;
            settings.tolerance = 1e-4f;
            CcdJob job{&rig.skeleton, dims, 1, 3, target, settings, scratch, &pose};
            const IkResult r = job.run();
            EXPECT_TRUE(r.reached) << "at " << along << ", error " << r.error;
            EXPECT_LT(glm::length(tip_of(rig, pose, 3) - target), 2e-4f) << along;
        }
    }
}
