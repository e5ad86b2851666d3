// Spine's IK constraints as the import applies them (spine_ik.hpp), worked by hand: a bone turned
// to point at its target, a mix of the way; two bones meeting the target with their tip, bent to
// the constraint's side; stretched past their reach, softened near it; constraints acting in
// their order; an animation's IK keys read at a time. spine_import_test.sh holds the same solve
// to spine-core on Spine's own files.

#include "core/io/spine_import/spine_ik.hpp"

#include <cmath>

#include <gtest/gtest.h>

using marionette::SpineAnimationData;
using marionette::SpineIkData;
using marionette::SpineIkPose;
using marionette::SpineIkTimeline;
using marionette::SpineKeyCurve;
using IkLocal = marionette::SpineLocal;
using marionette::SpineSkeletonData;
using marionette::SpineTimelineKey;
// Named in full: the Spine export's tests have types of their own with these names.
using IkBone = marionette::SpineBoneData;
using IkWorld = marionette::SpineWorld;

namespace {

constexpr double kPi = 3.14159265358979323846;

IkBone bone(const std::string& name, int parent, double x, double y, double rotation, double length) {
    IkBone b;
    b.name = name;
    b.parent = parent;
    b.x = x;
    b.y = y;
    b.rotation = rotation;
    b.length = length;
    return b;
}

// root; an upper arm of 10 at the root, a forearm of 10 at its end; a target bone on the root.
SpineSkeletonData arm(double target_x, double target_y, int ik_bones) {
    SpineSkeletonData s;
    s.bones = {bone("root", -1, 0, 0, 0, 0), bone("upper", 0, 0, 0, 0, 10), bone("fore", 1, 10, 0, 0, 10),
               bone("target", 0, target_x, target_y, 0, 0)};
    SpineIkData ik;
    ik.name = "reach";
    ik.bones = ik_bones == 1 ? std::vector<int>{1} : std::vector<int>{1, 2};
    ik.target = 3;
    s.ik.push_back(ik);
    return s;
}

std::vector<IkLocal> setup(const SpineSkeletonData& s) { return marionette::spine_setup_locals(s.bones); }

glm::dvec2 tip(const IkWorld& w, double length) { return w.position + w.axes[0] * length; }

double angle_of(const IkWorld& w) { return std::atan2(w.axes[0].y, w.axes[0].x) * 180.0 / kPi; }

}  // namespace

TEST(SpineIk, OneBonePointsAtItsTargetAMixOfTheWay) {
    const SpineSkeletonData s = arm(0.0, 5.0, 1);
    std::vector<IkLocal> locals = setup(s);
    std::vector<IkWorld> w = marionette::spine_constrained_world(s, {SpineIkPose{}}, locals);
    EXPECT_NEAR(angle_of(w[1]), 90.0, 1e-9);
    EXPECT_NEAR(locals[1].rotation, 90.0, 1e-9) << "the applied rotation";
    // The forearm follows its turned parent.
    EXPECT_NEAR(w[2].position.x, 0.0, 1e-9);
    EXPECT_NEAR(w[2].position.y, 10.0, 1e-9);
    locals = setup(s);
    w = marionette::spine_constrained_world(s, {SpineIkPose{0.5}}, locals);
    EXPECT_NEAR(angle_of(w[1]), 45.0, 1e-9);
    // No mix: the animated pose.
    locals = setup(s);
    w = marionette::spine_constrained_world(s, {SpineIkPose{0.0}}, locals);
    EXPECT_NEAR(angle_of(w[1]), 0.0, 1e-9);
}

TEST(SpineIk, TwoBonesMeetTheTargetBentToTheirSide) {
    const SpineSkeletonData s = arm(10.0 * std::sqrt(2.0), 0.0, 2);
    for (const bool positive : {true, false}) {
        std::vector<IkLocal> locals = setup(s);
        SpineIkPose pose;
        pose.bend_positive = positive;
        const std::vector<IkWorld> w = marionette::spine_constrained_world(s, {pose}, locals);
        const glm::dvec2 reached = tip(w[2], 10.0);
        EXPECT_NEAR(reached.x, 10.0 * std::sqrt(2.0), 1e-9) << positive;
        EXPECT_NEAR(reached.y, 0.0, 1e-9) << positive;
        // A right angle at the elbow, turned the bend's way; the upper arm the other way.
        EXPECT_NEAR(locals[2].rotation, positive ? 90.0 : -90.0, 1e-9);
        EXPECT_NEAR(angle_of(w[1]), positive ? -45.0 : 45.0, 1e-9);
    }
}

TEST(SpineIk, OutOfReachTheLimbStraightensOrStretches) {
    SpineSkeletonData s = arm(30.0, 0.0, 2);
    std::vector<IkLocal> locals = setup(s);
    std::vector<IkWorld> w = marionette::spine_constrained_world(s, {SpineIkPose{}}, locals);
    EXPECT_NEAR(tip(w[2], 10.0).x, 20.0, 1e-9) << "straight, short of the target";
    EXPECT_NEAR(locals[1].scale_x, 1.0, 1e-12);
    locals = setup(s);
    SpineIkPose stretch;
    stretch.stretch = true;
    w = marionette::spine_constrained_world(s, {stretch}, locals);
    EXPECT_NEAR(locals[1].scale_x, 1.5, 1e-9) << "the parent stretched to reach";
    EXPECT_NEAR(locals[1].scale_y, 1.0, 1e-12) << "not uniform";
    // Softness slows the limb before full reach: a target just in reach is not met.
    s = arm(19.5, 0.0, 2);
    locals = setup(s);
    SpineIkPose soft;
    soft.softness = 2.0;
    w = marionette::spine_constrained_world(s, {soft}, locals);
    const double reached = glm::length(tip(w[2], 10.0));
    EXPECT_LT(reached, 19.5 - 1e-3);
    EXPECT_GT(reached, 17.0);
}

TEST(SpineIk, ConstraintsActInTheirOrder) {
    // The forearm points at the target after the upper arm has; in the other order, before it
    // moves, so it ends pointing elsewhere.
    SpineSkeletonData s = arm(0.0, 20.0, 1);
    SpineIkData fore;
    fore.name = "fore";
    fore.bones = {2};
    fore.target = 3;
    s.ik.push_back(fore);
    s.ik[0].order = 0;
    s.ik[1].order = 1;
    std::vector<IkLocal> locals = setup(s);
    std::vector<IkWorld> w = marionette::spine_constrained_world(s, {SpineIkPose{}, SpineIkPose{}}, locals);
    EXPECT_NEAR(angle_of(w[2]), 90.0, 1e-9);
    s.ik[0].order = 2;
    locals = setup(s);
    w = marionette::spine_constrained_world(s, {SpineIkPose{}, SpineIkPose{}}, locals);
    EXPECT_GT(std::abs(angle_of(w[2]) - 90.0), 10.0);
    // A constraint bound to a skin does not act: the import wears none.
    s.ik[0].order = 0;
    s.ik[1].skin_required = true;
    locals = setup(s);
    w = marionette::spine_constrained_world(s, {SpineIkPose{}, SpineIkPose{}}, locals);
    EXPECT_NEAR(angle_of(w[2]), 90.0, 1e-9) << "the upper arm's turn alone";
}

TEST(SpineIk, AnAnimationsKeysSetTheValuesAtATime) {
    const SpineSkeletonData s = arm(0.0, 5.0, 2);
    SpineAnimationData a;
    SpineIkTimeline t;
    t.constraint = 0;
    SpineTimelineKey k0;
    k0.time = 1.0;
    k0.values = {0.0, 4.0, 0, 0};
    k0.bend_positive = false;
    k0.stretch = true;
    SpineTimelineKey k1;
    k1.time = 2.0;
    k1.values = {1.0, 0.0, 0, 0};
    t.keys = {k0, k1};
    a.ik.push_back(t);
    // Before the first key, the setup's.
    std::vector<SpineIkPose> p = marionette::spine_ik_poses(s, &a, 0.5);
    EXPECT_EQ(p[0].mix, 1.0);
    EXPECT_TRUE(p[0].bend_positive);
    // Between keys, mix and softness by the curve, the switches the earlier key's.
    p = marionette::spine_ik_poses(s, &a, 1.25);
    EXPECT_NEAR(p[0].mix, 0.25, 1e-12);
    EXPECT_NEAR(p[0].softness, 3.0, 1e-12);
    EXPECT_FALSE(p[0].bend_positive);
    EXPECT_TRUE(p[0].stretch);
    p = marionette::spine_ik_poses(s, &a, 2.0);
    EXPECT_TRUE(p[0].bend_positive);
    EXPECT_FALSE(p[0].stretch);
    EXPECT_TRUE(marionette::spine_ik_acts(s, a));
}
