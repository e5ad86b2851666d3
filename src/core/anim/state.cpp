#include "core/anim/state.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/extents.hpp"

namespace marionette {

const char* easing_name(Easing e) {
    switch (e) {
        case Easing::Cosine: return "cosine";
        case Easing::Linear: return "linear";
        case Easing::Smoothstep: return "smoothstep";
    }
    return "?";
}

bool is_keyed(const State& state) {
    return !state.tracks.empty() || !state.slot_tracks.empty() || !state.draw_order.empty() || !state.chain_tracks.empty() ||
           !state.deform.empty() || !state.skin_keys.empty();
}

float state_length(const State& state) {
    float length = 0.0f;
    for (const KeyTrack& t : state.tracks) length = std::max(length, last_key_time(t));
    length = std::max(length, last_chain_key_time(state.chain_tracks));
    length = std::max(length, last_deform_key_time(state.deform));
    length = std::max(length, last_skin_key_time(state.skin_keys));
    return std::max(length, last_slot_key_time(state.slot_tracks, state.draw_order));
}

double keyed_time(const State& state, double local) { return keyed_time(static_cast<double>(state_length(state)), state.loop, local); }

double keyed_time(double length, bool loop, double local) {
    if (!(length > 0.0) || !(local > 0.0)) return 0.0;
    if (!loop) return std::min(local, length);
    return std::fmod(local, length);  // exact, in [0, length)
}

int track_driving(const State& state, int bone, PoseProperty property) {
    for (std::size_t i = 0; i < state.tracks.size(); ++i) {
        if (state.tracks[i].bone == bone && state.tracks[i].property == property) return static_cast<int>(i);
    }
    return -1;
}

StateChannel still_channel(int bone, PoseProperty property) {
    StateChannel c;
    c.bone = bone;
    c.property = property;
    if (property == PoseProperty::Scale) c.center = glm::vec3{1.0f};
    return c;
}

bool channel_stays_in_range(const StateChannel& c) {
    if (c.property == PoseProperty::Rotation) return true;
    const bool is_scale = c.property == PoseProperty::Scale;
    const float low = is_scale ? 0.0f : -kMaxCoordinate;
    const float high = is_scale ? kMaxPoseScale : kMaxCoordinate;
    for (int i = 0; i < 3; ++i) {
        const float swing = std::fabs(c.swing[i]);
        // Written so that NaN fails every comparison, and center +- swing is never rounded in.
        if (!(std::isfinite(c.center[i]) && std::isfinite(swing))) return false;
        if (!(c.center[i] >= low && c.center[i] <= high && swing <= c.center[i] - low && swing <= high - c.center[i])) return false;
    }
    return true;
}

std::string channel_range_rule(PoseProperty p) {
    switch (p) {
        case PoseProperty::Translation: return std::string("center +- swing must stay ") + kCoordinateRange + " on every axis";
        case PoseProperty::Scale: return std::string("center +- swing must stay ") + kPoseScaleRange + " on every axis";
        case PoseProperty::Rotation: break;
    }
    return "";
}

}  // namespace marionette
