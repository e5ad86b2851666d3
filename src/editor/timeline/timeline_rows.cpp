#include "editor/timeline/timeline_rows.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "editor/timeline/time_axis.hpp"
#include "editor/timeline/timeline_keys.hpp"

namespace marionette {

namespace {

// The indices of `tracks` ordered by what they key (owner, then property), ties kept in order.
template <class Track>
std::vector<int> by_owner_then_property(const std::vector<Track>& tracks, int Track::*owner) {
    std::vector<int> order(tracks.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const Track& ta = tracks[static_cast<std::size_t>(a)];
        const Track& tb = tracks[static_cast<std::size_t>(b)];
        return std::pair(ta.*owner, static_cast<int>(ta.property)) < std::pair(tb.*owner, static_cast<int>(tb.property));
    });
    return order;
}

}  // namespace

std::vector<TimelineRow> timeline_rows(const State& state) {
    const std::vector<int> bones = by_owner_then_property(state.tracks, &KeyTrack::bone);
    const std::vector<int> slots = by_owner_then_property(state.slot_tracks, &SlotTrack::slot);
    std::vector<TimelineRow> rows;
    rows.reserve(bones.size() + slots.size() + 2 + state.chain_tracks.size() + state.deform.size());
    for (int t : bones) rows.push_back(TimelineRow{KeyTimeline::Bone, t});
    for (int t : slots) rows.push_back(TimelineRow{KeyTimeline::Slot, t});
    if (!state.draw_order.empty()) rows.push_back(TimelineRow{KeyTimeline::DrawOrder, 0});
    if (!state.skin_keys.empty()) rows.push_back(TimelineRow{KeyTimeline::Skin, 0});
    std::vector<int> chains(state.chain_tracks.size());
    for (std::size_t i = 0; i < chains.size(); ++i) chains[i] = static_cast<int>(i);
    std::stable_sort(chains.begin(), chains.end(), [&](int a, int b) {
        return state.chain_tracks[static_cast<std::size_t>(a)].chain < state.chain_tracks[static_cast<std::size_t>(b)].chain;
    });
    for (int t : chains) rows.push_back(TimelineRow{KeyTimeline::Chain, t});
    // Deform tracks by slot (draw order), then attachment.
    std::vector<int> deforms(state.deform.size());
    for (std::size_t i = 0; i < deforms.size(); ++i) deforms[i] = static_cast<int>(i);
    std::stable_sort(deforms.begin(), deforms.end(), [&](int a, int b) {
        const DeformTrack &da = state.deform[static_cast<std::size_t>(a)], &db = state.deform[static_cast<std::size_t>(b)];
        return std::pair(da.slot, da.attachment) < std::pair(db.slot, db.attachment);
    });
    for (int t : deforms) rows.push_back(TimelineRow{KeyTimeline::Deform, t});
    return rows;
}

namespace {

// The row's track, when `row` is a row and its track exists.
std::optional<TimelineRow> row_track(const State& state, std::span<const TimelineRow> rows, int row) {
    if (row < 0 || static_cast<std::size_t>(row) >= rows.size()) return std::nullopt;
    const TimelineRow r = rows[static_cast<std::size_t>(row)];
    if (!has_track(state, r.timeline, r.track)) return std::nullopt;
    return r;
}

}  // namespace

std::optional<KeyRef> key_near(const State& state, std::span<const TimelineRow> rows, int row, double time, double tolerance) {
    const std::optional<TimelineRow> r = row_track(state, rows, row);
    if (!r) return std::nullopt;
    std::optional<KeyRef> best;
    double nearest = tolerance;
    const std::size_t count = track_key_count(state, r->timeline, r->track);
    for (std::size_t k = 0; k < count; ++k) {
        const KeyRef ref{r->track, static_cast<int>(k), r->timeline};
        const double d = std::fabs(static_cast<double>(key_time(state, ref)) - time);
        if (d <= nearest) {
            nearest = d;
            best = ref;
        }
    }
    return best;
}

std::vector<KeyRef> keys_in_box(const State& state, std::span<const TimelineRow> rows, int first_row, int last_row, double t0, double t1) {
    if (first_row > last_row) std::swap(first_row, last_row);
    if (t0 > t1) std::swap(t0, t1);
    std::vector<KeyRef> found;
    const int end = std::min(last_row, static_cast<int>(rows.size()) - 1);
    for (int row = std::max(first_row, 0); row <= end; ++row) {
        const std::optional<TimelineRow> r = row_track(state, rows, row);
        if (!r) continue;
        const std::size_t count = track_key_count(state, r->timeline, r->track);
        for (std::size_t k = 0; k < count; ++k) {
            const KeyRef ref{r->track, static_cast<int>(k), r->timeline};
            const double t = static_cast<double>(key_time(state, ref));
            if (t >= t0 && t <= t1) found.push_back(ref);
        }
    }
    return found;
}

std::vector<KeyRef> every_key(const State& state) {
    const std::vector<TimelineRow> rows = timeline_rows(state);
    return keys_in_box(state, rows, 0, static_cast<int>(rows.size()) - 1, -1.0, static_cast<double>(kMaxKeyTime) + 1.0);
}

double key_drag_shift(double grabbed, double moved, double earliest, double fps) {
    if (!std::isfinite(moved)) return 0.0;
    double shift = snap_to_frame(grabbed + moved, fps) - grabbed;
    if (earliest + shift < 0.0) shift = -earliest;  // 0 is on every frame grid
    return shift;
}

}  // namespace marionette
