// Joint limits at their edges: the +-180 degree seam and a cone of zero.

#include <cmath>

#include <gtest/gtest.h>

#include "core/joint_limits.hpp"
#include "core/rotation_math.hpp"

using namespace marionette;

namespace {

JointLimits range(float lo, float hi) {
    JointLimits l;
    l.min_angle = lo;
    l.max_angle = hi;
    return l;
}

}  // namespace

// Found by fuzzing: a 2D joint held at its -180 degree limit reads back as +180 (angles wrap
// into (-pi, pi]), and within_limits compared the numbers instead of the angles.
TEST(WithinLimits, ALimitAtMinus180HoldsAtPlus180) {
    const JointLimits at_minus_180 = range(-kPi, -kPi);
    EXPECT_TRUE(within_limits(rotation_2d(-kPi), at_minus_180, true, 1e-5f));
    EXPECT_TRUE(within_limits(rotation_2d(kPi), at_minus_180, true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(kPi - 0.01f), at_minus_180, true, 1e-5f));
    const JointLimits near_180 = range(-kPi, -3.13238859f);
    EXPECT_TRUE(within_limits(rotation_2d(kPi - 1e-6f), near_180, true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(0.0f), near_180, true, 1e-3f));
    // The same on a 3D hinge.
    JointLimits hinge = at_minus_180;
    hinge.hinge = glm::vec3{1, 0, 0};
    EXPECT_TRUE(within_limits(glm::angleAxis(kPi, glm::vec3{1, 0, 0}), hinge, false, 1e-5f));
    EXPECT_FALSE(within_limits(glm::angleAxis(3.0f, glm::vec3{1, 0, 0}), hinge, false, 1e-5f));
    // And an ordinary range still ends where it says.
    EXPECT_TRUE(within_limits(rotation_2d(1.0f), range(-0.5f, 1.0f), true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(1.01f), range(-0.5f, 1.0f), true, 1e-5f));
    EXPECT_FALSE(within_limits(rotation_2d(-0.51f), range(-0.5f, 1.0f), true, 1e-5f));
}

TEST(ConstrainRotation, AZeroConeTakesAnyTurnBackToNone) {
    JointLimits locked;
    locked.max_angle = 0.0f;
    for (const glm::quat& q : {glm::angleAxis(0.3f, glm::normalize(glm::vec3{1, 2, 3})), glm::quat{0.99999994f, 0, 0, 0},
                               glm::quat{1.0f, 1e-30f, 0, 0}, glm::quat{1.0f, 0, 0, 0}}) {
        const glm::quat c = constrain_rotation(q, locked, false);
        EXPECT_TRUE(is_finite(c)) << q.w << " " << q.x;
        EXPECT_TRUE(within_limits(c, locked, false, 1e-5f)) << q.w << " " << q.x;
    }
}

TEST(RotationAxis, OnlyWhenThereIsOne) {
    glm::vec3 axis;
    ASSERT_TRUE(rotation_axis(glm::angleAxis(0.5f, glm::vec3{0, 0, 1}), axis));
    EXPECT_NEAR(axis.z, 1.0f, 1e-6f);
    EXPECT_FALSE(rotation_axis(glm::quat{0.99999994f, 0, 0, 0}, axis));
    EXPECT_FALSE(rotation_axis(glm::quat{1.0f, 1e-30f, 0, 0}, axis));
}
