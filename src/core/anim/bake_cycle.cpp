#include "core/anim/bake_cycle.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

namespace marionette {

namespace {

// The frames a time spans at `fps` as a fraction in lowest terms, numerator first: 22.5 frames
// is 45 / 2. Found when some denominator up to kMostParts makes it whole within a hundred-
// thousandth of a frame (a period is a float; a period of pi / 3 s makes none, and does not
// loop in whole frames).
constexpr std::size_t kMostParts = 64;
std::optional<std::size_t> whole_frames(double seconds, double fps) {
    const double frames = seconds * fps;
    if (!(frames >= 1.0 - 1e-3) || !(frames <= static_cast<double>(kMaxBakeFrames))) return std::nullopt;
    for (std::size_t parts = 1; parts <= kMostParts; ++parts) {
        const double scaled = frames * static_cast<double>(parts);
        const double whole = std::round(scaled);
        if (std::fabs(scaled - whole) <= (parts == 1 ? 1e-3 : 1e-5 * static_cast<double>(parts))) {
            // In lowest terms (2 / 2 is 1 / 1), the loop must be a whole multiple of the numerator.
            const auto n = static_cast<std::size_t>(whole);
            return n / std::gcd(n, parts);
        }
    }
    return std::nullopt;
}

}  // namespace

BakeCycle bake_cycle(const State& state, double fps) {
    std::size_t cycle = 1;
    std::size_t longest = 1;
    bool closes = true;
    const auto take = [&](double seconds) {
        if (!(seconds > 0.0)) return;
        longest = std::max(longest, static_cast<std::size_t>(std::max(1.0, std::round(seconds * fps))));
        const std::optional<std::size_t> frames = whole_frames(seconds, fps);
        if (!frames) {
            closes = false;
            return;
        }
        const std::size_t next = std::lcm(cycle, *frames);
        if (next > kMaxBakeFrames) {
            closes = false;
            return;
        }
        cycle = next;
    };
    for (const StateChannel& c : state.channels) take(static_cast<double>(c.period));
    take(static_cast<double>(state_length(state)));
    if (!closes) return BakeCycle{std::min(longest, kMaxBakeFrames), false};
    return BakeCycle{cycle, true};
}

double cycle_track_time(const State& state, std::size_t i, std::size_t frames, double fps) {
    const double t = static_cast<double>(i) / fps;
    const double local = keyed_time(state, t);
    const double length = static_cast<double>(state_length(state));
    if (i == frames && i > 0 && length > 0.0 && local < 1e-6 * length) return length;
    return local;
}

}  // namespace marionette
