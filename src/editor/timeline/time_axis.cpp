#include "editor/timeline/time_axis.hpp"

#include <algorithm>
#include <cmath>

#include "core/anim/key_track.hpp"

namespace marionette {

namespace {
constexpr double kZoomPerNotch = 1.25;
// The view never scrolls further than this before 0 or after the last possible key.
constexpr double kMargin = 1.0;
}  // namespace

void TimeAxis::zoom(double x, float notches) {
    if (!std::isfinite(x) || !std::isfinite(notches)) return;
    const double at = time_at(x);
    pixels_per_second_ =
        std::clamp(pixels_per_second_ * std::pow(kZoomPerNotch, static_cast<double>(notches)), kMinPixelsPerSecond, kMaxPixelsPerSecond);
    left_ = at - x / pixels_per_second_;
    pan(0.0);
}

void TimeAxis::pan(double pixels) {
    if (!std::isfinite(pixels)) return;
    left_ = std::clamp(left_ + pixels / pixels_per_second_, -kMargin, static_cast<double>(kMaxKeyTime) + kMargin);
}

void TimeAxis::frame(double start, double end, double width) {
    if (!std::isfinite(start) || !std::isfinite(end) || !(width > 0.0)) return;
    if (end < start) std::swap(start, end);
    if (end - start < 0.5) {
        start -= 0.5;
        end += 0.5;
    }
    const double margin = 0.05 * (end - start);
    pixels_per_second_ = std::clamp(width / (end - start + 2.0 * margin), kMinPixelsPerSecond, kMaxPixelsPerSecond);
    left_ = start - margin;
    pan(0.0);
}

double TimeAxis::tick_step(double min_pixels, double fps) const {
    const double min_seconds = std::max(min_pixels, 1.0) / pixels_per_second_;
    // Whole frames while frames are far enough apart to label, then seconds.
    if (fps > 0.0) {
        for (double decade = 1.0; decade / fps < 1.0; decade *= 10.0) {
            for (double m : {1.0, 2.0, 5.0}) {
                if (m * decade / fps >= min_seconds) return m * decade / fps;
            }
        }
    }
    for (double decade = 1.0;; decade *= 10.0) {
        for (double m : {1.0, 2.0, 5.0}) {
            if (m * decade >= min_seconds) return m * decade;
        }
    }
}

double snap_to_frame(double time, double fps) {
    if (!(fps > 0.0) || !std::isfinite(fps)) return time;
    return std::round(time * fps) / fps;
}

}  // namespace marionette
