// The timeline's time axis: zoom about the pointer, pan, framing, tick spacing, frame snapping.

#include "editor/timeline/time_axis.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace marionette;

TEST(TimeAxis, ZoomKeepsTheTimeUnderThePointer) {
    TimeAxis axis;
    axis.frame(0.0, 2.0, 400.0);
    const double under = axis.time_at(150.0);
    const double before = axis.pixels_per_second();
    axis.zoom(150.0, 2.0f);
    EXPECT_NEAR(axis.time_at(150.0), under, 1e-9);
    EXPECT_NEAR(axis.pixels_per_second(), before * 1.25 * 1.25, 1e-9);
    axis.zoom(150.0, -2.0f);
    EXPECT_NEAR(axis.pixels_per_second(), before, 1e-9);
    EXPECT_NEAR(axis.time_at(150.0), under, 1e-9);
}

TEST(TimeAxis, ZoomAndPanStayInBounds) {
    TimeAxis axis;
    for (int i = 0; i < 200; ++i) axis.zoom(0.0, 1.0f);
    EXPECT_EQ(axis.pixels_per_second(), TimeAxis::kMaxPixelsPerSecond);
    for (int i = 0; i < 400; ++i) axis.zoom(0.0, -1.0f);
    EXPECT_EQ(axis.pixels_per_second(), TimeAxis::kMinPixelsPerSecond);
    axis.pan(-1e12);
    EXPECT_GE(axis.left(), -1.0) << "never far before 0";
    axis.pan(1e12);
    EXPECT_LE(axis.left(), 3601.0) << "never past the last key time";
    // Nonsense leaves the view as it was.
    const double left = axis.left();
    axis.pan(NAN);
    axis.zoom(NAN, 1.0f);
    axis.zoom(10.0, INFINITY);
    axis.frame(0.0, NAN, 100.0);
    axis.frame(0.0, 1.0, 0.0);
    EXPECT_EQ(axis.left(), left);
    EXPECT_TRUE(std::isfinite(axis.pixels_per_second()));
}

TEST(TimeAxis, FrameShowsTheSpanWithRoomAtBothEnds) {
    TimeAxis axis;
    axis.frame(1.0, 3.0, 500.0);
    EXPECT_LT(axis.x_of(1.0), 50.0);
    EXPECT_GT(axis.x_of(1.0), 0.0);
    EXPECT_GT(axis.x_of(3.0), 450.0);
    EXPECT_LT(axis.x_of(3.0), 500.0);
    axis.frame(2.0, 2.0, 500.0);  // one key: a second around it
    EXPECT_GT(axis.x_of(2.0), 200.0);
    EXPECT_LT(axis.x_of(2.0), 300.0);
}

TEST(TimeAxis, TicksAreFramesWhileFramesAreFarApartThenSeconds) {
    TimeAxis axis;
    axis.frame(0.0, 1.0, 3000.0);  // about 2700 px a second: 30 fps frames are 90 px apart
    EXPECT_NEAR(axis.tick_step(50.0, 30.0), 1.0 / 30.0, 1e-12);
    axis.frame(0.0, 10.0, 1000.0);  // about 90 px a second
    EXPECT_NEAR(axis.tick_step(50.0, 30.0), 20.0 / 30.0, 1e-12) << "20 frames, the first 1-2-5 step past 50 px";
    axis.frame(0.0, 600.0, 1000.0);
    const double step = axis.tick_step(50.0, 30.0);
    EXPECT_GE(step * axis.pixels_per_second(), 50.0);
    EXPECT_EQ(step, 50.0);
    EXPECT_EQ(axis.tick_step(50.0, 0.0), 50.0) << "without an fps, seconds";
}

TEST(TimeAxis, SnapToTheNearestFrame) {
    EXPECT_DOUBLE_EQ(snap_to_frame(0.51, 30.0), 15.0 / 30.0);
    EXPECT_DOUBLE_EQ(snap_to_frame(0.52, 30.0), 16.0 / 30.0);
    EXPECT_DOUBLE_EQ(snap_to_frame(0.123, 0.0), 0.123) << "no fps, no snapping";
    EXPECT_DOUBLE_EQ(snap_to_frame(0.123, NAN), 0.123);
}
