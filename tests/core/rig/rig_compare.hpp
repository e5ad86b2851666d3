#pragma once
// Comparing two rigs field by field, with a float tolerance: a save-then-load must give back
// the same rig, and angles pass through degrees in the file.

#include <cmath>

#include <gtest/gtest.h>

#include "core/rig/rig.hpp"

namespace marionette::testing {

inline void expect_near_vec(const glm::vec3& a, const glm::vec3& b, const std::string& what, float tol = 1e-4f) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(a[i], b[i], tol) << what << "[" << i << "]";
}

// q and -q are the same rotation.
inline void expect_same_rotation(const glm::quat& a, const glm::quat& b, const std::string& what, float tol = 1e-5f) {
    EXPECT_NEAR(std::abs(glm::dot(a, b)), 1.0f, tol) << what;
}

inline void expect_rigs_equal(const Rig& a, const Rig& b) {
    ASSERT_EQ(a.dimensions, b.dimensions);
    ASSERT_EQ(a.skeleton.size(), b.skeleton.size());
    for (std::size_t i = 0; i < a.skeleton.size(); ++i) {
        const Bone& x = a.skeleton[i];
        const Bone& y = b.skeleton[i];
        const std::string at = "bone " + x.name;
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.parent, y.parent) << at;
        EXPECT_FLOAT_EQ(x.length, y.length) << at;
        expect_near_vec(x.rest.translation, y.rest.translation, at + " translation");
        expect_same_rotation(x.rest.rotation, y.rest.rotation, at + " rotation");
        ASSERT_EQ(x.limits.has_value(), y.limits.has_value()) << at;
        if (x.limits) {
            ASSERT_EQ(x.limits->hinge.has_value(), y.limits->hinge.has_value()) << at;
            if (x.limits->hinge) expect_near_vec(*x.limits->hinge, *y.limits->hinge, at + " hinge");
            ASSERT_EQ(x.limits->min_angle.has_value(), y.limits->min_angle.has_value()) << at;
            ASSERT_EQ(x.limits->max_angle.has_value(), y.limits->max_angle.has_value()) << at;
            if (x.limits->min_angle) {
                EXPECT_NEAR(*x.limits->min_angle, *y.limits->min_angle, 1e-6f) << at;
            }
            if (x.limits->max_angle) {
                EXPECT_NEAR(*x.limits->max_angle, *y.limits->max_angle, 1e-6f) << at;
            }
            ASSERT_EQ(x.limits->swing.has_value(), y.limits->swing.has_value()) << at;
            if (x.limits->swing) {
                EXPECT_NEAR(*x.limits->swing, *y.limits->swing, 1e-6f) << at;
            }
            ASSERT_EQ(x.limits->twist.has_value(), y.limits->twist.has_value()) << at;
            if (x.limits->twist) {
                EXPECT_NEAR(x.limits->twist->min, y.limits->twist->min, 1e-6f) << at;
                EXPECT_NEAR(x.limits->twist->max, y.limits->twist->max, 1e-6f) << at;
            }
        }
    }
    ASSERT_EQ(a.chains.size(), b.chains.size());
    for (std::size_t i = 0; i < a.chains.size(); ++i) {
        const IkChain& x = a.chains[i];
        const IkChain& y = b.chains[i];
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.root, y.root) << x.name;
        EXPECT_EQ(x.effector, y.effector) << x.name;
        EXPECT_EQ(x.solver, y.solver) << x.name;
        EXPECT_EQ(x.ccd.max_iterations, y.ccd.max_iterations) << x.name;
        EXPECT_FLOAT_EQ(x.ccd.tolerance, y.ccd.tolerance) << x.name;
        EXPECT_NEAR(x.ccd.max_step, y.ccd.max_step, 1e-6f) << x.name;
        EXPECT_EQ(x.two_bone.bend, y.two_bone.bend) << x.name;
        EXPECT_FLOAT_EQ(x.two_bone.softness, y.two_bone.softness) << x.name;
        ASSERT_EQ(x.two_bone.pole.has_value(), y.two_bone.pole.has_value()) << x.name;
        if (x.two_bone.pole) expect_near_vec(*x.two_bone.pole, *y.two_bone.pole, x.name + " pole");
        ASSERT_EQ(x.pin.has_value(), y.pin.has_value()) << x.name;
        if (x.pin) expect_near_vec(*x.pin, *y.pin, x.name + " pin");
        EXPECT_EQ(x.mix, y.mix) << x.name;
    }
    ASSERT_EQ(a.pose.rotations.size(), b.pose.rotations.size());
    for (std::size_t i = 0; i < a.pose.rotations.size(); ++i) {
        expect_same_rotation(a.pose.rotations[i], b.pose.rotations[i], "pose of " + a.skeleton[i].name);
    }
    expect_near_vec(a.pose.root_offset, b.pose.root_offset, "root offset");
    ASSERT_EQ(a.states.size(), b.states.size());
    for (std::size_t i = 0; i < a.states.size(); ++i) {
        EXPECT_EQ(a.states[i].name, b.states[i].name);
        ASSERT_EQ(a.states[i].channels.size(), b.states[i].channels.size());
        for (std::size_t c = 0; c < a.states[i].channels.size(); ++c) {
            const StateChannel& x = a.states[i].channels[c];
            const StateChannel& y = b.states[i].channels[c];
            const std::string at = a.states[i].name + " channel " + std::to_string(c);
            EXPECT_EQ(x.bone, y.bone) << at;
            EXPECT_EQ(x.property, y.property) << at;
            EXPECT_EQ(x.center, y.center) << at << " center";
            EXPECT_EQ(x.swing, y.swing) << at << " swing";
            expect_near_vec(x.axis, y.axis, at + " axis");
            EXPECT_NEAR(std::fabs(glm::dot(x.base, y.base)), 1.0f, 1e-6f) << at;
            EXPECT_NEAR(x.amplitude, y.amplitude, 1e-6f) << at;
            EXPECT_FLOAT_EQ(x.period, y.period) << at;
            EXPECT_NEAR(x.phase, y.phase, 1e-6f) << at;
        }
        EXPECT_EQ(a.states[i].tracks, b.states[i].tracks) << a.states[i].name << ": key tracks (stored exactly)";
        EXPECT_EQ(a.states[i].loop, b.states[i].loop) << a.states[i].name;
    }
    EXPECT_EQ(a.fps, b.fps);
    EXPECT_FLOAT_EQ(a.transition.duration, b.transition.duration);
    EXPECT_EQ(a.transition.easing, b.transition.easing);
    EXPECT_EQ(a.editor.json(), b.editor.json());
}

}  // namespace marionette::testing
