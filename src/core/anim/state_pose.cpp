#include "core/anim/state_pose.hpp"

#include <algorithm>

#include <cmath>

#include "core/anim/state_ik.hpp"
#include "core/base/extents.hpp"
#include "core/math/angles.hpp"
#include "core/math/rotation_math.hpp"

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

namespace {

// Sets a driven property to its identity, the start its tracks and channels compose from.
void reset(Pose& out, std::size_t b, PoseProperty property) {
    switch (property) {
        case PoseProperty::Rotation: out.rotations[b] = glm::quat{1.0f, 0.0f, 0.0f, 0.0f}; break;
        case PoseProperty::Translation: out.translations[b] = glm::vec3{0.0f}; break;
        case PoseProperty::Scale: out.scales[b] = glm::vec3{1.0f}; break;
    }
}

// Composes one value into a driven property: rotations multiply, translations add, scales
// multiply. Tracks and channels each keep their own range; several composed (or a Bézier's
// overshoot) may leave the pose's, so its ranges are kept here.
inline void compose(Pose& out, std::size_t b, PoseProperty property, const glm::quat& rotation, const glm::vec3& vector) {
    switch (property) {
        case PoseProperty::Rotation:
            // The first value composed onto the identity is itself (already a unit quaternion).
            out.rotations[b] = out.rotations[b] == glm::quat{1.0f, 0.0f, 0.0f, 0.0f} ? rotation : normalized(out.rotations[b] * rotation);
            break;
        case PoseProperty::Translation:
            out.translations[b] = glm::clamp(out.translations[b] + vector, -kMaxCoordinate, kMaxCoordinate);
            break;
        case PoseProperty::Scale: out.scales[b] = glm::clamp(out.scales[b] * vector, 0.0f, kMaxPoseScale); break;
    }
}

// Starts `out` as `pose`; returns how many bones the pose has.
std::size_t start_pose(const Pose& pose, Pose& out) {
    if (&out != &pose) out = pose;
    return std::min({out.rotations.size(), out.translations.size(), out.scales.size()});
}

// Sets every property `state`'s channels drive to its identity, the start they compose from.
void reset_channel_properties(const State& state, std::size_t n, Pose& out) {
    for (const StateChannel& c : state.channels) {
        if (c.bone >= 0 && static_cast<std::size_t>(c.bone) < n) reset(out, static_cast<std::size_t>(c.bone), c.property);
    }
}

// Starts `out` as `pose` with every property `state` drives at its identity, the start its
// track and then its channels compose from. Returns how many bones the pose has.
std::size_t start_driven(const State& state, const Pose& pose, Pose& out) {
    const std::size_t n = start_pose(pose, out);
    for (const KeyTrack& t : state.tracks) {
        if (t.bone >= 0 && static_cast<std::size_t>(t.bone) < n) reset(out, static_cast<std::size_t>(t.bone), t.property);
    }
    reset_channel_properties(state, n, out);
    return n;
}

void compose_channels(const State& state, double clock, std::size_t n, Pose& out) {
    for (const StateChannel& c : state.channels) {
        if (c.bone < 0 || static_cast<std::size_t>(c.bone) >= n) continue;
        const bool rotates = c.property == PoseProperty::Rotation;
        compose(out, static_cast<std::size_t>(c.bone), c.property, rotates ? channel_rotation(c, clock) : glm::quat{1.0f, 0.0f, 0.0f, 0.0f},
                rotates ? glm::vec3{0.0f} : channel_vector(c, clock));
    }
}

}  // namespace

void sample_state(const State& state, bool is_2d, double clock, double local, const Pose& pose, Pose& out) {
    sample_state_at(state, is_2d, clock, keyed_time(state, local), pose, out);
}

void sample_state_at(const State& state, bool is_2d, double clock, double track_time, const Pose& pose, Pose& out) {
    const std::size_t n = start_driven(state, pose, out);
    for (const KeyTrack& t : state.tracks) {
        if (t.bone < 0 || static_cast<std::size_t>(t.bone) >= n || t.keys.empty()) continue;
        TrackValue v;
        sample_track_value(t, is_2d, track_time, v.rotation, v.vector);
        compose(out, static_cast<std::size_t>(t.bone), t.property, v.rotation, v.vector);
    }
    compose_channels(state, clock, n, out);
}

void sample_state(const State& state, ClipPlayback& playback, double clock, double local, const Pose& pose, Pose& out) {
    sample_state_at(state, playback, clock, keyed_time(static_cast<double>(playback.clip.length), state.loop, local), pose, out);
}

void sample_state_at(const State& state, ClipPlayback& playback, double clock, double track_time, const Pose& pose, Pose& out) {
    const KeyedClip& clip = playback.clip;
    if (clip.tracks.size() != state.tracks.size()) {
        sample_state_at(state, clip.is_2d, clock, track_time, pose, out);  // not this state's clip
        return;
    }
    const std::size_t n = start_pose(pose, out);
    reset_channel_properties(state, n, out);  // a property's first track resets its own below
    playback.values.resize(clip.tracks.size());
    const ClipSamplingJob job{&clip, std::isfinite(track_time) ? track_time : 0.0, &playback.cursor, playback.values};
    job.run();
    for (std::size_t i = 0; i < clip.tracks.size(); ++i) {
        const ClipTrack& t = clip.tracks[i];
        if (t.bone < 0 || static_cast<std::size_t>(t.bone) >= n || t.key_count == 0) continue;
        // A property's first track sets it: composing onto the identity, without the reset.
        if (t.first) reset(out, static_cast<std::size_t>(t.bone), t.property);
        compose(out, static_cast<std::size_t>(t.bone), t.property, playback.values[i].rotation, playback.values[i].vector);
    }
    compose_channels(state, clock, n, out);
}

void sample_state(const Rig& rig, const State& state, double time, const Pose& pose, Pose& out) {
    sample_state(state, rig.is_2d(), time, time, pose, out);
    if (!state.chain_tracks.empty()) solve_state_chains(rig, state, keyed_time(state, time), out);
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
    const std::size_t n =
        std::min({a.rotations.size(), b.rotations.size(), a.translations.size(), b.translations.size(), a.scales.size(), b.scales.size()});
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
