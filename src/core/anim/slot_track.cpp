#include "core/anim/slot_track.hpp"

#include <algorithm>

#include "core/math/color.hpp"

namespace marionette {

const char* slot_property_name(SlotProperty p) { return p == SlotProperty::Attachment ? "attachment" : "color"; }

SlotPose setup_slot_pose(const std::vector<Slot>& slots, int skin) {
    SlotPose out;
    setup_slot_pose(slots, skin, out);
    return out;
}

void setup_slot_pose(const std::vector<Slot>& slots, int skin, SlotPose& out) {
    out.skin = skin;
    out.shown.resize(slots.size());
    out.colors.resize(slots.size());
    out.order.resize(slots.size());
    out.deforms.resize(slots.size());
    for (std::vector<glm::vec2>& d : out.deforms) d.clear();
    for (std::size_t s = 0; s < slots.size(); ++s) {
        out.shown[s] = slots[s].shown;
        out.colors[s] = slots[s].color;
        out.order[s] = static_cast<int>(s);
    }
}

int drawn_index(const std::vector<Slot>& slots, const SlotPose& pose, std::size_t slot) {
    return drawn_attachment(slots[slot], pose.shown[slot], pose.skin);
}

const Attachment* shown_drawing(const std::vector<Slot>& slots, const SlotPose& pose, std::size_t slot, std::size_t bone_count) {
    const Slot& s = slots[slot];
    const int drawn = drawn_index(slots, pose, slot);
    if (drawn < 0 || s.bone < 0 || static_cast<std::size_t>(s.bone) >= bone_count) return nullptr;
    return &s.attachments[static_cast<std::size_t>(drawn)];
}

namespace {

// The last key at or before `time`, or the first key when `time` comes before it.
template <class K>
std::size_t key_at_or_before(const std::vector<K>& keys, float time) {
    const auto after = std::upper_bound(keys.begin(), keys.end(), time, [](float t, const K& k) { return t < k.time; });
    return after == keys.begin() ? 0 : static_cast<std::size_t>(after - keys.begin()) - 1;
}

}  // namespace

void sample_slot_tracks(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order, double time, SlotPose& pose) {
    const auto t = static_cast<float>(time);
    for (const SlotTrack& track : tracks) {
        if (track.keys.empty() || track.slot < 0 || static_cast<std::size_t>(track.slot) >= pose.shown.size()) continue;
        const auto s = static_cast<std::size_t>(track.slot);
        const std::size_t k = key_at_or_before(track.keys, t);
        const SlotKey& a = track.keys[k];
        if (track.property == SlotProperty::Attachment) {
            pose.shown[s] = a.attachment;
            continue;
        }
        if (k + 1 >= track.keys.size() || !(t > a.time)) {
            pose.colors[s] = a.color;
            continue;
        }
        const SlotKey& b = track.keys[k + 1];
        const float f = interpolation_fraction(a.interpolation, a.curve, (t - a.time) / (b.time - a.time));
        // A Bézier's overshoot stays within the colour's range.
        pose.colors[s] = glm::clamp(a.color + (b.color - a.color) * f, 0.0f, 1.0f);
    }
    if (!draw_order.empty()) {
        const DrawOrderKey& key = draw_order[key_at_or_before(draw_order, t)];
        if (key.order.size() == pose.order.size()) pose.order = key.order;
    }
}

void sample_skin_keys(const std::vector<SkinKey>& keys, double time, SlotPose& pose) {
    if (!keys.empty()) pose.skin = keys[key_at_or_before(keys, static_cast<float>(time))].skin;
}

float last_skin_key_time(const std::vector<SkinKey>& keys) { return keys.empty() ? 0.0f : keys.back().time; }

std::string skin_keys_problem(const std::vector<SkinKey>& keys, std::size_t skin_count, std::string* place) {
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const char* why = nullptr;
        if (!is_key_time(keys[k].time)) {
            why = kKeyTimeRule;
        } else if (k > 0 && !(keys[k].time > keys[k - 1].time)) {
            why = "keys must be in strictly increasing time";
        } else if (keys[k].skin < -1 || keys[k].skin >= static_cast<int>(skin_count)) {
            why = "not one of the rig's skins";
        }
        if (why) {
            if (place) *place = "skin_keys[" + std::to_string(k) + "]";
            return why;
        }
    }
    return {};
}

void blend_slot_poses(const SlotPose& from, const SlotPose& to, float w, SlotPose& out) {
    const bool switched = w >= 0.5f;
    // Deforms first: they read both sides' drawings, which `out`, when it is `from`, is about to lose.
    out.deforms.resize(to.deforms.size());
    for (std::size_t s = 0; s < out.deforms.size(); ++s) {
        const int shown = switched ? to.shown[s] : (s < from.shown.size() ? from.shown[s] : -1);
        const int skin = switched ? to.skin : from.skin;
        const bool from_has =
            s < from.deforms.size() && s < from.shown.size() && from.shown[s] == shown && from.skin == skin && !from.deforms[s].empty();
        const bool to_has = to.shown[s] == shown && to.skin == skin && !to.deforms[s].empty();
        std::vector<glm::vec2>& d = out.deforms[s];
        if (from_has && to_has && from.deforms[s].size() == to.deforms[s].size()) {
            d.resize(to.deforms[s].size());
            for (std::size_t i = 0; i < d.size(); ++i) d[i] = from.deforms[s][i] + (to.deforms[s][i] - from.deforms[s][i]) * w;
        } else if (to_has) {
            d.resize(to.deforms[s].size());
            for (std::size_t i = 0; i < d.size(); ++i) d[i] = to.deforms[s][i] * w;
        } else if (from_has) {
            if (&d != &from.deforms[s]) d.resize(from.deforms[s].size());
            for (std::size_t i = 0; i < d.size(); ++i) d[i] = from.deforms[s][i] * (1.0f - w);
        } else {
            d.clear();
        }
    }
    out.shown = switched ? to.shown : from.shown;
    out.skin = switched ? to.skin : from.skin;
    out.order = switched ? to.order : from.order;
    out.colors.resize(to.colors.size());
    for (std::size_t s = 0; s < out.colors.size() && s < from.colors.size(); ++s)
        out.colors[s] = from.colors[s] + (to.colors[s] - from.colors[s]) * w;
}

float last_slot_key_time(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order) {
    float last = 0.0f;
    for (const SlotTrack& t : tracks) {
        if (!t.keys.empty()) last = std::max(last, t.keys.back().time);
    }
    if (!draw_order.empty()) last = std::max(last, draw_order.back().time);
    return last;
}

std::string slot_timelines_problem(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order,
                                   const std::vector<Slot>& slots, std::string* place) {
    const auto fail = [&](std::string where, std::string why) {
        if (place) *place = std::move(where);
        return why;
    };
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        const SlotTrack& track = tracks[i];
        const std::string where = "slot_tracks[" + std::to_string(i) + "]";
        if (track.slot < 0 || static_cast<std::size_t>(track.slot) >= slots.size()) return fail(where, "not a slot");
        const Slot& slot = slots[static_cast<std::size_t>(track.slot)];
        for (std::size_t j = 0; j < i; ++j) {
            if (tracks[j].slot == track.slot && tracks[j].property == track.property) {
                return fail(where, "a second " + std::string(slot_property_name(track.property)) + " track for slot \"" + slot.name +
                                       "\" (also slot_tracks[" + std::to_string(j) + "])");
            }
        }
        if (track.keys.empty()) return fail(where, "a track needs a key at least");
        for (std::size_t k = 0; k < track.keys.size(); ++k) {
            const SlotKey& key = track.keys[k];
            const std::string at = where + ".keys[" + std::to_string(k) + "]";
            if (!is_key_time(key.time)) return fail(at, kKeyTimeRule);
            if (k > 0 && !(key.time > track.keys[k - 1].time)) return fail(at, "keys must be in strictly increasing time");
            if (track.property == SlotProperty::Attachment) {
                if (key.attachment < -1 || key.attachment >= static_cast<int>(slot.attachments.size())) {
                    return fail(at, "not a drawing of slot \"" + slot.name + "\"");
                }
            } else {
                if (!is_color(key.color)) return fail(at, std::string("each of a colour's values must be ") + kColorRange);
                if (key.interpolation == Interpolation::Bezier && !is_valid_curve(key.curve)) return fail(at, kCurveRule);
            }
        }
    }
    for (std::size_t k = 0; k < draw_order.size(); ++k) {
        const DrawOrderKey& key = draw_order[k];
        const std::string at = "draw_order[" + std::to_string(k) + "]";
        if (!is_key_time(key.time)) return fail(at, kKeyTimeRule);
        if (k > 0 && !(key.time > draw_order[k - 1].time)) return fail(at, "keys must be in strictly increasing time");
        std::vector<bool> seen(slots.size(), false);
        if (key.order.size() != slots.size()) {
            return fail(at, "the order names " + std::to_string(key.order.size()) + " slots; the rig has " + std::to_string(slots.size()));
        }
        for (int s : key.order) {
            if (s < 0 || static_cast<std::size_t>(s) >= slots.size()) return fail(at, "not a slot");
            if (seen[static_cast<std::size_t>(s)]) return fail(at, "slot \"" + slots[static_cast<std::size_t>(s)].name + "\" comes twice");
            seen[static_cast<std::size_t>(s)] = true;
        }
    }
    return {};
}

}  // namespace marionette
