#include "core/io/spine/spine_slot_timelines.hpp"

#include <algorithm>
#include <cmath>

#include "core/anim/bake_cycle.hpp"
#include "core/anim/state.hpp"
#include "core/io/spine/spine_json_text.hpp"
#include "core/io/spine/spine_keys.hpp"

namespace marionette {

std::vector<std::pair<int, int>> draw_order_offsets(const std::vector<int>& order) {
    // The longest increasing run of slot indices in `order` (patience sorting): those slots keep
    // their setup order and need no offset.
    const std::size_t n = order.size();
    std::vector<std::size_t> tails;         // places in `order` ending the best run of each length
    std::vector<std::size_t> before(n, n);  // the place before each in its run
    for (std::size_t i = 0; i < n; ++i) {
        const auto at = std::lower_bound(tails.begin(), tails.end(), order[i], [&](std::size_t t, int v) { return order[t] < v; });
        if (at != tails.begin()) before[i] = *(at - 1);
        if (at == tails.end()) {
            tails.push_back(i);
        } else {
            *at = i;
        }
    }
    std::vector<bool> kept(n, false);
    for (std::size_t i = tails.empty() ? n : tails.back(); i < n; i = before[i]) kept[static_cast<std::size_t>(order[i])] = true;
    std::vector<int> place(n, 0);
    for (std::size_t i = 0; i < n; ++i) place[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    std::vector<std::pair<int, int>> out;
    for (std::size_t s = 0; s < n; ++s) {
        if (!kept[s]) out.emplace_back(static_cast<int>(s), place[s] - static_cast<int>(s));
    }
    return out;
}

namespace {

Json attachment_key(double time, const Slot& slot, int shown) {
    Json key{{"time", spine_switch_time(time)}};
    key["name"] = shown < 0 ? Json(nullptr) : Json(slot.attachments[static_cast<std::size_t>(shown)].name);
    return key;
}

Json draw_order_key(double time, const std::vector<int>& order, const SpineSkeletonPlan& plan) {
    Json key{{"time", spine_switch_time(time)}};
    const std::vector<std::pair<int, int>> offsets = draw_order_offsets(order);
    if (offsets.empty()) return key;  // the setup order
    Json list = Json::array();
    for (const auto& [slot, offset] : offsets)
        list.push_back(Json{{"slot", plan.slot_names[static_cast<std::size_t>(slot)]}, {"offset", offset}});
    key["offsets"] = std::move(list);
    return key;
}

SpineValues color_values(const glm::vec4& c) { return {c.r, c.g, c.b, c.a}; }

// The colour one track gives at `time` on the track's own clock.
glm::vec4 track_color(const Rig& rig, const SlotTrack& track, double time) {
    SlotPose pose = setup_slot_pose(rig.slots, rig.skin);
    sample_slot_tracks({track}, {}, time, pose);
    return pose.colors[static_cast<std::size_t>(track.slot)];
}

// Keys that switch (drawings, draw orders), as (time, key index) pairs: each key at its time,
// once per loop of `length` seconds up to `end` when `length` is given (> 0), a key at the loop's
// length left out (the loop is back at its start there), and the first key repeated at each
// loop's start when it comes later (it holds before itself).
template <class K>
std::vector<std::pair<double, std::size_t>> switch_times(const std::vector<K>& keys, double length, double end) {
    std::vector<std::pair<double, std::size_t>> out;
    if (keys.empty()) return out;
    const bool loops = length > 0.0;
    for (double start = 0.0; start <= (loops ? end + 1e-9 : 0.0); start += loops ? length : 1.0) {
        if (keys.front().time > 0.0f) out.emplace_back(start, 0);
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const double t = static_cast<double>(keys[k].time);
            if (loops && (t >= length || start + t > end + 1e-9)) continue;
            out.emplace_back(start + t, k);
        }
    }
    return out;
}

SpineSlotTimelines slot_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::size_t frames, bool sampled) {
    SpineSlotTimelines out;
    const double fps = static_cast<double>(rig.fps);
    const double end = static_cast<double>(frames) / fps;
    const double length = static_cast<double>(state_length(state));
    const double loop_length = sampled && state.loop ? length : 0.0;
    const auto note = [&](double t) { out.last_time = std::max(out.last_time, t); };
    for (const SlotTrack& track : state.slot_tracks) {
        if (track.keys.empty()) continue;
        const Slot& slot = rig.slots[static_cast<std::size_t>(track.slot)];
        Json& timelines = out.slots[plan.slot_names[static_cast<std::size_t>(track.slot)]];
        if (track.property == SlotProperty::Attachment) {
            Json keys = Json::array();
            for (const auto& [t, k] : switch_times(track.keys, loop_length, end)) {
                keys.push_back(attachment_key(t, slot, track.keys[k].attachment));
                note(t);
            }
            timelines["attachment"] = std::move(keys);
            continue;
        }
        std::vector<SpineKey> keys;
        if (sampled) {
            // On the state's own clock, looping or held at its length, the last frame from the left
            // (cycle_track_time).
            for (std::size_t i = 0; i <= frames; ++i) {
                const double t = static_cast<double>(i) / fps;
                keys.push_back(
                    SpineKey{t, color_values(track_color(rig, track, cycle_track_time(state, i, frames, fps))), SpineCurve::Linear, {}});
            }
            if (std::all_of(keys.begin(), keys.end(), [&](const SpineKey& k) { return k.values == keys.front().values; })) keys.resize(1);
        } else {
            std::vector<SourceKey> source;
            for (const SlotKey& k : track.keys) source.push_back(SourceKey{k.time, color_values(k.color), k.interpolation, k.curve});
            keys = spine_keys(
                source, [&](double t) { return color_values(track_color(rig, track, t)); }, fps);
        }
        note(keys.back().time);
        timelines["rgba"] = spine_timeline(keys, SpineTimelineKind::Color);
    }
    for (const auto& [t, k] : switch_times(state.draw_order, loop_length, end)) {
        out.draw_order.push_back(draw_order_key(t, state.draw_order[k].order, plan));
        note(t);
    }
    return out;
}

}  // namespace

SpineSlotTimelines spine_slot_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state) {
    return slot_timelines(rig, plan, state, 0, false);
}

SpineSlotTimelines spine_sampled_slot_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::size_t frames) {
    return slot_timelines(rig, plan, state, frames, true);
}

}  // namespace marionette
