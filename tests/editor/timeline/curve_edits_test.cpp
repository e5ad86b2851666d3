// The curve view's edits and axis: a key's plotted value set (2D angle, 3D Euler angle, an
// axis of a move), a Bézier handle read and dragged (clamped, a flat segment keeping its
// height), a refused value, and the vertical range's fit, zoom and pan.

#include <cmath>

#include <gtest/gtest.h>

#include "core/math/angles.hpp"
#include "editor/posing/rotation_display.hpp"
#include "editor/timeline/curve_edits.hpp"
#include "editor/timeline/curve_range.hpp"
#include "editor/timeline/track_curve.hpp"

using namespace marionette;

namespace {

Rig rig_with_track(bool is_2d, PoseProperty property) {
    Rig rig;
    Bone arm;
    arm.name = "arm";
    arm.length = 10.0f;
    rig.skeleton = Skeleton({arm});
    if (!is_2d) rig.dimensions = Dimensions::Three;
    rig.pose = Pose::rest(1);
    State s;
    s.name = "wave";
    KeyTrack t;
    t.bone = 0;
    t.property = property;
    Key a, b;
    a.time = 0.0f;
    b.time = 1.0f;
    if (property == PoseProperty::Rotation) {
        a.angle = 0.0f;
        b.angle = degrees_to_radians(90.0f);
        b.rotation = glm::angleAxis(degrees_to_radians(90.0f), glm::vec3{0.0f, 0.0f, 1.0f});
    } else {
        b.vector = {4.0f, 2.0f, 0.0f};
    }
    a.interpolation = Interpolation::Bezier;
    t.keys = {a, b};
    s.tracks.push_back(t);
    rig.states.push_back(s);
    return rig;
}

}  // namespace

TEST(CurveEdits, AKeyTakesTheValueItIsDraggedTo) {
    Rig r2 = rig_with_track(true, PoseProperty::Rotation);
    Result<Rig> turned = set_key_plotted_value(r2, 0, 0, 1, 0, 120.0);
    ASSERT_TRUE(turned.ok()) << turned.message();
    EXPECT_NEAR(turned.value().states[0].tracks[0].keys[1].angle, degrees_to_radians(120.0f), 1e-6f);
    EXPECT_EQ(turned.value().states[0].tracks[0].keys[0], r2.states[0].tracks[0].keys[0]) << "the other key stays";

    Rig moves = rig_with_track(true, PoseProperty::Translation);
    Result<Rig> moved = set_key_plotted_value(moves, 0, 0, 1, 1, -3.0);
    ASSERT_TRUE(moved.ok()) << moved.message();
    EXPECT_EQ(moved.value().states[0].tracks[0].keys[1].vector, glm::vec3(4.0f, -3.0f, 0.0f));

    Rig r3 = rig_with_track(false, PoseProperty::Rotation);
    Result<Rig> tilted = set_key_plotted_value(r3, 0, 0, 1, 0, 30.0);
    ASSERT_TRUE(tilted.ok()) << tilted.message();
    const CurveSample e = key_curve_value(tilted.value().states[0].tracks[0], false, tilted.value().states[0].tracks[0].keys[1]);
    EXPECT_NEAR(e.values[0], 30.0f, 1e-3f);
    EXPECT_NEAR(e.values[2], 90.0f, 1e-3f) << "the Euler angles not dragged stay";
}

TEST(CurveEdits, AValueTheTrackCannotHoldIsRefusedAndChangesNothing) {
    const Rig r2 = rig_with_track(true, PoseProperty::Rotation);
    for (double bad : {40000.0, std::nan(""), 1e300}) {
        const Result<Rig> refused = set_key_plotted_value(r2, 0, 0, 1, 0, bad);
        EXPECT_FALSE(refused.ok()) << bad;
        EXPECT_NE(refused.message().find("cannot move the key"), std::string::npos) << refused.message();
    }
    const Rig scales = rig_with_track(true, PoseProperty::Scale);
    EXPECT_FALSE(set_key_plotted_value(scales, 0, 0, 1, 0, -1.0).ok()) << "a scale below 0";
    EXPECT_FALSE(set_key_plotted_value(scales, 0, 0, 1, 2, 1.0).ok()) << "a 2D scale plots no z";
    EXPECT_FALSE(set_key_plotted_value(scales, 0, 0, 2, 0, 1.0).ok()) << "no third key";
    EXPECT_FALSE(set_key_plotted_value(scales, 1, 0, 0, 0, 1.0).ok()) << "no second state";
}

TEST(CurveEdits, HandlesAreDrawnWhereTheCurveSaysAndDraggedWithinTheRule) {
    Rig r = rig_with_track(true, PoseProperty::Rotation);
    KeyTrack& t = r.states[0].tracks[0];
    t.keys[0].curve = {0.25f, 0.1f, 0.75f, 0.9f};
    const auto handles = bezier_handles(t, true, 0, 0);
    ASSERT_TRUE(handles);
    EXPECT_NEAR((*handles)[0].time, 0.25, 1e-6);
    EXPECT_NEAR((*handles)[0].value, 9.0, 1e-4);
    EXPECT_NEAR((*handles)[1].time, 0.75, 1e-6);
    EXPECT_NEAR((*handles)[1].value, 81.0, 1e-4);
    EXPECT_FALSE(bezier_handles(t, true, 1, 0)) << "the last key leaves no curve";
    // Dragged: the fraction of the time and of the way to the next value.
    BezierCurve c = curve_with_handle(t, true, 0, 0, 1, {0.5, 45.0});
    EXPECT_FLOAT_EQ(c.x2, 0.5f);
    EXPECT_FLOAT_EQ(c.y2, 0.5f);
    EXPECT_FLOAT_EQ(c.x1, 0.25f) << "the other handle stays";
    // Past the segment's ends in time, clamped; far past in value, held at the rule's bound.
    c = curve_with_handle(t, true, 0, 0, 0, {-3.0, 90.0 * 50});
    EXPECT_FLOAT_EQ(c.x1, 0.0f);
    EXPECT_FLOAT_EQ(c.y1, kMaxCurveY);
    EXPECT_TRUE(is_valid_curve(c));
    // A flat segment: the height stays, the time still moves.
    t.keys[1].angle = 0.0f;
    c = curve_with_handle(t, true, 0, 0, 0, {0.4, 20.0});
    EXPECT_FLOAT_EQ(c.x1, 0.4f);
    EXPECT_FLOAT_EQ(c.y1, 0.1f);
    // A key that does not go on by a Bézier shows no handles.
    t.keys[0].interpolation = Interpolation::Linear;
    EXPECT_FALSE(bezier_handles(t, true, 0, 0));
}

TEST(CurveRange, FitsZoomsAboutAValueAndPans) {
    const CurveRange r = CurveRange::fitted(0.0, 100.0);
    EXPECT_DOUBLE_EQ(r.low, -10.0);
    EXPECT_DOUBLE_EQ(r.high, 110.0);
    EXPECT_DOUBLE_EQ(r.y_of(r.value_at(37.0, 10.0, 210.0), 10.0, 210.0), 37.0);
    EXPECT_DOUBLE_EQ(r.y_of(r.low, 10.0, 210.0), 210.0) << "the low end at the bottom";
    const CurveRange flat = CurveRange::fitted(5.0, 5.0);
    EXPECT_DOUBLE_EQ(flat.low, 4.5);
    EXPECT_DOUBLE_EQ(flat.high, 5.5);
    CurveRange z = r;
    const double y = z.y_of(30.0, 0.0, 100.0);
    z.zoom(30.0, 2.0f);
    EXPECT_NEAR(z.y_of(30.0, 0.0, 100.0), y, 1e-9) << "the value under the pointer stays";
    EXPECT_NEAR(z.span(), 120.0 / 1.5625, 1e-9);
    for (int i = 0; i < 200; ++i) z.zoom(30.0, 1.0f);
    EXPECT_GE(z.span(), CurveRange::kMinSpan) << "zoomed in as far as it goes";
    z.pan(10.0);
    EXPECT_GE(z.span(), CurveRange::kMinSpan);
    CurveRange p = r;
    p.pan(5.0);
    EXPECT_DOUBLE_EQ(p.low, -5.0);
    EXPECT_DOUBLE_EQ(p.high, 115.0);
}
