#include "core/ik/chain_mix.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace marionette;

namespace {

glm::quat about_z(float radians) { return glm::angleAxis(radians, glm::vec3{0.0f, 0.0f, 1.0f}); }
float angle_of(const glm::quat& q) { return 2.0f * std::atan2(q.z, q.w); }

}  // namespace

TEST(MixWithFk, TakesTheMixOfTheWayFromFkToTheSolve) {
    const std::vector<int> bones{0, 2};
    const std::vector<glm::quat> fk{about_z(0.2f), about_z(-1.0f)};
    for (const float mix : {0.0f, 0.25f, 0.5f, 1.0f}) {
        Pose pose = Pose::rest(3);
        pose.rotations[0] = about_z(1.0f);
        pose.rotations[1] = about_z(3.0f);  // not in the chain
        pose.rotations[2] = about_z(0.5f);
        mix_with_fk(bones, fk, mix, pose);
        EXPECT_NEAR(angle_of(pose.rotations[0]), 0.2f + mix * 0.8f, 1e-5f) << mix;
        EXPECT_NEAR(angle_of(pose.rotations[2]), -1.0f + mix * 1.5f, 1e-5f) << mix;
        EXPECT_NEAR(angle_of(pose.rotations[1]), 3.0f, 1e-5f);
    }
}

TEST(MixWithFk, GoesTheShorterWayAndClampsTheMix) {
    Pose pose = Pose::rest(1);
    pose.rotations[0] = about_z(3.0f);
    const std::vector<int> bones{0};
    const std::vector<glm::quat> fk{about_z(-3.0f)};
    mix_with_fk(bones, fk, 0.5f, pose);
    // Across the half turn (0.28 radians apart), not back through 0.
    EXPECT_NEAR(std::abs(angle_of(pose.rotations[0])), 3.14159f, 1e-3f);
    Pose under = Pose::rest(1);
    under.rotations[0] = about_z(1.0f);
    mix_with_fk(bones, fk, -2.0f, under);
    EXPECT_NEAR(angle_of(under.rotations[0]), -3.0f, 1e-5f);
}

TEST(MixWithFk, SkipsBonesOutsideThePoseOrWithoutAnFkRotation) {
    Pose pose = Pose::rest(2);
    pose.rotations[1] = about_z(1.0f);
    const std::vector<int> bones{7, -1, 1};
    const std::vector<glm::quat> fk{about_z(0.0f), about_z(0.0f)};  // none for bone 1
    mix_with_fk(bones, fk, 0.0f, pose);
    EXPECT_NEAR(angle_of(pose.rotations[1]), 1.0f, 1e-6f);
    EXPECT_EQ(rotations_of(bones, pose).size(), 3u);
    EXPECT_EQ(rotations_of(bones, pose)[2], pose.rotations[1]);
}
