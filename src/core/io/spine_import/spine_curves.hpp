#pragma once
// Spine's key curves as its runtimes play them, and as Marionette's keys hold them. A Spine
// runtime draws a Bezier segment as ten straight pieces, the curve's points at a tenth, two
// tenths, ... of its parameter (CurveTimeline.setBezier); Marionette's keys hold a Bezier's
// handles as fractions of the segment, drawn the same way (kSpineCurveLines, key_track.hpp).
// Pure functions.

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "core/anim/key_track.hpp"
#include "core/io/spine_import/spine_animation_data.hpp"

namespace marionette {

// The nine points inside a Bezier segment from (t0, v0) to (t1, v1) with handles `h` (cx1, cy1,
// cx2, cy2) that a runtime draws it through, in order.
std::array<std::array<double, 2>, 9> spine_bezier_points(double t0, double v0, const std::array<double, 4>& h, double t1, double v1);

// The time a runtime holds a key at: its frames are floats, so a key takes effect once the
// playing time (a double) reaches the file's time as a float.
inline double spine_key_time(double time) { return double(float(time)); }

// The index of the last of `keys` in effect at `time` (of keys at one time, the last), or none
// before the first.
std::optional<std::size_t> spine_key_at(std::span<const SpineTimelineKey> keys, double time);

// Value `v` of a timeline's `keys` at `time`, as a runtime plays it (each key from its
// spine_key_time): before the first key the
// first key's value (the caller puts the setup's before it where the runtime does), after the
// last the last's, between two by the earlier key's curve.
double spine_timeline_value(std::span<const SpineTimelineKey> keys, std::size_t v, double time);

// The times inside segment `key` to `next` at which the runtime's drawing of value `v` bends:
// the Bezier's nine points' times; none for a line or a step.
std::vector<double> spine_bend_times(const SpineTimelineKey& key, const SpineTimelineKey& next, std::size_t v);

// Marionette's interpolation and curve for the segment from `key` to `next` over the values
// `values` (each of which changes on it, or none does), when one curve holds them all: a
// Bezier whose handles, as fractions of the segment, are the same for every value that
// changes (within 1e-4) and keep the curve rule (kCurveRule), drawn in the runtime's lines;
// nothing when they differ, or a value that stays put has handles off it (a bulge).
struct MarionetteCurve {
    Interpolation interpolation = Interpolation::Linear;
    BezierCurve curve{};
};
std::optional<MarionetteCurve> marionette_curve(const SpineTimelineKey& key, const SpineTimelineKey& next,
                                                std::span<const std::size_t> values);

}  // namespace marionette
