#include "core/two_bone_swing_twist.hpp"

#include <cmath>
#include <utility>

#include "core/rotation_math.hpp"

namespace marionette {

namespace {

constexpr glm::vec3 kX{1.0f, 0.0f, 0.0f};

// An arc of the circle of swivels: from `start`, counter-clockwise, `length` radians (2 pi: the
// whole circle).
struct Arc {
    float start = 0.0f;
    float length = 2.0f * kPi;
};

float arc_gap(float from, float to) {  // counter-clockwise, in [0, 2 pi)
    const float g = std::fmod(to - from, 2.0f * kPi);
    return g < 0.0f ? g + 2.0f * kPi : g;
}

// The parts of the circle in both a and b: none, one or two arcs.
int intersect(const Arc& a, const Arc& b, Arc out[2]) {
    if (a.length >= 2.0f * kPi) return out[0] = b, 1;
    if (b.length >= 2.0f * kPi) return out[0] = a, 1;
    int n = 0;
    // Each arc's start inside the other begins a common part.
    for (const auto& [first, second] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        const float into = arc_gap(second->start, first->start);
        if (into <= second->length) out[n++] = {first->start, min_of(first->length, second->length - into)};
    }
    if (n == 2 && out[0].start == out[1].start) n = 1;
    return n;
}

// The swivels whose swing stays within `swing`: the bone's x turned by the family stays in a
// cone about x, and its dot with x is a sinusoid in psi, so they form one arc, in closed form.
// False when there is none.
bool swing_arc(const glm::quat& q0, const glm::vec3& w, float swing, Arc& arc) {
    arc = Arc{};
    if (swing >= kPi) return true;
    const glm::vec3 x0 = q0 * kX;
    const float a = w.x * glm::dot(w, x0);
    const float b = x0.x - a;
    const float c = glm::cross(w, x0).x;
    const float r = std::sqrt(b * b + c * c);
    const float need = std::cos(swing) - a;  // a + b cos psi + c sin psi >= cos(swing)
    if (!(r > 1e-6f)) return need <= 1e-6f;
    const float ratio = need / r;
    if (ratio <= -1.0f) return true;
    if (ratio > 1.0f) return false;
    const float half = max_of(std::acos(ratio) - 1e-6f, 0.0f);
    arc = {std::atan2(c, b) - half, 2.0f * half};
    return true;
}

// The same for the twist: (w, x) of the family is a linear image of the unit circle, so its
// direction, and the twist (twice its angle), turns one way round once per turn of psi; the
// allowed twists are one arc, between the swivels where the twist meets each end of the range.
bool twist_arc(const glm::quat& q0, const glm::quat& q1, const AngleRange& twist, Arc& arc) {
    arc = Arc{};
    if (twist.lo <= -kPi && twist.hi >= kPi) return true;
    const glm::vec2 a{q0.w, q0.x};
    const glm::vec2 b{q1.w, q1.x};
    auto cross2 = [](glm::vec2 u, glm::vec2 v) { return u.x * v.y - u.y * v.x; };
    const float turning = cross2(a, b);
    if (!(std::fabs(turning) > 1e-6f)) {
        // The twist does not change along the family (or the swing is half round and has none).
        const float t = glm::dot(a, a) > 1e-12f ? wrap_angle(2.0f * std::atan2(a.y, a.x)) : 0.0f;
        return twist.contains(t);
    }
    auto swivel_at = [&](float t) {
        const glm::vec2 u{std::cos(0.5f * t), std::sin(0.5f * t)};
        return 2.0f * std::atan2(-cross2(u, a), cross2(u, b));
    };
    const float at_lo = swivel_at(twist.lo);
    const float at_hi = swivel_at(twist.hi);
    const float from = turning > 0.0f ? at_lo : at_hi;
    const float to = turning > 0.0f ? at_hi : at_lo;
    arc = {from + 1e-6f, max_of(arc_gap(from, to) - 2e-6f, 0.0f)};
    return true;
}

// The swivel of an arc for a pole whose own swivel (0) lies outside it: the arc's end on the
// pole's side, sliding to its middle as the pole goes round behind it, where both ends are
// equally near; so the swivel moves continuously with the target (as a cone's does).
float swivel_in(const Arc& arc) {
    const float half = 0.5f * arc.length;
    const float centre = arc.start + half;
    const float off = wrap_angle(-centre);
    if (std::fabs(off) <= half) return 0.0f;
    const float behind = (kPi - std::fabs(off)) / max_of(kPi - half, 1e-6f);
    return centre + (off < 0.0f ? -half : half) * behind;
}

// The swing of `swing` radians tilting x toward (0, cos a, sin a).
glm::quat rim(float swing, float a) {
    const float s = std::sin(0.5f * swing);
    return {std::cos(0.5f * swing), 0.0f, -s * std::sin(a), s * std::cos(a)};
}

// The twist about x turning `from` toward `to` most (their parts across x).
float twist_toward(const glm::vec3& from, const glm::vec3& to) {
    return std::atan2(from.y * to.z - from.z * to.y, from.y * to.y + from.z * to.z);
}

// The most dot(rim(swing, a) v, w) over the rim's angle a. It is a trigonometric polynomial of
// degree 2 in a (the rim quaternion is linear in cos a and sin a, and turning v is quadratic in
// it), so five samples give its coefficients exactly; it is then scanned and refined.
float best_on_rim(const glm::vec3& v, const glm::vec3& w, float swing) {
    constexpr int kSamples = 5;
    float c0 = 0, c1 = 0, s1 = 0, c2 = 0, s2 = 0;
    for (int k = 0; k < kSamples; ++k) {
        const float a = 2.0f * kPi * static_cast<float>(k) / kSamples;
        const float f = glm::dot(rim(swing, a) * v, w);
        c0 += f;
        c1 += f * std::cos(a);
        s1 += f * std::sin(a);
        c2 += f * std::cos(2.0f * a);
        s2 += f * std::sin(2.0f * a);
    }
    c0 /= kSamples;
    c1 *= 2.0f / kSamples, s1 *= 2.0f / kSamples, c2 *= 2.0f / kSamples, s2 *= 2.0f / kSamples;
    auto value = [&](float a) { return c0 + c1 * std::cos(a) + s1 * std::sin(a) + c2 * std::cos(2.0f * a) + s2 * std::sin(2.0f * a); };
    // Scanned, then every sampled maximum (a degree-2 polynomial has at most two) refined by
    // golden section between its neighbours: two maxima of nearly equal height can swap order
    // between a sample and the peak.
    constexpr int kScan = 24;
    constexpr float kStep = 2.0f * kPi / kScan;
    constexpr float kGolden = 0.618033988f;
    float samples[kScan];
    for (int k = 0; k < kScan; ++k) samples[k] = value(kStep * static_cast<float>(k));
    float best_a = 0.0f, best = -INFINITY;
    for (int k = 0; k < kScan; ++k) {
        if (samples[(k + kScan - 1) % kScan] > samples[k] || samples[(k + 1) % kScan] > samples[k]) continue;
        float lo = kStep * static_cast<float>(k - 1), hi = kStep * static_cast<float>(k + 1);
        for (int step = 0; step < 30; ++step) {
            const float x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo);
            if (value(x1) >= value(x2)) {
                hi = x2;
            } else {
                lo = x1;
            }
        }
        const float a_k = 0.5f * (lo + hi);
        if (const float f = value(a_k); f > best) best = f, best_a = a_k;
    }
    return best_a;
}

}  // namespace

std::optional<float> swing_twist_swivel(const glm::quat& q0, const glm::quat& q1, const glm::vec3& w, float swing, const AngleRange& twist) {
    Arc by_swing, by_twist, both[2];
    if (!swing_arc(q0, w, swing, by_swing) || !twist_arc(q0, q1, twist, by_twist)) return std::nullopt;
    const int n = intersect(by_swing, by_twist, both);
    if (n == 0) return std::nullopt;
    float psi = swivel_in(both[0]);
    if (n == 2) {
        const float other = swivel_in(both[1]);
        if (std::fabs(wrap_angle(other)) < std::fabs(wrap_angle(psi))) psi = other;
    }
    return psi;
}

// A swivel of the shortest turn when one aims the tip along w within the limits. Otherwise
// the closest aim has the swing on its rim (inside it,
// the turned tip covers an open patch of directions and could move closer), and then either
// the twist inside its range, where the swing tilts x in the plane of x and w, toward w or away
// from it, or the twist at an end of its range, where the rim's best point is found above.
glm::quat closest_swing_twist_aim(const glm::vec3& tip, const glm::vec3& w, float swing, const AngleRange& twist) {
    const glm::quat q0 = rotation_between(tip, w);
    const glm::quat q1 = glm::quat{0.0f, w.x, w.y, w.z} * q0;
    if (const std::optional<float> psi = swing_twist_swivel(q0, q1, w, swing, twist)) {
        return normalized(std::cos(0.5f * *psi) * q0 + std::sin(0.5f * *psi) * q1);
    }
    glm::quat best = constrain_swing_twist(q0, swing, twist);
    float best_dot = glm::dot(best * tip, w);
    auto consider = [&](const glm::quat& q) {
        const float d = glm::dot(q * tip, w);
        if (d > best_dot) best = q, best_dot = d;
    };
    if (swing >= kPi) return best;
    glm::vec3 e{0.0f, w.y, w.z};
    if (glm::dot(e, e) < 1e-12f) e = {0.0f, tip.y, tip.z};
    if (glm::dot(e, e) < 1e-12f) e = {0.0f, 1.0f, 0.0f};
    const float toward = std::atan2(e.z, e.y);
    for (const float a : {toward, toward + kPi}) {
        const glm::quat s = rim(swing, a);
        const float t = nearest_allowed_angle(twist_toward(tip, glm::conjugate(s) * w), twist);
        consider(normalized(s * glm::angleAxis(t, kX)));
    }
    if (twist.lo > -kPi || twist.hi < kPi) {
        for (const float t : {twist.lo, twist.hi}) {
            const glm::quat turn = glm::angleAxis(t, kX);
            consider(normalized(rim(swing, best_on_rim(turn * tip, w, swing)) * turn));
        }
    }
    return best;
}

}  // namespace marionette
