#include "core/two_bone_swing_twist_search.hpp"

#include <cmath>

#include "core/bend_minima.hpp"
#include "core/lanes_scalar.hpp"
#include "core/lanes_sse.hpp"
#include "core/rotation_math.hpp"

namespace marionette {

FreeTwistAims::FreeTwistAims(const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, const SwingTwistLimits& limits,
                             float wanted_distance, float tiny_length)
    : k(glm::dot(t0, t0) + glm::dot(tc, tc)),  // tc and ts: equal and square
      p(2.0f * glm::dot(t0, tc)),
      q(2.0f * glm::dot(t0, ts)),
      x0(t0.x),
      x1(tc.x),
      x2(ts.x),
      yz0(t0.y, t0.z),
      yz1(tc.y, tc.z),
      yz2(ts.y, ts.z),
      cos_aim(w.x),
      sin_aim(std::sqrt(w.y * w.y + w.z * w.z)),
      cos_swing(limits.cos_swing),
      sin_swing(limits.sin_swing),
      wanted(wanted_distance),
      tiny(tiny_length) {}

// Every case computed and the one that holds selected, so that one bend and four lanes run the
// same float operations in the same order.
template <class V>
V FreeTwistAims::at(V c, V s) const {
    using namespace lanes;
    auto k_ = [c](float x) { return splat_as(x, c); };
    const V zero = k_(0.0f);
    const V length = sqrt(max(k_(k) + k_(p) * c + k_(q) * s, zero));
    return pick(greater(length, k_(tiny)), [&] {
        const V short_by = k_(wanted) - length;
        // |T| times the cosine and sine of alpha, and of beta - alpha.
        const V a = k_(x0) + k_(x1) * c + k_(x2) * s;
        const V y = k_(yz0.x) + c * k_(yz1.x) + s * k_(yz2.x);
        const V z = k_(yz0.y) + c * k_(yz1.y) + s * k_(yz2.y);
        const V b = sqrt(y * y + z * z);
        const V toward = k_(cos_aim) * a + k_(sin_aim) * b;
        const V past = k_(sin_aim) * a - k_(cos_aim) * b;
        const V cs = k_(cos_swing), ss = k_(sin_swing);
        const V far_sin = b * cs + a * ss, far_cos = a * cs - b * ss;  // of alpha + S
        // beta beyond alpha + S (below a half turn), or short of alpha - S (above none); |T|
        // times the sine and cosine of the aim's angle from the band.
        const V beyond_sin = past * cs - toward * ss;
        const V short_sin = zero - past * cs - toward * ss;
        const auto beyond = both(both(greater_equal(far_sin, zero), either(greater(far_sin, zero), greater(far_cos, zero))), greater(beyond_sin, zero));
        const auto short_of = both(greater(b * cs - a * ss, zero), greater(short_sin, zero));
        return pick(either(beyond, short_of), [&] {
            const V gap_sin = select(beyond, beyond_sin, short_sin);
            const V gap_cos = select(beyond, toward * cs + past * ss, toward * cs - past * ss);
            const V lost = pick(greater(gap_cos, zero), [&] { return gap_sin * gap_sin / (length + gap_cos); }, [&] { return length - gap_cos; });
            return sqrt(short_by * short_by + k_(2.0f * wanted) * lost);
        }, [&] { return abs(short_by); });
    }, [&] { return k_(wanted); });
}

float FreeTwistAims::operator()(Rot2 theta) const { return at(theta.c, theta.s); }

#if defined(__SSE2__)
void FreeTwistAims::four(const float* cosines, const float* sines, float* misses) const {
    _mm_storeu_ps(misses, at(_mm_loadu_ps(cosines), _mm_loadu_ps(sines)));
}
#endif

TwistEndRim::TwistEndRim(glm::vec2 end_half, const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, float wanted,
                         const SwingTwistLimits& limits, const AngleRange& bend_range)
    : bends(AngleArc::of(bend_range)) {
    const glm::quat turn{end_half.x, end_half.y, 0.0f, 0.0f};
    const glm::vec3 v0 = turn * t0;
    radius = glm::length(tc);
    // The circle's frame (tc and ts are square and equal; a limb without a lower bone has none).
    glm::vec3 ex{1.0f, 0.0f, 0.0f}, ey{0.0f, 1.0f, 0.0f};
    if (radius > 0.0f) {
        ex = turn * (tc / radius);
        ey = turn * (ts / radius);
    }
    const glm::vec3 ez = glm::cross(ex, ey);
    // The rim's swing turns by S about n = (0, -sin a, cos a); turned back, wanted w is (Rodrigues)
    //     wanted (cos S w - sin S n x w + (1 - cos S)(n.w) n),
    // with n x w = cos a (-w.y, w.x, 0) + sin a (-w.z, 0, w.x) and (n.w) n = (0, w.y, w.z) / 2 +
    // cos 2a (0, -w.y, w.z) / 2 + sin 2a (0, -w.z, -w.y) / 2.
    const float sin_s = wanted * limits.sin_swing;
    const float half_versed = wanted * limits.sin_half_swing * limits.sin_half_swing;  // wanted (1 - cos S) / 2
    const glm::vec3 p0 = wanted * limits.cos_swing * w + half_versed * glm::vec3{0.0f, w.y, w.z} - v0;
    const glm::vec3 pc1 = sin_s * glm::vec3{w.y, -w.x, 0.0f};
    const glm::vec3 ps1 = sin_s * glm::vec3{w.z, 0.0f, -w.x};
    const glm::vec3 pc2 = half_versed * glm::vec3{0.0f, -w.y, w.z};
    const glm::vec3 ps2 = half_versed * glm::vec3{0.0f, -w.z, -w.y};
    auto along = [&](const glm::vec3& e) { return Series{glm::dot(p0, e), glm::dot(pc1, e), glm::dot(ps1, e), glm::dot(pc2, e), glm::dot(ps2, e)}; };
    x = along(ex);
    y = along(ey);
    z = along(ez);
}

// The miss at the foot on the circle when it lies within the bends, else at the nearer end's
// point; both computed and one selected, as FreeTwistAims::at.
template <class V>
V TwistEndRim::miss_at(V c, V s) const {
    using namespace lanes;
    auto k_ = [c](float v) { return splat_as(v, c); };
    const V c2 = c * c - s * s, s2 = s * c + c * s;  // the direction doubled, as Rot2's product
    auto at = [&](const Series& e) { return k_(e.c0) + k_(e.c1) * c + k_(e.s1) * s + k_(e.c2) * c2 + k_(e.s2) * s2; };
    const V px = at(x), py = at(y), pz = at(z);
    const V m2 = px * px + py * py;
    auto off_arc = less_equal(m2, k_(kFootless));
    if (bends.partial) off_arc = either(off_arc, bends.off_partial(px, py));
    auto at_end = [&] {
        const auto lo_nearer = bends.lo_nearer(px, py);
        const V dx = px - k_(radius) * select(lo_nearer, k_(bends.lo.c), k_(bends.hi.c));
        const V dy = py - k_(radius) * select(lo_nearer, k_(bends.lo.s), k_(bends.hi.s));
        return sqrt(dx * dx + dy * dy + pz * pz);
    };
    auto at_foot = [&] {
        const V off = sqrt(m2) - k_(radius);
        return sqrt(off * off + pz * pz);
    };
    return pick(off_arc, at_end, at_foot);
}

float TwistEndRim::operator()(Rot2 a) const { return miss_at(a.c, a.s); }

#if defined(__SSE2__)
void TwistEndRim::four(const float* cosines, const float* sines, float* misses) const {
    _mm_storeu_ps(misses, miss_at(_mm_loadu_ps(cosines), _mm_loadu_ps(sines)));
}
#endif

TwistEndRim::Closest TwistEndRim::closest(Rot2 a) const {
    const Rot2 a2 = a * a;
    const float px = x.at(a, a2), py = y.at(a, a2);
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
    float theta = angle_of(c.bend);
    if (theta < bends.lo_angle) theta += 2.0f * kPi;
    if (theta > bends.hi_angle) theta -= 2.0f * kPi;
    return clamp_to(theta, bends.lo_angle, bends.hi_angle);
}

int twist_end_minima(const TwistEndRim& rim, BendMinimum found[kMostBendMinima]) {
    // The miss over the rim's directions has few minima, far apart: 24 samples a turn found the
    // same poses as 48 (to 2.5e-6 in the miss over the callgrind driver's 1,024 targets, and the
    // reference test's worst excess unchanged), for 1,000 instructions a solve less.
    constexpr int kRimSamples = 24;
    BendMinimum at_rim[kMostBendMinima];
    const int n = bend_minima(rim, MissShape::Smooth, -kPi, kPi, at_rim, kRimSamples);
    for (int k = 0; k < n; ++k) found[k] = {rim.bend_angle(rim.closest(rot2(at_rim[k].bend))), at_rim[k].miss};
    return n;
}

}  // namespace marionette
