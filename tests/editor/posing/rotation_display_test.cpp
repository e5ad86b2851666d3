#include "editor/posing/rotation_display.hpp"

#include <gtest/gtest.h>

#include <random>

namespace marionette {
namespace {

constexpr float kDeg = 0.0174532925f;

float angle_between(const glm::quat& a, const glm::quat& b) { return 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(a, b)))); }

TEST(RotationDisplay, EulerAnglesGiveBackTheRotationInEveryOrder) {
    std::mt19937 rng(7);
    std::normal_distribution<float> n(0.0f, 1.0f);
    for (int order = 0; order < 6; ++order) {
        for (int i = 0; i < 2000; ++i) {
            const glm::quat q = glm::normalize(glm::quat{n(rng), n(rng), n(rng), n(rng)});
            const glm::vec3 e = euler_degrees(q, static_cast<EulerOrder>(order));
            for (int k = 0; k < 3; ++k) {
                EXPECT_LE(std::fabs(e[k]), 180.0f + 1e-3f);
            }
            ASSERT_LT(angle_between(from_euler_degrees(e, static_cast<EulerOrder>(order)), q), 2e-3f)
                << kEulerOrderNames[static_cast<std::size_t>(order)] << " " << e.x << " " << e.y << " " << e.z;
        }
    }
}

TEST(RotationDisplay, XyzTurnsAboutXFirst) {
    // Blender's XYZ: x first, then y, then z, about the parent's axes.
    const glm::quat q = glm::angleAxis(30 * kDeg, glm::vec3{0, 0, 1}) * glm::angleAxis(20 * kDeg, glm::vec3{0, 1, 0}) *
                        glm::angleAxis(10 * kDeg, glm::vec3{1, 0, 0});
    const glm::vec3 e = euler_degrees(q, EulerOrder::XYZ);
    EXPECT_NEAR(e.x, 10.0f, 1e-3f);
    EXPECT_NEAR(e.y, 20.0f, 1e-3f);
    EXPECT_NEAR(e.z, 30.0f, 1e-3f);
}

TEST(RotationDisplay, AnElbowBentPastNinetyReadsAsOneAngle) {
    // 140 degrees about y: also 180 / 40 / 180, which is how it used to read.
    const glm::vec3 e = euler_degrees(glm::angleAxis(140 * kDeg, glm::vec3{0, 1, 0}), EulerOrder::XYZ);
    EXPECT_NEAR(e.x, 0.0f, 1e-2f);
    EXPECT_NEAR(e.y, 140.0f, 1e-2f);
    EXPECT_NEAR(e.z, 0.0f, 1e-2f);
    EXPECT_NEAR(hinge_degrees(glm::angleAxis(140 * kDeg, glm::vec3{0, -1, 0}), glm::vec3{0, -1, 0}), 140.0f, 1e-2f);
    EXPECT_NEAR(hinge_degrees(glm::angleAxis(-35 * kDeg, glm::vec3{0, -1, 0}), glm::vec3{0, -1, 0}), -35.0f, 1e-2f);
    EXPECT_LT(angle_between(from_hinge_degrees(140.0f, glm::vec3{0, -1, 0}), glm::angleAxis(140 * kDeg, glm::vec3{0, -1, 0})), 1e-5f);
}

TEST(RotationDisplay, GimbalLockStillGivesTheRotationBack) {
    for (int order = 0; order < 6; ++order) {
        for (const float b : {90.0f, -90.0f}) {
            for (int axis = 0; axis < 3; ++axis) {
                glm::vec3 about{0.0f};
                about[axis] = 1.0f;
                const glm::quat q = glm::angleAxis(b * kDeg, about) * glm::angleAxis(25 * kDeg, glm::normalize(glm::vec3{1, 1, 0}));
                const glm::vec3 e = euler_degrees(q, static_cast<EulerOrder>(order));
                EXPECT_LT(angle_between(from_euler_degrees(e, static_cast<EulerOrder>(order)), q), 2e-3f);
                const glm::quat locked = glm::angleAxis(b * kDeg, about);
                const glm::vec3 f = euler_degrees(locked, static_cast<EulerOrder>(order));
                EXPECT_LT(angle_between(from_euler_degrees(f, static_cast<EulerOrder>(order)), locked), 2e-3f);
            }
        }
    }
}

}  // namespace
}  // namespace marionette
