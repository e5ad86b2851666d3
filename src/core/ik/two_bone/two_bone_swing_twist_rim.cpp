#include "core/ik/two_bone/two_bone_swing_twist_rim.hpp"

#include <cmath>
#include <utility>


namespace marionette {

namespace {

// The bends split at the straight and the folded limb (the unit b and -b: where the tip crosses
// x) into those on the side of `toward` (the half circle about it) and the rest, each one arc:
// false where a side's bends come in two pieces (the range holds both b and -b).
bool split_bends(const AngleArc& bends, Rot2 toward, Rot2 b, AngleArc& on_side, bool& on_present, AngleArc& off_side, bool& off_present) {
    on_present = off_present = false;
    const Rot2 minus_b{-b.c, -b.s};
    // b's side of the circle: toward lies a quarter turn counter-clockwise from b, or clockwise.
    const bool ccw = cross2(b, toward) > 0.0f;
    const Rot2 from_on = ccw ? b : minus_b;  // the half about `toward`, counter-clockwise
    if (!bends.partial) {
        const float start = angle_of(from_on);
        on_side = AngleArc::of(AngleRange{start, start + kPi}, from_on, Rot2{-from_on.c, -from_on.s});
        off_side = AngleArc::of(AngleRange{start + kPi, start + 2.0f * kPi}, Rot2{-from_on.c, -from_on.s}, from_on);
        on_present = off_present = true;
        return true;
    }
    const bool holds_b = bends.contains(b), holds_minus_b = bends.contains(minus_b);
    if (holds_b && holds_minus_b) return false;
    auto on_toward = [&](Rot2 z) { return dot2(z, toward) >= 0.0f; };
    if (!holds_b && !holds_minus_b) {
        // All on one side: the side of the range's middle, lo + hi (of an arc of no width, its
        // end; past a half turn lo + hi points away from the middle, an arc that holds neither b
        // nor -b only by rounding at an end).
        const Rot2 middle = bends.middle.c != 0.0f || bends.middle.s != 0.0f ? bends.middle : bends.lo;
        const bool mid_on = bends.narrow ? on_toward(middle) : !on_toward(middle);
        (mid_on ? on_side : off_side) = bends;
        (mid_on ? on_present : off_present) = true;
        return true;
    }
    // The crossing inside the range splits it: [lo, crossing] on lo's side, [crossing, hi] on hi's.
    const Rot2 crossing = holds_b ? b : minus_b;
    const float at = bends.angle_on(crossing);
    const AngleArc below = AngleArc::of(AngleRange{bends.lo_angle, at}, bends.lo, crossing);
    const AngleArc above = AngleArc::of(AngleRange{at, bends.hi_angle}, crossing, bends.hi);
    const bool below_on = cross2(crossing, toward) < 0.0f;  // turning clockwise from the crossing leads toward `toward`
    on_side = below_on ? below : above;
    off_side = below_on ? above : below;
    on_present = off_present = true;
    return true;
}

}  // namespace

std::optional<RimPoses> RimPoses::of(const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, float wanted,
                                     const SwingTwistLimits& limits, const AngleArc& bends) {
    if (!(limits.swing < kPi)) return std::nullopt;
    const float radius = std::sqrt(glm::dot(tc, tc));
    const float scale = std::sqrt(glm::dot(t0, t0)) + radius;
    // No lower bone, or a point wanted at the root joint (found by fuzzing: 1e-8 from it, every
    // rim direction missed by the same, and no minimum stood out).
    if (!(radius > 1e-6f * scale) || !(wanted > 1e-6f * scale)) return std::nullopt;
    // The bend plane's normal (tc and ts are square and equal): across x, and the circle's
    // centre on x.
    const glm::vec3 normal = glm::cross(tc, ts) / (radius * radius);
    constexpr float kFlat = 1e-5f;
    if (!(std::fabs(normal.x) <= kFlat) || !(t0.y * t0.y + t0.z * t0.z <= kFlat * kFlat * scale * scale)) return std::nullopt;
    RimPoses m(TurnedBack(w, wanted, limits));
    m.across = glm::normalize(glm::vec2{-normal.z, normal.y});  // x cross normal
    auto in_plane = [&m](const glm::vec3& v) { return glm::vec2{v.x, v.y * m.across.x + v.z * m.across.y}; };
    m.centre = in_plane(t0);
    m.radius = radius;
    m.along_c = in_plane(tc) / radius;
    m.along_s = in_plane(ts) / radius;
    // The tip lies on p's side where cos θ along_c.y + sin θ along_s.y >= 0: the half circle of
    // bends about (along_c.y, along_s.y), between the straight and the folded limb.
    const Rot2 toward_p = normalized(Rot2{m.along_c.y, m.along_s.y});
    if (!split_bends(bends, toward_p, Rot2{toward_p.s, -toward_p.c}, m.sides[0].bends, m.sides[0].present, m.sides[1].bends,
                     m.sides[1].present))
        return std::nullopt;
    m.twists = twist_range_arc(limits);

    // h's x round the rim: p0.x + |(pc1.x, ps1.x)| cos(a - its angle); with no part that turns,
    // the twist-free minima are not where h's x is critical.
    const TurnedBack& p = m.turned;
    if (!(p.pc1.x * p.pc1.x + p.ps1.x * p.ps1.x > 1e-8f * wanted * wanted)) return std::nullopt;
    m.wanted = wanted;
    m.w = w;
    m.turning = std::sqrt(p.pc1.x * p.pc1.x + p.ps1.x * p.ps1.x);
    m.most = {p.pc1.x / m.turning, p.ps1.x / m.turning};
    // The bound of a side, the distance from h seen in its half-plane to its bends' arc, as a
    // function of h's x has its minima where h lies on the limb's circle (|h - centre| = radius),
    // toward the circle's centre (the centre is on x: h's x then least or most) or toward an end
    // of the arc from the root joint, or at the least or most x: the first and the third kept
    // for each side.
    const bool centre_off_root = std::fabs(m.centre.x) > 1e-6f * (wanted + radius);
    for (int side = 0; side < 2; ++side) {
        if (!m.sides[side].present) continue;
        int& n = m.critical_count[side];
        if (centre_off_root)
            m.critical[side][n++] = (wanted * wanted + glm::dot(m.centre, m.centre) - radius * radius) / (2.0f * m.centre.x);
        for (const Rot2 e : {m.sides[side].bends.lo, m.sides[side].bends.hi}) {
            const glm::vec2 end = m.centre + radius * (e.c * m.along_c + e.s * m.along_s);
            const float length = glm::length(end);
            if (length > 1e-6f * (wanted + radius)) m.critical[side][n++] = wanted * end.x / length;
        }
    }
    return m;
}

float RimPoses::to_arc(glm::vec2 q, int side, Rot2* bend) const {
    const glm::vec2 d = q - centre;
    const Rot2 foot{glm::dot(d, along_c), glm::dot(d, along_s)};
    const AngleArc& arc = sides[side].bends;
    if (foot.c * foot.c + foot.s * foot.s > kFootless && arc.contains(foot)) {
        if (bend) *bend = normalized(foot);
        return std::fabs(glm::length(d) - radius);
    }
    const Rot2 end = arc.nearer_end(foot);
    if (bend) *bend = end;
    return glm::length(d - radius * (end.c * along_c + end.s * along_s));
}

void RimPoses::turned_back(Rot2 a, float& x, Rot2& across_p) const {
    const glm::vec3 h = turned.at(a, a * a);
    x = h.x;
    across_p = {h.y * across.x + h.z * across.y, h.z * across.x - h.y * across.y};
}

bool RimPoses::twist_free_at(Rot2 a, int side) const {
    if (!twists.partial) return true;
    float x;
    Rot2 toward_h;
    turned_back(a, x, toward_h);
    return twists.contains(side == 0 ? toward_h : Rot2{-toward_h.c, -toward_h.s});
}

RimPoses::Closest RimPoses::closest(Rot2 a) const {
    float x;
    Rot2 rel;
    turned_back(a, x, rel);
    const float rho = std::sqrt(rel.c * rel.c + rel.s * rel.s);
    Closest best;
    float least = INFINITY;
    for (int side = 0; side < 2; ++side) {
        if (!sides[side].present) continue;
        // The twist turning the tips' half-plane toward h (side 1's lies half round from p), or
        // the range's nearer end; h seen in that half-plane at `toward` from x, `off` out of it.
        const Rot2 toward_h = side == 0 ? rel : Rot2{-rel.c, -rel.s};
        // h on the bone's axis: every twist as near; the one nearest none.
        Rot2 twist = rho > 0.0f ? Rot2{toward_h.c / rho, toward_h.s / rho} : twists.nearest(Rot2{});
        float toward = rho, off = 0.0f;
        if (twists.partial && !twists.contains(toward_h)) {
            twist = twists.nearer_end(toward_h);
            toward = toward_h.c * twist.c + toward_h.s * twist.s;
            off = toward_h.s * twist.c - toward_h.c * twist.s;
        }
        Rot2 bend;
        const float in = to_arc({x, side == 0 ? toward : -toward}, side, &bend);
        const float miss2 = in * in + off * off;
        if (miss2 < least) least = miss2, best.twist = twist, best.bend = bend;
    }
    best.miss = std::sqrt(least);
    return best;
}

glm::quat RimPoses::rotation(Rot2 a, Rot2 twist, Rot2 bend, const SwingTwistLimits& limits) const {
    const glm::quat swing = rim_swing(limits, {a.c, a.s});
    // A tip on the bone's axis (the limb straight or folded): every twist as near, and the one
    // making the pose nearest the shortest turn onto the aim is taken, as closest_swing_twist_aim
    // takes it (continuous as the aim moves; a twist held at either end would flip with a tie).
    const float off_axis = centre.y + radius * (bend.c * along_c.y + bend.s * along_s.y);
    if (std::fabs(off_axis) <= 1e-6f * (std::fabs(centre.x) + radius)) {
        const glm::vec3 tip_dir{centre.x + radius * (bend.c * along_c.x + bend.s * along_s.x) < 0.0f ? -1.0f : 1.0f, 0.0f, 0.0f};
        const glm::quat r = glm::conjugate(swing) * rotation_between(tip_dir, w);
        const Rot2 half = normalized(Rot2{r.w, r.x});
        if (half.c != 0.0f || half.s != 0.0f) twist = twists.nearest(half * half);
    }
    // The twist about x from its unit complex number (quat_from_rot2's half angle, its w kept
    // >= 0), after it the rim's swing.
    glm::quat half = quat_from_rot2(twist);
    if (half.w < 0.0f) half = -half;
    return normalized(swing * glm::quat{half.w, half.z, 0.0f, 0.0f});
}

float RimPoses::bound_at(float x, int side) const {
    return to_arc({x, (side == 0 ? 1.0f : -1.0f) * std::sqrt(max_of(wanted * wanted - x * x, 0.0f))}, side, nullptr);
}

int RimPoses::twist_free_minima(Minimum out[kMostTwistFreeMinima]) const {
    int n = 0;
    for (int side = 0; side < 2; ++side) {
        if (!sides[side].present) continue;
        out[n++] = {Rot2{-most.c, -most.s}, bound_at(turned.p0.x - turning, side), side};
        out[n++] = {most, bound_at(turned.p0.x + turning, side), side};
        // The rim directions where h's x is a critical one: two, either side of the most.
        for (int k = 0; k < critical_count[side]; ++k) {
            const float x = critical[side][k];
            const float c = (x - turned.p0.x) / turning;
            if (!(c > -1.0f && c < 1.0f)) continue;  // the least and most are added as such
            const float bound = bound_at(x, side);
            const float s = std::sqrt(1.0f - c * c);
            out[n++] = {most * Rot2{c, s}, bound, side};
            out[n++] = {most * Rot2{c, -s}, bound, side};
        }
    }
    // Least first (insertion: a handful).
    for (int i = 1; i < n; ++i) {
        for (int j = i; j > 0 && out[j].bound < out[j - 1].bound; --j) std::swap(out[j], out[j - 1]);
    }
    return n;
}

float RimPoses::bound_near(Rot2 a, Rot2 half_width) const {
    // h's x over the directions within the half width of a: at the two ends, or the least or
    // most when those lie within.
    const Rot2 from = a * conjugate(half_width), to = a * half_width;
    auto x_at = [&](Rot2 d) { return turned.p0.x + turning * dot2(d, most); };
    float lo = min_of(x_at(from), x_at(to)), hi = max_of(x_at(from), x_at(to));
    const float along = dot2(a, most);
    if (along >= half_width.c) hi = turned.p0.x + turning;
    if (-along >= half_width.c) lo = turned.p0.x - turning;
    float least = INFINITY;
    for (int side = 0; side < 2; ++side) {
        if (!sides[side].present) continue;
        least = min_of(least, min_of(bound_at(lo, side), bound_at(hi, side)));
        for (int k = 0; k < critical_count[side]; ++k) {
            if (critical[side][k] > lo && critical[side][k] < hi) least = min_of(least, bound_at(critical[side][k], side));
        }
    }
    return least;
}

std::uint32_t RimPoses::samples_that_may_matter(float cutoff) const {
    constexpr std::uint32_t kEvery = TwistEndRim::kEverySample;
    if (!(cutoff < INFINITY)) return kEvery;
    // |P - centre|^2 = wanted^2 + |centre|^2 - 2 centre.x x -+ 2 centre.y |h across x|, the last
    // term within 2 |centre.y| wanted of none (the centre lies by x: RimPoses::of), and within
    // (radius - cutoff, radius + cutoff) for a miss of cutoff at most: an interval of h's x. The
    // margins take rounding's share, generously.
    const float scale = wanted + radius + std::fabs(centre.x) + std::fabs(centre.y);
    if (!(std::fabs(centre.x) > 1e-3f * scale)) return kEvery;
    const float margin = 1e-4f * scale * scale + 2.0f * std::fabs(centre.y) * wanted;
    const float nearest = max_of(radius - cutoff, 0.0f), farthest = radius + cutoff;
    const float base = wanted * wanted + glm::dot(centre, centre);
    const float x1 = (base - (farthest * farthest + margin)) / (2.0f * centre.x);
    const float x2 = (base - (nearest * nearest - margin)) / (2.0f * centre.x);
    // h's x is turned.p0.x + turning cos(the angle d from `most`).
    constexpr float kSlack = 1e-5f;
    const float u_lo = (min_of(x1, x2) - turned.p0.x) / turning - kSlack, u_hi = (max_of(x1, x2) - turned.p0.x) / turning + kSlack;
    if (u_lo <= -1.0f && u_hi >= 1.0f) return kEvery;
    if (u_lo > 1.0f || u_hi < -1.0f) return 0;
    // Over the sample k's spacing either side, d_k -+ the spacing (clamped within a half turn),
    // the cosine ranges over cos(d_k +- step): from u_k = cos d_k and v_k = sin d_k >= 0.
    const TwistEndRim::SampleDirections& samples = TwistEndRim::sample_directions();
    const Rot2 step = TwistEndRim::sample_step();
    std::uint32_t bits = 0;
    for (int k = 0; k < kTwistEndRimSamples; ++k) {
        const Rot2 at{samples.c[k], samples.s[k]};
        const float u = dot2(at, most), v = std::fabs(cross2(at, most));
        const float window_hi = u >= step.c ? 1.0f : u * step.c + v * step.s;
        const float window_lo = u <= -step.c ? -1.0f : u * step.c - v * step.s;
        if (window_hi >= u_lo && window_lo <= u_hi) bits |= std::uint32_t{1} << k;
    }
    return bits;
}

}  // namespace marionette
