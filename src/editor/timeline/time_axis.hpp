#pragma once
// The timeline's horizontal axis: which seconds show where, zoomed about the pointer and panned,
// and the frame grid keys snap to. Pure arithmetic, so the window-less tests check it.

namespace marionette {

class TimeAxis {
public:
    // The zoom's bounds: a whole hour across a thousand pixels, down to single frames at 1000 fps
    // a few pixels apart.
    static constexpr double kMinPixelsPerSecond = 0.25;
    static constexpr double kMaxPixelsPerSecond = 20000.0;

    // `x` counts pixels from the left edge of the keys' area.
    double time_at(double x) const { return left_ + x / pixels_per_second_; }
    double x_of(double time) const { return (time - left_) * pixels_per_second_; }
    double left() const { return left_; }
    double pixels_per_second() const { return pixels_per_second_; }

    // Zooms by 1.25 per notch (positive: in), keeping the time under `x` where it is.
    void zoom(double x, float notches);
    // Moves the view by `pixels` (positive: later times come in from the right).
    void pan(double pixels);
    // Shows [start, end] across `width` pixels, with a little room at either side; a span too
    // short to read (a single key) shows a second around it.
    void frame(double start, double end, double width);

    // The step between labelled ticks: the smallest 1, 2 or 5 times a power of ten frames (at
    // `fps`) or seconds that puts at least `min_pixels` between two ticks.
    double tick_step(double min_pixels, double fps) const;

private:
    double left_ = -0.1;  // seconds at the left edge (a little before 0)
    double pixels_per_second_ = 200.0;
};

// `time` rounded to the nearest frame at `fps` frames per second (time itself for an fps that
// is not above 0).
double snap_to_frame(double time, double fps);

}  // namespace marionette
