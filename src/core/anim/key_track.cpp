#include "core/anim/key_track.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/extents.hpp"
#include "core/math/angles.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"

namespace marionette {

namespace {

constexpr Interpolation kInterpolations[] = {Interpolation::Step, Interpolation::Linear, Interpolation::Cosine, Interpolation::Bezier};

// One coordinate of the cubic Bézier from 0 to 1 through controls p1 and p2, in polynomial
// form: ((a t + b) t + c) t, with its slope.
struct BezierAxis {
    float c, b, a;
    BezierAxis(float p1, float p2) : c(3.0f * p1), b(3.0f * (p2 - p1) - c), a(1.0f - c - b) {}
    float at(float t) const { return ((a * t + b) * t + c) * t; }
    float slope(float t) const { return (3.0f * a * t + 2.0f * b) * t + c; }
};

// The curve's parameter t where its x is u: x(t) never decreases (x1, x2 in [0, 1]), so Newton's
// steps are kept inside a bracket that bisection shrinks when a step would leave it.
float bezier_parameter(const BezierAxis& x, float u) {
    float lo = 0.0f;
    float hi = 1.0f;
    float t = u;
    for (int i = 0; i < 32; ++i) {
        const float miss = x.at(t) - u;
        if (std::fabs(miss) < 1e-7f) break;
        (miss < 0.0f ? lo : hi) = t;
        const float slope = x.slope(t);
        const float next = slope > 1e-6f ? t - miss / slope : -1.0f;
        t = next > lo && next < hi ? next : 0.5f * (lo + hi);
    }
    return t;
}

// The fraction at `u` of a curve drawn as `lines` straight lines through its points at equal
// steps of its parameter: x never decreases along them, so the line holding u is the first
// whose end lies at or past it.
float lines_fraction(const BezierCurve& curve, float u) {
    const BezierAxis x(curve.x1, curve.x2), y(curve.y1, curve.y2);
    float x0 = 0.0f, y0 = 0.0f;
    for (int i = 1; i <= curve.lines; ++i) {
        const float s = static_cast<float>(i) / static_cast<float>(curve.lines);
        const float x1 = i == curve.lines ? 1.0f : x.at(s), y1 = i == curve.lines ? 1.0f : y.at(s);
        if (x1 >= u) return x1 > x0 ? y0 + (u - x0) / (x1 - x0) * (y1 - y0) : y1;
        x0 = x1;
        y0 = y1;
    }
    return 1.0f;
}

// Key pairs at most 20 degrees apart (|cos| of the half angle at least cos 10 degrees) turn
// along the normalised straight line between them: within 0.01 degree of the even turn
// (checked against it in KeyTrack.ANearbyPairTurnsAsEvenlyAsTheExactTurn), and free of the
// turn's trigonometry, which was most of a keyed frame's time.
constexpr float kCloseKeysDot = 0.98480775f;

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
    return in(c.x1, 0.0f, 1.0f) && in(c.x2, 0.0f, 1.0f) && in(c.y1, -kMaxCurveY, kMaxCurveY) && in(c.y2, -kMaxCurveY, kMaxCurveY) &&
           (c.lines == 0 || c.lines == kSpineCurveLines);
}

float interpolation_fraction(Interpolation interpolation, const BezierCurve& curve, float u) {
    if (interpolation == Interpolation::Step) return 0.0f;
    if (!(u > 0.0f)) return 0.0f;
    if (u >= 1.0f) return 1.0f;
    switch (interpolation) {
        case Interpolation::Step: return 0.0f;
        case Interpolation::Linear: return u;
        case Interpolation::Cosine: return 0.5f - 0.5f * std::cos(kPi * u);
        case Interpolation::Bezier:
            if (curve.lines > 0) return lines_fraction(curve, u);
            return BezierAxis(curve.y1, curve.y2).at(bezier_parameter(BezierAxis(curve.x1, curve.x2), u));
    }
    return u;
}

float interpolation_fraction(const Key& key, float u) { return interpolation_fraction(key.interpolation, key.curve, u); }

glm::quat key_rotation(const Key& key, bool is_2d) { return is_2d ? glm::angleAxis(key.angle, glm::vec3{0.0f, 0.0f, 1.0f}) : key.rotation; }

glm::quat key_turn(const glm::quat& a, const glm::quat& b, float f) {
    if (f == 0.0f) return a;
    if (f == 1.0f) return b;
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

namespace {

// Where a time falls in a track: the key at or before it (the first key before the first, the
// last after the last), the one after it, and how far the interpolation has come between them
// (0 at a, also before the first and after the last key).
struct KeySpan {
    const Key* a;
    const Key* b;
    float f;
};

KeySpan locate(const std::vector<Key>& track_keys, double time) {
    const std::size_t n = track_keys.size();
    const Key* keys = track_keys.data();
    // Key times are floats; the time is compared and divided as one (an hour in, still finer
    // than a millisecond), which keeps a frame's thousands of tracks off double division.
    const float t = static_cast<float>(time);
    if (!(t > keys[0].time)) return {keys, keys, 0.0f};
    if (t >= keys[n - 1].time) return {keys + (n - 1), keys + (n - 1), 0.0f};
    // The last key at or before t; the one after it exists, as t is before the last. Keys are
    // often evenly spaced (a bake, a clip at a frame rate): the pair is guessed from where t
    // lies between the first and last keys, and searched for when the guess misses (the keys
    // strictly increase, so last > first).
    const float first = keys[0].time;
    std::size_t at = static_cast<std::size_t>((t - first) / (keys[n - 1].time - first) * static_cast<float>(n - 1));
    at = std::min(at, n - 2);
    if (!(keys[at].time <= t && t < keys[at + 1].time)) {
        const Key* next = std::upper_bound(keys, keys + n, t, [](float x, const Key& k) { return x < k.time; });
        at = static_cast<std::size_t>(next - keys) - 1;
    }
    const Key* a = keys + at;
    return {a, a + 1, interpolation_fraction(*a, (t - a->time) / (a[1].time - a->time))};
}

}  // namespace

void sample_track_value(const KeyTrack& track, bool is_2d, double time, glm::quat& rotation, glm::vec3& vector) {
    if (track.keys.empty()) return;
    const auto [a, b, f] = locate(track.keys, time);
    if (track.property != PoseProperty::Rotation) {
        vector = f == 0.0f ? a->vector : a->vector + (b->vector - a->vector) * f;
    } else if (is_2d) {
        rotation = glm::angleAxis(a->angle + (b->angle - a->angle) * f, glm::vec3{0.0f, 0.0f, 1.0f});
    } else {
        rotation = key_turn(a->rotation, b->rotation, f);
    }
}

Key sample_track(const KeyTrack& track, bool is_2d, double time) {
    if (track.keys.empty()) return Key{};
    const auto [a, b, f] = locate(track.keys, time);
    Key out = *a;
    out.time = static_cast<float>(time);
    if (track.property != PoseProperty::Rotation) {
        out.vector = a->vector + (b->vector - a->vector) * f;
    } else if (is_2d) {
        out.angle = a->angle + (b->angle - a->angle) * f;
    } else {
        out.rotation = key_turn(a->rotation, b->rotation, f);
    }
    return out;
}

std::vector<float> shared_sample_times(const std::vector<const KeyTrack*>& tracks, float fps, bool& all_step) {
    const auto all_by = [](const KeyTrack& t, Interpolation i) {
        for (std::size_t k = 0; k + 1 < t.keys.size(); ++k) {
            if (t.keys[k].interpolation != i) return false;
        }
        return true;
    };
    const auto same_times = [](const KeyTrack& a, const KeyTrack& b) {
        return std::equal(a.keys.begin(), a.keys.end(), b.keys.begin(), b.keys.end(),
                          [](const Key& x, const Key& y) { return x.time == y.time; });
    };
    std::vector<float> keys;
    all_step = true;
    bool lines_alike = true;
    for (const KeyTrack* t : tracks) {
        for (const Key& k : t->keys) keys.push_back(k.time);
        all_step = all_step && all_by(*t, Interpolation::Step);
        lines_alike = lines_alike && all_by(*t, Interpolation::Linear) && same_times(*t, *tracks.front());
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    const double step = 1.0 / static_cast<double>(fps);
    // Lines keyed at the same times follow a product or a ratio only where they are a frame apart.
    for (std::size_t k = 1; lines_alike && tracks.size() > 1 && k < keys.size(); ++k) {
        lines_alike = static_cast<double>(keys[k]) - static_cast<double>(keys[k - 1]) <= 1.001 * step;
    }
    if (keys.empty() || all_step || lines_alike) return keys;
    std::vector<float> times;
    std::size_t next = 0;  // the first key not yet passed
    for (double i = 0.0;; i += 1.0) {
        const double t = static_cast<double>(keys.front()) + i * step;
        while (next < keys.size() && keys[next] <= t + 1e-3 * step) times.push_back(keys[next++]);
        if (next == keys.size()) break;
        const double nearest = std::min(static_cast<double>(keys[next]) - t, t - static_cast<double>(times.back()));
        const auto frame = static_cast<float>(t);
        if (nearest > 1e-3 * step && frame > times.back() && frame < keys[next]) times.push_back(frame);
    }
    return times;
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
        if (!is_key_time(k.time)) return at(n, kKeyTimeRule);
        if (i > 0 && !(k.time > track.keys[i - 1].time))
            return at(n,
                      "keys must be in strictly increasing time (two keys share a time, or one comes before the key listed ahead of it)");
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
