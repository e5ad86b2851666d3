#include "core/state_pose.hpp"

#include <algorithm>

#include <cmath>

#include "core/angles.hpp"
#include "core/extents.hpp"
#include "core/rotation_math.hpp"

namespace marionette {

float ease(Easing easing, float t) {
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    switch (easing) {
        case Easing::Cosine: return 0.5f - 0.5f * std::cos(kPi * t);
        case Easing::Linear: return t;
        case Easing::Smoothstep: return t * t * (3.0f - 2.0f * t);
    }
    return t;
}

float ease_slope(Easing easing, float t) {
    if (t < 0.0f || t > 1.0f) return 0.0f;
    switch (easing) {
        case Easing::Cosine: return 0.5f * kPi * std::sin(kPi * t);
        case Easing::Linear: return 1.0f;
        case Easing::Smoothstep: return 6.0f * t * (1.0f - t);
    }
    return 1.0f;
}

float max_ease_slope(Easing easing) {
    switch (easing) {
        case Easing::Cosine: return 0.5f * kPi;
        case Easing::Linear: return 1.0f;
        case Easing::Smoothstep: return 1.5f;
    }
    return 1.0f;
}

float channel_wave(const StateChannel& c, double time) {
    // The phase argument is reduced in double so a clock hours in still turns smoothly.
    const double cycles = time / static_cast<double>(c.period);
    const double turn = 2.0 * kPiDouble * (cycles - std::floor(cycles)) + static_cast<double>(c.phase);
    return static_cast<float>(std::sin(turn));
}

glm::quat channel_rotation(const StateChannel& c, double time) {
    return c.base * glm::angleAxis(c.amplitude * channel_wave(c, time), c.axis);
}

glm::vec3 channel_vector(const StateChannel& c, double time) { return c.center + c.swing * channel_wave(c, time); }

void sample_state(const State& state, double time, const Pose& pose, Pose& out) {
    if (&out != &pose) out = pose;
    const std::size_t n = std::min({out.rotations.size(), out.translations.size(), out.scales.size()});
    const auto bone_of = [n](const StateChannel& c) { return c.bone >= 0 && static_cast<std::size_t>(c.bone) < n ? static_cast<std::size_t>(c.bone) : n; };
    // Two passes: a driven property starts from its identity, then takes its channels in order.
    for (const StateChannel& c : state.channels) {
        const std::size_t b = bone_of(c);
        if (b == n) continue;
        switch (c.property) {
            case ChannelProperty::Rotation: out.rotations[b] = glm::quat{1.0f, 0.0f, 0.0f, 0.0f}; break;
            case ChannelProperty::Translation: out.translations[b] = glm::vec3{0.0f}; break;
            case ChannelProperty::Scale: out.scales[b] = glm::vec3{1.0f}; break;
        }
    }
    for (const StateChannel& c : state.channels) {
        const std::size_t b = bone_of(c);
        if (b == n) continue;
        switch (c.property) {
            case ChannelProperty::Rotation: out.rotations[b] = normalized(out.rotations[b] * channel_rotation(c, time)); break;
            // One channel stays in range by channel_stays_in_range; several may add or multiply
            // past it, so the pose's ranges are kept here.
            case ChannelProperty::Translation:
                out.translations[b] = glm::clamp(out.translations[b] + channel_vector(c, time), -kMaxCoordinate, kMaxCoordinate);
                break;
            case ChannelProperty::Scale:
                out.scales[b] = glm::clamp(out.scales[b] * channel_vector(c, time), 0.0f, kMaxPoseScale);
                break;
        }
    }
}

glm::quat blend_rotation(const glm::quat& a, const glm::quat& b, float w) {
    if (w <= 0.0f) return a;
    if (w >= 1.0f) return b;
    // q and -q are the same rotation: take the b on a's side, so the arc is the shorter one.
    float d = glm::dot(a, b);
    const glm::quat to = d < 0.0f ? -b : b;
    d = std::fabs(d);
    if (d > 0.9995f) return normalized(a + (to - a) * w);  // nearly equal: lerp is exact enough
    const float theta = std::acos(d);
    const float s = std::sin(theta);
    return normalized(a * (std::sin((1.0f - w) * theta) / s) + to * (std::sin(w * theta) / s));
}

void blend_poses(const Pose& a, const Pose& b, float w, Pose& out) {
    const std::size_t n = std::min({a.rotations.size(), b.rotations.size(), a.translations.size(), b.translations.size(),
                                    a.scales.size(), b.scales.size()});
    out.rotations.resize(n);
    out.translations.resize(n);
    out.scales.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.rotations[i] = blend_rotation(a.rotations[i], b.rotations[i], w);
        out.translations[i] = a.translations[i] + (b.translations[i] - a.translations[i]) * w;
        out.scales[i] = a.scales[i] + (b.scales[i] - a.scales[i]) * w;
    }
    out.root_offset = a.root_offset + (b.root_offset - a.root_offset) * w;
}

}  // namespace marionette
