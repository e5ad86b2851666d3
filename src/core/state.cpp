#include "core/state.hpp"

#include <cmath>

#include "core/extents.hpp"

namespace marionette {

const char* easing_name(Easing e) {
    switch (e) {
        case Easing::Cosine: return "cosine";
        case Easing::Linear: return "linear";
        case Easing::Smoothstep: return "smoothstep";
    }
    return "?";
}

const char* channel_property_name(ChannelProperty p) {
    switch (p) {
        case ChannelProperty::Rotation: return "rotation";
        case ChannelProperty::Translation: return "translation";
        case ChannelProperty::Scale: return "scale";
    }
    return "?";
}

StateChannel still_channel(int bone, ChannelProperty property) {
    StateChannel c;
    c.bone = bone;
    c.property = property;
    if (property == ChannelProperty::Scale) c.center = glm::vec3{1.0f};
    return c;
}

bool channel_stays_in_range(const StateChannel& c) {
    if (c.property == ChannelProperty::Rotation) return true;
    const bool is_scale = c.property == ChannelProperty::Scale;
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

std::string channel_range_rule(ChannelProperty p) {
    switch (p) {
        case ChannelProperty::Translation: return std::string("center +- swing must stay ") + kCoordinateRange + " on every axis";
        case ChannelProperty::Scale: return std::string("center +- swing must stay ") + kPoseScaleRange + " on every axis";
        case ChannelProperty::Rotation: break;
    }
    return "";
}

}  // namespace marionette
