#include "editor/timeline_rows.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "editor/time_axis.hpp"

namespace marionette {

std::vector<int> timeline_rows(const State& state) {
    std::vector<int> rows(state.tracks.size());
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
        const KeyTrack& ta = state.tracks[static_cast<std::size_t>(a)];
        const KeyTrack& tb = state.tracks[static_cast<std::size_t>(b)];
        return std::pair(ta.bone, static_cast<int>(ta.property)) < std::pair(tb.bone, static_cast<int>(tb.property));
    });
    return rows;
}

std::optional<KeyRef> key_near(const State& state, std::span<const int> rows, int row, double time, double tolerance) {
    if (row < 0 || static_cast<std::size_t>(row) >= rows.size()) return std::nullopt;
    const int track = rows[static_cast<std::size_t>(row)];
    if (track < 0 || static_cast<std::size_t>(track) >= state.tracks.size()) return std::nullopt;
    const std::vector<Key>& keys = state.tracks[static_cast<std::size_t>(track)].keys;
    std::optional<KeyRef> best;
    double nearest = tolerance;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const double d = std::fabs(static_cast<double>(keys[k].time) - time);
        if (d <= nearest) {
            nearest = d;
            best = KeyRef{track, static_cast<int>(k)};
        }
    }
    return best;
}

std::vector<KeyRef> keys_in_box(const State& state, std::span<const int> rows, int first_row, int last_row, double t0, double t1) {
    if (first_row > last_row) std::swap(first_row, last_row);
    if (t0 > t1) std::swap(t0, t1);
    std::vector<KeyRef> found;
    const int end = std::min(last_row, static_cast<int>(rows.size()) - 1);
    for (int row = std::max(first_row, 0); row <= end; ++row) {
        const int track = rows[static_cast<std::size_t>(row)];
        if (track < 0 || static_cast<std::size_t>(track) >= state.tracks.size()) continue;
        const std::vector<Key>& keys = state.tracks[static_cast<std::size_t>(track)].keys;
        for (std::size_t k = 0; k < keys.size(); ++k) {
            if (keys[k].time >= t0 && keys[k].time <= t1) found.push_back(KeyRef{track, static_cast<int>(k)});
        }
    }
    return found;
}

double key_drag_shift(double grabbed, double moved, double earliest, double fps) {
    if (!std::isfinite(moved)) return 0.0;
    double shift = snap_to_frame(grabbed + moved, fps) - grabbed;
    if (earliest + shift < 0.0) shift = -earliest;  // 0 is on every frame grid
    return shift;
}

}  // namespace marionette
