#include "core/key_track.hpp"

#include <algorithm>
#include <cmath>

#include "core/angles.hpp"
#include "core/extents.hpp"
#include "core/rotation_math.hpp"
#include "core/transform.hpp"

namespace marionette {

namespace {

constexpr Interpolation kInterpolations[] = {Interpolation::Step, Interpolation::Linear, Interpolation::Cosine, Interpolation::Bezier};

// One coordinate of the cubic Bézier from 0 to 1 through controls p1 and p2, and its slope.
float bezier(float p1, float p2, float t) {
    const float s = 1.0f - t;
    return 3.0f * s * s * t * p1 + 3.0f * s * t * t * p2 + t * t * t;
}
float bezier_slope(float p1, float p2, float t) {
    const float s = 1.0f - t;
    return 3.0f * s * s * p1 + 6.0f * s * t * (p2 - p1) + 3.0f * t * t * (1.0f - p2);
}

// The curve's parameter t where its x is u: x(t) never decreases (x1, x2 in [0, 1]), so Newton's
// steps are kept inside a bracket that bisection shrinks when a step would leave it.
float bezier_parameter(const BezierCurve& c, float u) {
    float lo = 0.0f;
    float hi = 1.0f;
    float t = u;
    for (int i = 0; i < 32; ++i) {
        const float x = bezier(c.x1, c.x2, t) - u;
        if (std::fabs(x) < 1e-7f) break;
        (x < 0.0f ? lo : hi) = t;
        const float slope = bezier_slope(c.x1, c.x2, t);
        const float next = slope > 1e-6f ? t - x / slope : -1.0f;
        t = next > lo && next < hi ? next : 0.5f * (lo + hi);
    }
    return t;
}

// The rotation a fraction f of the way from a to b along the shorter arc, f allowed past 0 and 1
// (a Bézier's overshoot turns on past b, or back before a).
// Key pairs at most 20 degrees apart (|cos| of the half angle at least cos 10 degrees) take the
// normalised straight line between them instead: within 0.01 degree of the even turn (checked
// against it in KeyTrack.ANearbyPairTurnsAsEvenlyAsTheExactTurn), and free of the turn's
// trigonometry, which was most of a keyed frame's time.
constexpr float kCloseKeysDot = 0.98480775f;

glm::quat turn_fraction(const glm::quat& a, const glm::quat& b, float f) {
    const float d = glm::dot(a, b);
    if (f >= 0.0f && f <= 1.0f && std::fabs(d) >= kCloseKeysDot) {
        const glm::quat to = d < 0.0f ? -b : b;
        return normalized(a * (1.0f - f) + to * f);
    }
    glm::quat relative = glm::conjugate(a) * b;
    if (relative.w < 0.0f) relative = -relative;
    const float sine = glm::length(glm::vec3{relative.x, relative.y, relative.z});
    if (sine < 1e-12f) return a;
    const float angle = 2.0f * std::atan2(sine, relative.w);
    const glm::vec3 axis = glm::vec3{relative.x, relative.y, relative.z} / sine;
    return normalized(a * glm::angleAxis(angle * f, axis));
}

}  // namespace

const char* interpolation_name(Interpolation i) {
    switch (i) {
        case Interpolation::Step: return "step";
        case Interpolation::Linear: return "linear";
        case Interpolation::Cosine: return "cosine";
        case Interpolation::Bezier: return "bezier";
    }
    return "?";
}

std::optional<Interpolation> interpolation_named(const std::string& name) {
    for (Interpolation i : kInterpolations) {
        if (name == interpolation_name(i)) return i;
    }
    return std::nullopt;
}

bool is_valid_curve(const BezierCurve& c) {
    const auto in = [](float v, float lo, float hi) { return v >= lo && v <= hi; };  // false for NaN
    return in(c.x1, 0.0f, 1.0f) && in(c.x2, 0.0f, 1.0f) && in(c.y1, -kMaxCurveY, kMaxCurveY) && in(c.y2, -kMaxCurveY, kMaxCurveY);
}

float interpolation_fraction(const Key& key, float u) {
    if (key.interpolation == Interpolation::Step) return 0.0f;
    if (!(u > 0.0f)) return 0.0f;
    if (u >= 1.0f) return 1.0f;
    switch (key.interpolation) {
        case Interpolation::Step: return 0.0f;
        case Interpolation::Linear: return u;
        case Interpolation::Cosine: return 0.5f - 0.5f * std::cos(kPi * u);
        case Interpolation::Bezier: return bezier(key.curve.y1, key.curve.y2, bezier_parameter(key.curve, u));
    }
    return u;
}

glm::quat key_rotation(const Key& key, bool is_2d) { return is_2d ? glm::angleAxis(key.angle, glm::vec3{0.0f, 0.0f, 1.0f}) : key.rotation; }

Key sample_track(const KeyTrack& track, bool is_2d, double time) {
    const std::vector<Key>& keys = track.keys;
    if (keys.empty()) return Key{};
    if (!(time > static_cast<double>(keys.front().time))) return keys.front();
    if (time >= static_cast<double>(keys.back().time)) return keys.back();
    // The last key at or before `time`; the one after it exists, as time is before the last.
    // Keys are often evenly spaced (a bake, a clip at a frame rate): the pair is guessed from
    // where the time lies between the first and last keys, and searched for when the guess
    // misses (the keys are strictly increasing, so last > first).
    const double first = static_cast<double>(keys.front().time);
    const double last = static_cast<double>(keys.back().time);
    std::size_t guess = static_cast<std::size_t>((time - first) / (last - first) * static_cast<double>(keys.size() - 1));
    guess = std::min(guess, keys.size() - 2);
    auto next = keys.begin() + static_cast<std::ptrdiff_t>(guess) + 1;
    if (static_cast<double>((next - 1)->time) > time || static_cast<double>(next->time) <= time) {
        next = std::upper_bound(keys.begin(), keys.end(), time, [](double t, const Key& k) { return t < static_cast<double>(k.time); });
    }
    const Key& a = *(next - 1);
    const Key& b = *next;
    const double span = static_cast<double>(b.time) - static_cast<double>(a.time);
    const float f = interpolation_fraction(a, static_cast<float>((time - static_cast<double>(a.time)) / span));
    Key out = a;
    out.time = static_cast<float>(time);
    if (track.property == PoseProperty::Rotation) {
        if (is_2d) {
            out.angle = a.angle + (b.angle - a.angle) * f;
        } else {
            out.rotation = f == 0.0f ? a.rotation : (f == 1.0f ? b.rotation : turn_fraction(a.rotation, b.rotation, f));
        }
    } else {
        out.vector = a.vector + (b.vector - a.vector) * f;
    }
    return out;
}

float last_key_time(const KeyTrack& track) { return track.keys.empty() ? 0.0f : track.keys.back().time; }

std::string key_track_problem(const KeyTrack& track, bool is_2d, int* key_at) {
    const auto at = [key_at](int k, std::string why) {
        if (key_at) *key_at = k;
        return why;
    };
    if (track.keys.empty()) return at(-1, "a track needs at least one key");
    constexpr float kMaxAngle = static_cast<float>(kMaxFileDegrees * kPiDouble / 180.0);
    for (std::size_t i = 0; i < track.keys.size(); ++i) {
        const Key& k = track.keys[i];
        const int n = static_cast<int>(i);
        if (!(k.time >= 0.0f && k.time <= kMaxKeyTime)) return at(n, "a key's time must be between 0 and 3600 seconds");
        if (i > 0 && !(k.time > track.keys[i - 1].time)) return at(n, "keys must be in strictly increasing time (two keys share a time, or one comes before the key listed ahead of it)");
        if (k.interpolation == Interpolation::Bezier && !is_valid_curve(k.curve)) {
            return at(n, kCurveRule);
        }
        switch (track.property) {
            case PoseProperty::Rotation:
                if (is_2d && !(std::fabs(k.angle) <= kMaxAngle)) return at(n, "an angle must be within +-36000 degrees");
                if (!is_2d && !(is_finite(k.rotation) && std::fabs(glm::length(k.rotation) - 1.0f) <= 1e-5f)) {
                    return at(n, "a rotation must be a unit quaternion");
                }
                break;
            case PoseProperty::Translation:
                if (!is_finite(k.vector) || glm::any(glm::greaterThan(glm::abs(k.vector), glm::vec3{kMaxCoordinate}))) {
                    return at(n, std::string("a translation's coordinates must be ") + kCoordinateRange);
                }
                if (is_2d && k.vector.z != 0.0f) return at(n, "a 2D translation has no z");
                break;
            case PoseProperty::Scale:
                if (!is_pose_scale(k.vector.x) || !is_pose_scale(k.vector.y) || !is_pose_scale(k.vector.z)) {
                    return at(n, std::string("a scale must be ") + kPoseScaleRange + " on every axis");
                }
                if (is_2d && k.vector.z != 1.0f) return at(n, "a 2D scale has no z (it stays 1)");
                break;
        }
    }
    return {};
}

}  // namespace marionette
