#pragma once
// The curve view's vertical axis for one track: the values shown from the view's bottom to its
// top. Each plotted track has its own (Blender's graph editor normalised, Spine's graph view per
// curve), so an angle in degrees and a move in units both fill the view; the user zooms and pans
// one track's and frames them all. Pure arithmetic, so the window-less tests check it.

#include <algorithm>
#include <cmath>

namespace marionette {

struct CurveRange {
    double low = 0.0, high = 1.0;  // low < high

    // The narrowest range kept, so a flat track still maps onto the view.
    static constexpr double kMinSpan = 1e-3;

    double span() const { return high - low; }
    // Where `value` is drawn between `top` and `bottom` (screen y grows down), and back.
    double y_of(double value, double top, double bottom) const { return bottom - (value - low) / span() * (bottom - top); }
    double value_at(double y, double top, double bottom) const { return low + (bottom - y) / (bottom - top) * span(); }

    // The range holding [lo, hi] with a tenth of its span to spare either side; a flat or
    // nearly flat one, a unit about its middle.
    static CurveRange fitted(double lo, double hi) {
        if (!(hi - lo >= kMinSpan * 10.0)) {
            const double mid = std::isfinite(lo + hi) ? (lo + hi) * 0.5 : 0.0;
            return {mid - 0.5, mid + 0.5};
        }
        const double spare = (hi - lo) * 0.1;
        return {lo - spare, hi + spare};
    }
    // Zoomed by 1.25 a notch (positive: in) about `value`, which stays where it is drawn.
    void zoom(double value, float notches) {
        const double f = std::pow(1.25, -static_cast<double>(notches));
        const double lo = value - (value - low) * f, hi = value + (high - value) * f;
        if (std::isfinite(lo) && std::isfinite(hi) && hi - lo >= kMinSpan) {
            low = lo;
            high = hi;
        }
    }
    // Moved by `by` in value (positive: higher values come into view).
    void pan(double by) {
        if (!std::isfinite(by)) return;
        low += by;
        high += by;
    }
};

}  // namespace marionette
