#include "core/anim/bake_cycle.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

namespace marionette {

namespace {

// Frames a time spans at `fps`, when it is (within a thousandth of a frame) a whole number.
std::optional<std::size_t> whole_frames(double seconds, double fps) {
    const double frames = seconds * fps;
    const double whole = std::round(frames);
    if (!(whole >= 1.0) || std::fabs(frames - whole) > 1e-3) return std::nullopt;
    return static_cast<std::size_t>(whole);
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

}  // namespace marionette
