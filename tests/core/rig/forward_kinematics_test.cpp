#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "core/ik/ik_test_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using marionette::testing::bone;
using marionette::testing::random_point;

namespace {

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
    expect_point(w[1].translation, {1, 4, 0});  // up 2
    expect_point(w[2].translation, {2, 4, 0});  // then right 1
    expect_point(bone_tip(w[2], 0.5f), {2.5f, 4, 0});
    EXPECT_NEAR(angle_2d(w[1].rotation), 0.0f, kTol);
}

TEST(ForwardKinematics, PoseRotationsAddOnTopOfRestAndChildrenFollow) {
    const Skeleton sk = arm_2d();
    Pose pose = Pose::rest(sk.size());
    pose.rotations[0] = rotation_2d(kPi / 2);  // upper arm now points -x
    pose.rotations[1] = rotation_2d(kPi / 4);  // forearm 45° further
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

// The job's loop (SSE2 where built with it) must give what Transform's operators give, to the
// bit, so that a frame composed from FK's world (the solvers' parent_frame, the viewport's) is
// what the scalar code would compose. Random 3D rigs with unnormalized rotations, scales and a
// root offset. A target with fused multiply-adds lets the compiler contract the scalar side
// (GCC's default -ffp-contract=fast): there the two agree to rounding, not to the bit.
TEST(ForwardKinematics, EqualsComposingTransformsToTheBit) {
    std::mt19937 rng(12345);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_real_distribution<float> component(-1.0f, 1.0f);
    const auto unnormalized = [&] { return glm::quat{component(rng), component(rng), component(rng), component(rng)}; };
    const auto as_vec4 = [](const glm::quat& q) { return glm::vec4(q.x, q.y, q.z, q.w); };
    for (int rig = 0; rig < 50; ++rig) {
        std::vector<Bone> bones;
        for (int i = 0; i < 40; ++i) {
            const int parent = i == 0 || unit(rng) < 0.1f ? -1 : static_cast<int>(unit(rng) * (static_cast<float>(i) - 0.01f));
            bones.push_back(
                bone("b" + std::to_string(i), parent, random_point(rng, Dimensions::Three, 2.0f), unnormalized(), 2.0f * unit(rng)));
        }
        const Skeleton sk(bones);
        Pose pose = Pose::rest(bones.size());
        for (std::size_t i = 0; i < bones.size(); ++i) {
            pose.rotations[i] = unnormalized();
            pose.translations[i] = random_point(rng, Dimensions::Three, 1.0f);
            pose.scales[i] = 3.0f * glm::vec3{unit(rng), unit(rng), unit(rng)};
        }
        pose.root_offset = random_point(rng, Dimensions::Three, 5.0f);
        const auto world = compute_world(sk, pose);
        ASSERT_TRUE(world.ok());
        std::vector<Transform> composed(bones.size());
        for (std::size_t i = 0; i < bones.size(); ++i) {
            const Transform local = local_transform(sk, pose, i);
            composed[i] = bones[i].parent < 0 ? local : composed[static_cast<std::size_t>(bones[i].parent)] * local;
            const Transform& expected = composed[i];
            const Transform& got = world.value()[i];
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA) || defined(__FP_FAST_FMAF)
            ASSERT_LT(glm::length(got.translation - expected.translation), 1e-4f * (1.0f + glm::length(expected.translation)))
                << "rig " << rig << " bone " << i;
            ASSERT_LT(glm::length(as_vec4(got.rotation) - as_vec4(expected.rotation)),
                      1e-4f * (1.0f + glm::length(as_vec4(expected.rotation))))
                << "rig " << rig << " bone " << i;
#else
            (void)as_vec4;
            ASSERT_EQ(std::memcmp(&got.translation, &expected.translation, sizeof(glm::vec3)), 0)
                << "rig " << rig << " bone " << i << ": " << got.translation.x << " vs " << expected.translation.x;
            ASSERT_EQ(std::memcmp(&got.rotation, &expected.rotation, sizeof(glm::quat)), 0) << "rig " << rig << " bone " << i;
#endif
        }
    }
}
