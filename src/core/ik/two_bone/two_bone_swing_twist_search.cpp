// The rim search's measures (two_bone_swing_twist_rim.hpp): the point wanted turned back by the
// rim's swing (TurnedBack) and the poses with the twist at an end of its range (TwistEndRim).

#include "core/ik/two_bone/two_bone_swing_twist_rim.hpp"

#include <bit>
#include <cmath>

#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

TurnedBack::TurnedBack(const glm::vec3& w, float wanted, const SwingTwistLimits& limits) {
    const float sin_s = wanted * limits.sin_swing;
    const float half_versed = wanted * limits.sin_half_swing * limits.sin_half_swing;  // wanted (1 - cos S) / 2
    p0 = wanted * limits.cos_swing * w + half_versed * glm::vec3{0.0f, w.y, w.z};
    pc1 = sin_s * glm::vec3{w.y, -w.x, 0.0f};
    ps1 = sin_s * glm::vec3{w.z, 0.0f, -w.x};
    pc2 = half_versed * glm::vec3{0.0f, -w.y, w.z};
    ps2 = half_versed * glm::vec3{0.0f, -w.z, -w.y};
}

TwistEndRim::TwistEndRim(glm::vec2 end_half, const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const TurnedBack& p,
                         const AngleArc& bend_arc)
    : bends(bend_arc) {
    // The twist turns about x: (y, z) by its angle, from the half angle's unit complex number.
    const Rot2 turn = Rot2{end_half.x, end_half.y} * Rot2{end_half.x, end_half.y};
    auto twisted = [turn](const glm::vec3& v) { return glm::vec3{v.x, turn.c * v.y - turn.s * v.z, turn.s * v.y + turn.c * v.z}; };
    const glm::vec3 v0 = twisted(t0);
    radius = glm::length(tc);
    // The circle's frame (tc and ts are square and equal; a limb without a lower bone has none).
    glm::vec3 ex{1.0f, 0.0f, 0.0f}, ey{0.0f, 1.0f, 0.0f};
    if (radius > 0.0f) {
        ex = twisted(tc / radius);
        ey = twisted(ts / radius);
    }
    const glm::vec3 ez = glm::cross(ex, ey);
    const glm::vec3 p0 = p.p0 - v0;
    const glm::vec3 frame[3] = {ex, ey, ez};
    for (int axis = kX; axis <= kZ; ++axis) {
        const glm::vec3& e = frame[axis];
        series.c0[axis] = glm::dot(p0, e), series.c1[axis] = glm::dot(p.pc1, e), series.s1[axis] = glm::dot(p.ps1, e);
        series.c2[axis] = glm::dot(p.pc2, e), series.s2[axis] = glm::dot(p.ps2, e);
    }
}

// The miss at the foot on the circle when it lies within the bends, else at the nearer end's
// point. With the derivatives of the coordinates, `slope` (when not null) is a positive multiple
// of the squared miss's derivative in a: (|(x, y)| - r)(x x' + y y') / |(x, y)| + z z' at the
// foot, times |(x, y)|, and the distance's to the end's point otherwise.
float TwistEndRim::miss_and_slope(Rot2 a, float* slope) const {
    const Rot2 a2 = a * a;
    const Series& e = series;
    const float px = e.at(kX, a, a2), py = e.at(kY, a, a2), pz = e.at(kZ, a, a2);
    const float m2 = px * px + py * py;
    const bool off_arc = m2 <= kFootless || !bends.contains({px, py});
    float dx = 0.0f, dy = 0.0f, foot_off = 0.0f;  // from the nearer end's point; from the foot, |(x, y)| - r
    if (off_arc) {
        const Rot2 end = bends.nearer_end({px, py});
        dx = px - radius * end.c, dy = py - radius * end.s;
    } else {
        foot_off = std::sqrt(m2) - radius;
    }
    if (slope) {
        auto turning = [&](int k) { return e.s1[k] * a.c - e.c1[k] * a.s + 2.0f * e.s2[k] * a2.c - 2.0f * e.c2[k] * a2.s; };
        const float dpx = turning(kX), dpy = turning(kY), dpz = turning(kZ);
        *slope = off_arc ? dx * dpx + dy * dpy + pz * dpz : foot_off * (px * dpx + py * dpy) + std::sqrt(m2) * (pz * dpz);
    }
    return off_arc ? std::sqrt(dx * dx + dy * dy + pz * pz) : std::sqrt(foot_off * foot_off + pz * pz);
}

float TwistEndRim::operator()(Rot2 a) const { return miss_and_slope(a, nullptr); }

TwistEndRim::Closest TwistEndRim::closest(Rot2 a) const {
    const Rot2 a2 = a * a;
    const float px = series.at(kX, a, a2), py = series.at(kY, a, a2);
    Closest out;
    out.miss = (*this)(a);
    if (bends.contains({px, py}) && px * px + py * py > kFootless) {
        const float m = std::sqrt(px * px + py * py);
        out.bend = {px / m, py / m};
        return out;
    }
    const bool at_lo = bends.lo_is_nearer({px, py});
    out.bend = at_lo ? bends.lo : bends.hi;
    out.end = at_lo ? -1 : 1;
    return out;
}

float TwistEndRim::bend_angle(const Closest& c) const {
    if (c.end != 0) return c.end < 0 ? bends.lo_angle : bends.hi_angle;
    return bends.angle_on(c.bend);
}

float TwistEndRim::squared_miss(Rot2 a, float& slope_1, float& slope_2) const {
    const Rot2 a2 = a * a;
    // Each coordinate of p(a) - v0 with its first and second derivatives in a.
    struct Value {
        float f, d1, d2;
    };
    const Series& e = series;
    auto at = [&](int k) {
        return Value{e.at(k, a, a2), -e.c1[k] * a.s + e.s1[k] * a.c - 2.0f * e.c2[k] * a2.s + 2.0f * e.s2[k] * a2.c,
                     -e.c1[k] * a.c - e.s1[k] * a.s - 4.0f * e.c2[k] * a2.c - 4.0f * e.s2[k] * a2.s};
    };
    const Value px = at(kX), py = at(kY), pz = at(kZ);
    const float m2 = px.f * px.f + py.f * py.f;
    if (m2 > kFootless && bends.contains({px.f, py.f})) {
        // (|(x, y)| - r)^2 + z^2.
        const float m = std::sqrt(m2);
        const float m1 = (px.f * px.d1 + py.f * py.d1) / m;
        const float mm = (px.d1 * px.d1 + py.d1 * py.d1 + px.f * px.d2 + py.f * py.d2 - m1 * m1) / m;
        const float off = m - radius;
        slope_1 = 2.0f * (off * m1 + pz.f * pz.d1);
        slope_2 = 2.0f * (m1 * m1 + off * mm + pz.d1 * pz.d1 + pz.f * pz.d2);
        return off * off + pz.f * pz.f;
    }
    const Rot2 end = bends.nearer_end({px.f, py.f});
    const float dx = px.f - radius * end.c, dy = py.f - radius * end.s;
    slope_1 = 2.0f * (dx * px.d1 + dy * py.d1 + pz.f * pz.d1);
    slope_2 = 2.0f * (px.d1 * px.d1 + py.d1 * py.d1 + pz.d1 * pz.d1 + dx * px.d2 + dy * py.d2 + pz.f * pz.d2);
    return dx * dx + dy * dy + pz.f * pz.f;
}

Rot2 TwistEndRim::sample_step() {
    static const Rot2 step = rot2(kSampleStep);
    return step;
}

const TwistEndRim::SampleDirections& TwistEndRim::sample_directions() {
    static const SampleDirections directions = [] {
        SampleDirections t{};
        for (int k = 0; k < kTwistEndRimSamples; ++k) {
            t.c[k] = std::cos(kSampleStep * static_cast<float>(k));
            t.s[k] = std::sin(kSampleStep * static_cast<float>(k));
        }
        return t;
    }();
    return directions;
}

int TwistEndRim::sampled_minima(Minimum found[], std::uint32_t asked) const {
    constexpr int n = kTwistEndRimSamples;
    static_assert(n < 32);
    const SampleDirections& directions = sample_directions();
    asked &= kEverySample;
    // The asked samples and their neighbours round the rim.
    const std::uint32_t worked_out = (asked | (asked << 1) | (asked >> (n - 1)) | (asked >> 1) | (asked << (n - 1))) & kEverySample;
    // misses[k + 1] is sample k's, with the rim's neighbours at both ends (no modulo in the loop).
    float misses[n + 2];
    // Bit k: the miss falls at sample k (counter-clockwise), rises there.
    std::uint32_t falling = 0, rising = 0;
    for (int k = 0; k < n; ++k) {
        misses[1 + k] = INFINITY;
        if (((worked_out >> k) & 1u) == 0) continue;
        float slope = 0.0f;
        misses[1 + k] = miss_and_slope({directions.c[k], directions.s[k]}, &slope);
        falling |= std::uint32_t{slope < 0.0f} << k;
        rising |= std::uint32_t{slope > 0.0f} << k;
    }
    misses[0] = misses[n];
    misses[n + 1] = misses[1];
    int count = 0;
    std::uint32_t minima_bits = 0;
    for (int k = 0; k < n && count < shaped::kMostBendMinima; ++k) {
        if (((asked >> k) & 1u) == 0 || misses[k] < misses[k + 1] || misses[k + 2] <= misses[k + 1]) continue;
        minima_bits |= std::uint32_t{1} << k;
        found[count++] = {Rot2{directions.c[k], directions.s[k]}, misses[k + 1]};
    }
    // A dip between samples k and k + 1: falling at k, rising at k + 1, neither a minimum above
    // (whose own dip it would be), both worked out; taken as the lower's, when that is asked.
    const auto next = [](std::uint32_t bits) { return ((bits >> 1) | (bits << (n - 1))) & kEverySample; };  // bit k: sample k + 1's
    std::uint32_t dips = falling & next(rising) & ~minima_bits & ~next(minima_bits) & worked_out & next(worked_out);
    for (; dips != 0 && count < shaped::kMostBendMinima; dips &= dips - 1) {
        const int k = std::countr_zero(static_cast<unsigned>(dips)), j = k + 1 < n ? k + 1 : 0;
        const int lower = misses[j + 1] < misses[k + 1] ? j : k;
        if (((asked >> lower) & 1u) != 0) found[count++] = {Rot2{directions.c[lower], directions.s[lower]}, misses[lower + 1]};
    }
    if (count == 0 && asked == kEverySample) {
        // The same miss all round (to float's resolution): any direction is the least.
        found[count++] = {Rot2{directions.c[0], directions.s[0]}, misses[1]};
    }
    return count;
}

TwistEndRim::Minimum TwistEndRim::refined(const Minimum& sampled) const {
    // Each step kept within the samples either side and halved while it does not lower the
    // miss; a slope with no positive curvature steps a quarter spacing downhill. A step under
    // 1e-4 rad leaves the next one of about its square, which moves the miss by that squared
    // times the curvature: done.
    Rot2 a = sampled.a;
    float offset = 0.0f;
    float d1 = 0.0f, d2 = 0.0f;
    float g = squared_miss(a, d1, d2);
    for (int step = 0; step < 8; ++step) {
        float d = d2 > 0.0f ? -d1 / d2 : (d1 > 0.0f ? -0.25f : 0.25f) * kSampleStep;
        d = clamp_to(offset + d, -kSampleStep, kSampleStep) - offset;
        bool lower = false;
        for (int halving = 0; halving < 4 && !lower && std::fabs(d) > 1e-7f; ++halving) {
            const Rot2 moved = a * rot2(d);
            float e1 = 0.0f, e2 = 0.0f;
            const float h = squared_miss(moved, e1, e2);
            if (h < g) {
                a = moved, offset += d, g = h, d1 = e1, d2 = e2, lower = true;
            } else {
                d *= 0.5f;
            }
        }
        if (!lower || std::fabs(d) < 1e-4f) break;
    }
    return {normalized(a), std::sqrt(g)};
}

// Where the refinement has found one minimum, a quarter and half the way to each neighbouring
// sample are looked at: a miss there below the one found, or below the sample's on the side the
// refinement did not go, or the quarter's above the mean of the sample's and the half's (a rise
// toward another minimum), tells another minimum on that side, refined from the lesser of the
// two. (Without them, limbs of ik_bench's kind were missed by 6 to 10 tolerances, one target in
// 50,000.)
int TwistEndRim::refined_minima(const Minimum& sampled, Minimum out[kMostRefinedBeside]) const {
    Minimum starts[kMostRefinedBeside] = {sampled};
    int n = 1, count = 0;
    for (int i = 0; i < n; ++i) {
        const Minimum m = refined(starts[i]);
        // One found again (to the refinement's resolution, a step under 1e-4) is left out: it
        // would tie with itself.
        bool again = false;
        for (int j = 0; j < count; ++j) again = again || (dot2(m.a, out[j].a) > 0.0f && std::fabs(cross2(m.a, out[j].a)) < 1e-3f);
        if (!again) out[count++] = m;
        if (i > 0) continue;
        static const Rot2 quarter = rot2(0.25f * kSampleStep), half = quarter * quarter;
        // Clockwise (side 0) and counter-clockwise (side 1): a quarter, then half the way.
        const Rot2 at[2][2] = {{sampled.a * conjugate(quarter), sampled.a * conjugate(half)}, {sampled.a * quarter, sampled.a * half}};
        const float misses[4] = {(*this)(at[0][0]), (*this)(at[0][1]), (*this)(at[1][0]), (*this)(at[1][1])};
        const float turned = cross2(sampled.a, out[0].a);
        for (int side = 0; side < 2; ++side) {
            const bool went_there = side == 0 ? turned < 0.0f : turned > 0.0f;
            const float q = misses[2 * side], h = misses[2 * side + 1];
            const bool below_found = q < out[0].miss || h < out[0].miss;
            const bool below_sample = q < sampled.miss || h < sampled.miss;
            const bool rising = q > 0.5f * (sampled.miss + h);
            if (below_found || (!went_there && below_sample) || rising)
                starts[n++] = q <= h ? Minimum{at[side][0], q} : Minimum{at[side][1], h};
        }
    }
    return count;
}

}  // namespace marionette
