#include "core/anim/deform_track.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "core/base/extents.hpp"

namespace marionette {

DeformKeyMix deform_mix_at(const DeformTrack& track, double time) {
    const float at = static_cast<float>(time);
    // The first key after `at`; the one before it holds or moves on toward it.
    const auto next = std::upper_bound(track.keys.begin(), track.keys.end(), at, [](float a, const DeformKey& k) { return a < k.time; });
    if (next == track.keys.begin()) return {};
    const auto to = static_cast<std::size_t>(next - track.keys.begin());
    if (next == track.keys.end()) return {to - 1, to - 1, 0.0f};
    const DeformKey& a = track.keys[to - 1];
    const double span = static_cast<double>(next->time) - static_cast<double>(a.time);
    return {to - 1, to, interpolation_fraction(a.interpolation, a.curve, static_cast<float>((static_cast<double>(at) - a.time) / span))};
}

void sample_deform_track(const DeformTrack& t, double time, std::vector<glm::vec2>& out) {
    if (t.keys.empty()) return;
    const DeformKeyMix mix = deform_mix_at(t, time);
    const DeformKey &a = t.keys[mix.from], &b = t.keys[mix.to];
    if (mix.from == mix.to) {
        out = a.offsets;
        return;
    }
    out.resize(a.offsets.size());
    for (std::size_t i = 0; i < out.size() && i < b.offsets.size(); ++i)
        out[i] = a.offsets[i] + mix.fraction * (b.offsets[i] - a.offsets[i]);
}

void sample_deform_tracks(const std::vector<Slot>& slots, const std::vector<DeformTrack>& tracks, double time, SlotPose& pose) {
    for (const DeformTrack& t : tracks) {
        if (t.slot < 0 || static_cast<std::size_t>(t.slot) >= pose.deforms.size() || static_cast<std::size_t>(t.slot) >= slots.size())
            continue;
        const auto s = static_cast<std::size_t>(t.slot);
        if (drawn_index(slots, pose, s) == t.attachment) sample_deform_track(t, time, pose.deforms[s]);
    }
}

std::span<const glm::vec2> shown_deform(const SlotPose& pose, std::size_t slot, const Attachment& a) {
    if (slot >= pose.deforms.size() || !a.mesh || pose.deforms[slot].size() != a.mesh->vertices.size()) return {};
    return pose.deforms[slot];
}

float last_deform_key_time(const std::vector<DeformTrack>& tracks) {
    float last = 0.0f;
    for (const DeformTrack& t : tracks) {
        if (!t.keys.empty()) last = std::max(last, t.keys.back().time);
    }
    return last;
}

int track_of_deform(const std::vector<DeformTrack>& tracks, int slot, int attachment) {
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        if (tracks[i].slot == slot && tracks[i].attachment == attachment) return static_cast<int>(i);
    }
    return -1;
}

std::string deform_tracks_problem(const std::vector<DeformTrack>& tracks, const std::vector<Slot>& slots, std::string* place) {
    const auto at = [&](std::string where, std::string problem) {
        if (place) *place = std::move(where);
        return problem;
    };
    std::set<std::pair<int, int>> seen;
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        const DeformTrack& t = tracks[i];
        const std::string track = "deform[" + std::to_string(i) + "]";
        if (t.slot < 0 || static_cast<std::size_t>(t.slot) >= slots.size()) return at(track, "not a slot");
        const Slot& slot = slots[static_cast<std::size_t>(t.slot)];
        if (t.attachment < 0 || static_cast<std::size_t>(t.attachment) >= slot.attachments.size()) {
            return at(track, "not one of the slot's attachments");
        }
        const Attachment& a = slot.attachments[static_cast<std::size_t>(t.attachment)];
        if (!a.mesh) return at(track, "\"" + a.name + "\" is a plain picture: only a mesh deforms");
        if (!seen.insert({t.slot, t.attachment}).second) return at(track, "\"" + a.name + "\" has another deform track in the state");
        if (t.keys.empty()) return at(track, "a track needs a key at least");
        for (std::size_t k = 0; k < t.keys.size(); ++k) {
            const DeformKey& key = t.keys[k];
            const std::string where = track + ".keys[" + std::to_string(k) + "]";
            if (!is_key_time(key.time)) return at(where, kKeyTimeRule);
            if (k > 0 && !(key.time > t.keys[k - 1].time)) return at(where, "keys must be in strictly increasing time");
            if (key.offsets.size() != a.mesh->vertices.size()) {
                return at(where, "one offset a vertex of \"" + a.name + "\" (" + std::to_string(a.mesh->vertices.size()) + "), not " +
                                     std::to_string(key.offsets.size()));
            }
            for (const glm::vec2& o : key.offsets) {
                if (!(o.x >= -kMaxCoordinate && o.x <= kMaxCoordinate && o.y >= -kMaxCoordinate && o.y <= kMaxCoordinate)) {
                    return at(where, std::string("each offset must be ") + kCoordinateRange);
                }
            }
            if (key.interpolation == Interpolation::Bezier && !is_valid_curve(key.curve)) return at(where, kCurveRule);
        }
    }
    return {};
}

}  // namespace marionette
