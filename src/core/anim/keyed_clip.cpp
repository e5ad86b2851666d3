#include "core/anim/keyed_clip.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "core/anim/state.hpp"
#include "core/base/job_validated.hpp"

namespace marionette {

namespace {

glm::vec4 key_value(const Key& key, PoseProperty property, bool is_2d) {
    if (property != PoseProperty::Rotation) return glm::vec4{key.vector, 0.0f};
    if (is_2d) return glm::vec4{key.angle, 0.0f, 0.0f, 0.0f};
    return glm::vec4{key.rotation.x, key.rotation.y, key.rotation.z, key.rotation.w};
}

glm::quat as_quat(const glm::vec4& v) { return glm::quat{v.w, v.x, v.y, v.z}; }

// The value `track` shows at `t` from its pair of keys: sample_track's arithmetic on the
// clip's copies of the same keys, so both give the same numbers.
void span_value(const ClipSpan& s, PoseProperty property, bool is_2d, float t, const std::vector<BezierCurve>& curves, TrackValue& out) {
    const glm::vec4* from = &s.a;
    float f = 0.0f;
    if (t >= s.b_time) {
        from = &s.b;  // past the pair: the later key (the last, or the only one)
    } else if (t > s.a_time) {
        const BezierCurve& curve = s.interpolation == Interpolation::Bezier ? curves[s.curve] : BezierCurve{};
        f = interpolation_fraction(s.interpolation, curve, (t - s.a_time) / (s.b_time - s.a_time));
    }
    const glm::vec4& to = s.b;
    if (property != PoseProperty::Rotation) {
        const glm::vec3 va{*from};
        out.vector = f == 0.0f ? va : va + (glm::vec3{to} - va) * f;
    } else if (is_2d) {
        out.rotation = glm::angleAxis(from->x + (to.x - from->x) * f, glm::vec3{0.0f, 0.0f, 1.0f});
    } else {
        out.rotation = key_turn(as_quat(*from), as_quat(to), f);
    }
}

// The track's pair moves on to `key`.
void hand_over(ClipSpan& s, const ClipKey& key) {
    s.a = s.b;
    s.a_time = s.b_time;
    s.b = key.value;
    s.b_time = key.time;
    s.interpolation = key.interpolation;
    s.curve = key.curve;
}

}  // namespace

KeyedClip compile_keyed_clip(const State& state, bool is_2d) {
    KeyedClip clip;
    clip.is_2d = is_2d;
    clip.length = state_length(state);
    clip.tracks.reserve(state.tracks.size());
    std::size_t total = 0;
    for (const KeyTrack& t : state.tracks) total += t.keys.size();
    clip.keys.reserve(total);
    const auto clip_key = [&](const KeyTrack& t, std::uint32_t track, std::size_t k) {
        const Key& key = t.keys[k];
        ClipKey c;
        c.needed_at = k == 0 ? 0.0f : t.keys[k - 1].time;
        c.time = key.time;
        c.track = track;
        // The segment this key ends is the previous key's: its interpolation and curve.
        const Key& from = t.keys[k == 0 ? 0 : k - 1];
        c.interpolation = from.interpolation;
        if (from.interpolation == Interpolation::Bezier) {
            c.curve = static_cast<std::uint32_t>(clip.curves.size());
            clip.curves.push_back(from.curve);
        }
        c.value = key_value(key, t.property, is_2d);
        return c;
    };
    std::set<std::pair<int, PoseProperty>> driven;
    for (std::size_t i = 0; i < state.tracks.size(); ++i) {
        const KeyTrack& t = state.tracks[i];
        const bool first = !t.keys.empty() && driven.insert({t.bone, t.property}).second;
        clip.tracks.push_back(ClipTrack{t.bone, t.property, static_cast<std::uint32_t>(t.keys.size()), first});
        if (!t.keys.empty()) clip.keys.push_back(clip_key(t, static_cast<std::uint32_t>(i), 0));
    }
    const std::size_t head = clip.keys.size();
    clip.first_keys = head;
    for (std::size_t i = 0; i < state.tracks.size(); ++i) {
        const KeyTrack& t = state.tracks[i];
        for (std::size_t k = 1; k < t.keys.size(); ++k) clip.keys.push_back(clip_key(t, static_cast<std::uint32_t>(i), k));
    }
    // By the time each key is needed; a tie keeps the tracks' order (and a track's keys are
    // needed in their own order, as their times increase).
    std::stable_sort(clip.keys.begin() + static_cast<std::ptrdiff_t>(head), clip.keys.end(),
                     [](const ClipKey& x, const ClipKey& y) { return x.needed_at < y.needed_at; });
    return clip;
}

Status ClipSamplingJob::validate() const {
    if (!clip) return Error{"ClipSamplingJob: no clip"};
    if (!cursor) return Error{"ClipSamplingJob: no cursor"};
    if (values.size() != clip->tracks.size()) return Error{"ClipSamplingJob: values must hold one value per track"};
    if (!std::isfinite(time)) return Error{"ClipSamplingJob: the time must be finite"};
    return {};
}

void ClipSamplingJob::run() const {
    assert_validated(*this, "ClipSamplingJob");
    const KeyedClip& c = *clip;
    ClipCursor& at = *cursor;
    // Key times are floats; the time is compared as one, as sample_track does.
    const float t = static_cast<float>(time);
    if (at.spans.size() != c.tracks.size() || !(t >= at.time)) {
        // Start over: each track at its first key.
        at.spans.resize(c.tracks.size());
        for (std::size_t k = 0; k < c.first_keys; ++k) {
            const ClipKey& key = c.keys[k];
            at.spans[key.track] = ClipSpan{key.value, key.value, key.time, key.time, key.interpolation, key.curve};
        }
        at.next = c.first_keys;
    }
    for (; at.next < c.keys.size() && c.keys[at.next].needed_at <= t; ++at.next) {
        hand_over(at.spans[c.keys[at.next].track], c.keys[at.next]);
    }
    for (std::size_t i = 0; i < c.tracks.size(); ++i) {
        if (c.tracks[i].key_count > 0) span_value(at.spans[i], c.tracks[i].property, c.is_2d, t, c.curves, values[i]);
    }
    at.time = t;
}

}  // namespace marionette
