#include <gtest/gtest.h>

#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/ik_test_rigs.hpp"

using namespace marionette;
using marionette::testing::bone;

namespace {

constexpr float kPi = marionette::testing::kPiF;
constexpr float kTol = 1e-5f;

void expect_point(const glm::vec3& actual, const glm::vec3& expected) {
    EXPECT_NEAR(actual.x, expected.x, kTol);
    EXPECT_NEAR(actual.y, expected.y, kTol);
    EXPECT_NEAR(actual.z, expected.z, kTol);
}

// A 2D arm: shoulder at (1, 2), upper arm 2 long pointing up (90°), forearm 1 long turned
// -90° from it at rest (so pointing +x), hand 0.5 long straight on.
Skeleton arm_2d() {
    return Skeleton({
        bone("upper", -1, {1, 2, 0}, rotation_2d(kPi / 2), 2.0f),
        bone("fore", 0, {2, 0, 0}, rotation_2d(-kPi / 2), 1.0f),
        bone("hand", 1, {1, 0, 0}, rotation_2d(0), 0.5f),
    });
}

}  // namespace

TEST(ForwardKinematics, RestPose2DMatchesHandComputedJoints) {
    const Skeleton sk = arm_2d();
    auto world = compute_world(sk, Pose::rest(sk.size()));
    ASSERT_TRUE(world.ok()) << world.message();
    const auto& w = world.value();
    expect_point(w[0].translation, {1, 2, 0});
    expect_point(w[1].translation, {1, 4, 0});        // up 2
    expect_point(w[2].translation, {2, 4, 0});        // then right 1
    expect_point(bone_tip(w[2], 0.5f), {2.5f, 4, 0});
    EXPECT_NEAR(angle_2d(w[1].rotation), 0.0f, kTol);
}

TEST(ForwardKinematics, PoseRotationsAddOnTopOfRestAndChildrenFollow) {
    const Skeleton sk = arm_2d();
    Pose pose = Pose::rest(sk.size());
    pose.rotations[0] = rotation_2d(kPi / 2);   // upper arm now points -x
    pose.rotations[1] = rotation_2d(kPi / 4);   // forearm 45° further
    auto world = compute_world(sk, pose);
    ASSERT_TRUE(world.ok());
    const auto& w = world.value();
    // Upper: 180° -> elbow at (1 - 2, 2). Fore: 180 - 90 + 45 = 135°.
    expect_point(w[1].translation, {-1, 2, 0});
    const float c = std::cos(3 * kPi / 4);
    const float s = std::sin(3 * kPi / 4);
    expect_point(w[2].translation, {-1 + c, 2 + s, 0});
    expect_point(bone_tip(w[2], 0.5f), {-1 + 1.5f * c, 2 + 1.5f * s, 0});
}

TEST(ForwardKinematics, RootOffsetMovesEveryRootAndItsChildren) {
    const Skeleton sk = arm_2d();
    Pose pose = Pose::rest(sk.size());
    pose.root_offset = {10, -5, 0};
    auto world = compute_world(sk, pose);
    ASSERT_TRUE(world.ok());
    expect_point(world.value()[0].translation, {11, -3, 0});
    expect_point(world.value()[2].translation, {12, -1, 0});
}

TEST(ForwardKinematics, ThreeDimensionalChainMatchesHandComputedJoints) {
    // Root turned 90° about y: its +x points to world -z. The child is turned 90° about its own
    // z, so it points along the root's +y, which is world +y.
    const glm::quat about_y = glm::angleAxis(kPi / 2, glm::vec3{0, 1, 0});
    const glm::quat about_z = glm::angleAxis(kPi / 2, glm::vec3{0, 0, 1});
    const Skeleton sk({
        bone("root", -1, {0, 1, 0}, about_y, 2.0f),
        bone("child", 0, {2, 0, 0}, about_z, 3.0f),
        bone("side", 0, {1, 0, 0.5f}, glm::quat{1, 0, 0, 0}, 1.0f),
    });
    auto world = compute_world(sk, Pose::rest(sk.size()));
    ASSERT_TRUE(world.ok());
    const auto& w = world.value();
    expect_point(bone_tip(w[0], 2.0f), {0, 1, -2});
    expect_point(w[1].translation, {0, 1, -2});
    expect_point(bone_tip(w[1], 3.0f), {0, 4, -2});
    // (1, 0, 0.5) in the root frame: x -> -z, z -> +x.
    expect_point(w[2].translation, {0.5f, 1, -1});
    expect_point(bone_tip(w[2], 1.0f), {0.5f, 1, -2});
}

TEST(ForwardKinematics, ThreeDimensionalPoseRotatesAboutTheJoint) {
    const Skeleton sk({
        bone("root", -1, {0, 0, 0}, glm::quat{1, 0, 0, 0}, 1.0f),
        bone("child", 0, {1, 0, 0}, glm::quat{1, 0, 0, 0}, 1.0f),
    });
    Pose pose = Pose::rest(sk.size());
    pose.rotations[1] = glm::angleAxis(-kPi / 2, glm::vec3{0, 1, 0});  // +x -> +z
    auto world = compute_world(sk, pose);
    ASSERT_TRUE(world.ok());
    expect_point(world.value()[1].translation, {1, 0, 0});
    expect_point(bone_tip(world.value()[1], 1.0f), {1, 0, 1});
}

TEST(ForwardKinematics, ValidateRejectsMismatchedSizes) {
    const Skeleton sk = arm_2d();
    Pose pose = Pose::rest(2);
    std::vector<Transform> out(3);
    const ForwardKinematicsJob job{&sk, &pose, out};
    const Status s = job.validate();
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message().find("2 rotations for 3 bones"), std::string::npos) << s.message();

    const Pose good = Pose::rest(3);
    std::vector<Transform> small(1);
    EXPECT_FALSE((ForwardKinematicsJob{&sk, &good, small}.validate().ok()));
    EXPECT_FALSE((ForwardKinematicsJob{nullptr, &good, out}.validate().ok()));
}

TEST(ForwardKinematics, ValidateRejectsChildBeforeParent) {
    Skeleton sk({bone("a", 1, {}, {}, 1.0f), bone("b", -1, {}, {}, 1.0f)});
    const Pose pose = Pose::rest(2);
    std::vector<Transform> out(2);
    EXPECT_FALSE((ForwardKinematicsJob{&sk, &pose, out}.validate().ok()));
}

TEST(ForwardKinematics, ZeroLengthBoneGivesFiniteCoincidentTip) {
    const Skeleton sk({bone("a", -1, {3, 4, 0}, rotation_2d(1.0f), 0.0f)});
    auto world = compute_world(sk, Pose::rest(1));
    ASSERT_TRUE(world.ok());
    expect_point(bone_tip(world.value()[0], 0.0f), {3, 4, 0});
}
