// The closest-tip search of the solve on the limb's shape (two_bone_shaped_limb.hpp): the bend
// whose closest aim misses least, over the middle joint's range.

#include <cmath>
#include <optional>

#include "core/bend_minima.hpp"
#include "core/rotation_math.hpp"
#include "core/two_bone_shaped_limb.hpp"

namespace marionette::shaped {

namespace {

// Closest aims already measured in a solve, by bend: the swing-twist search measures the true
// miss at its bound's minima, and its answer is often one of those bends, whose aim the nearness
// of a tie and the final pose then need again (some 3,000 instructions each). Kept for
// swing-twist upper joints only (nullptr for the others, whose aims cost less than the record).
struct MeasuredAims {
    float bend[kMostBendMinima];
    Aim aim[kMostBendMinima];
    int count = 0;
};

// closest_aim at the bend θ, from `measured` when it holds it (recorded there when not).
Aim closest_aim_at(const Limb& L, float theta, MeasuredAims* measured) {
    if (!measured) return closest_aim(L, rot2(theta));
    for (int k = 0; k < measured->count; ++k) {
        if (measured->bend[k] == theta) return measured->aim[k];
    }
    const Aim aim = closest_aim(L, rot2(theta));
    if (measured->count < kMostBendMinima) {
        measured->bend[measured->count] = theta;
        measured->aim[measured->count++] = aim;
    }
    return aim;
}

// closest_aim's miss for the upper joints whose closest aim has a closed form in the tip's
// length and its angle from the aim (none, a cone), without building the pose: the closest-tip
// search evaluates it some forty times. With a = |T| cos(gap) and b = |T| sin(gap) (gap: the
// tip's angle from the aim) and the tip turned by the cone toward the aim, the miss is
// sqrt((wanted - |T|)^2 + 2 wanted |T| (1 - cos(gap - cone))), written without cancellation.
// Every term is a sinusoid of the bend, its coefficients set once a solve (QuickMiss).
struct QuickMiss {
    float k = 0.0f, p = 0.0f, q = 0.0f;      // |T|^2 = k + p cos θ + q sin θ
    float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f;   // T . aim
    glm::vec3 x0{0.0f}, x1{0.0f}, x2{0.0f};  // T x aim: its length from the vector, accurate near 0
};

QuickMiss quick_miss_terms(const Limb& L) {
    QuickMiss m;
    m.k = glm::dot(L.tip0, L.tip0) + glm::dot(L.tip_c, L.tip_c);  // tip_c and tip_s: equal and square
    m.p = 2.0f * glm::dot(L.tip0, L.tip_c);
    m.q = 2.0f * glm::dot(L.tip0, L.tip_s);
    m.a0 = glm::dot(L.tip0, L.dir_rest);
    m.a1 = glm::dot(L.tip_c, L.dir_rest);
    m.a2 = glm::dot(L.tip_s, L.dir_rest);
    m.x0 = glm::cross(L.tip0, L.dir_rest);
    m.x1 = glm::cross(L.tip_c, L.dir_rest);
    m.x2 = glm::cross(L.tip_s, L.dir_rest);
    return m;
}

[[gnu::always_inline]] inline float quick_miss(const Limb& L, const QuickMiss& m, Rot2 theta) {
    const float length = std::sqrt(max_of(m.k + m.p * theta.c + m.q * theta.s, 0.0f));
    if (!(length > L.tiny)) return L.wanted;
    const float short_by = L.wanted - length;
    if (L.upper == UpperKind::Free) return std::fabs(short_by);
    const float a = m.a0 + m.a1 * theta.c + m.a2 * theta.s;
    const glm::vec3 across = m.x0 + theta.c * m.x1 + theta.s * m.x2;
    const float b = std::sqrt(glm::dot(across, across));
    const float beyond = b * L.cos_cone - a * L.sin_cone;  // |T| sin(gap - cone)
    if (beyond <= 0.0f) return std::fabs(short_by);
    const float toward = a * L.cos_cone + b * L.sin_cone;  // |T| cos(gap - cone)
    const float lost = toward > 0.0f ? beyond * beyond / (length + toward) : length - toward;
    return std::sqrt(short_by * short_by + 2.0f * L.wanted * lost);
}

// How far a bend and its closest aim are from the limb's current pose (the larger joint turn).
float distance_from_now(const Limb& L, float theta, float bend_now, MeasuredAims* measured) {
    const glm::quat d = glm::conjugate(closest_aim_at(L, theta, measured).pose) * L.pose_now;
    return max_of(std::fabs(wrap_angle(theta - bend_now)), rotation_angle(d));
}

// The bend whose closest tip misses least (bend_minima.hpp). Of the minima missing by no more
// than `tolerance` beyond the best, the one nearest the current pose is taken, so the limb stays
// where it is instead of jumping between two nearly equal answers (one per limit it can rest
// against, or per side of the limb).
//
// A swing-twist upper joint's own miss is rough (closest_swing_twist_aim chooses among candidates)
// and some twenty times dearer, so it is searched only as a last resort. Its search takes the
// smooth lower bound's minima (FreeTwistAims) and measures the true miss there; where one is
// within a quarter of the tolerance of the bound's least, it is an answer (no bend can miss by
// less than the bound). Else the twist's range holds the answer back: the closest pose lies where
// the twist is free, and there the true miss is the bound's, at one of its minima (or on the edge
// of where the twist is free, where the twist is at an end of its range), or it has the twist at
// an end. So the least of the true misses at the bound's minima and of the poses with the twist at
// an end (TwistEndRim: the swing on its rim, searched over the rim's direction with the bend in
// closed form) is the least of all. (Taking bound minima within the whole tolerance of the
// bound's least gave answers up to 0.9 of it worse than the reference's.)
constexpr float kCertainOfTolerance = 0.25f;

int swing_twist_minima(const Limb& L, float tolerance, BendMinimum* found, MeasuredAims* measured) {
    BendMinimum bound[kMostBendMinima];
    const FreeTwistAims free_twist(L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.swing_twist);
    auto bound_at = [&L, &free_twist](Rot2 theta) { return free_twist.miss(theta, L.wanted, L.tiny); };
    const int bounds = bend_minima(bound_at, MissShape::Smooth, L.bends.lo, L.bends.hi, bound);
    float least_bound = INFINITY;
    for (int k = 0; k < bounds; ++k) least_bound = min_of(least_bound, bound[k].miss);
    int count = 0;
    float true_miss[kMostBendMinima] = {};  // bend_minima finds at least one; the compiler cannot see it
    for (int k = 0; k < bounds; ++k) {
        true_miss[k] = closest_aim_at(L, bound[k].bend, measured).miss;
        if (bound[k].miss <= least_bound + tolerance && true_miss[k] <= least_bound + kCertainOfTolerance * tolerance) {
            found[count++] = {bound[k].bend, true_miss[k]};
        }
    }
    if (count > 0 || !L.swing_twist.twist_bounded) return count;
    // A bound's minimum is a minimum of the true miss where the two meet (the twist free there).
    // Every one is a pose the limits allow: the answer misses by no more than the least of them.
    int closest = 0;
    for (int k = 0; k < bounds; ++k) {
        if (true_miss[k] <= bound[k].miss + kCertainOfTolerance * tolerance) found[count++] = {bound[k].bend, true_miss[k]};
        if (true_miss[k] < true_miss[closest]) closest = k;
    }
    // A twist end's minimum missing by more than the tolerance beyond that cannot be the answer
    // or tie it.
    const float cutoff = true_miss[closest] + tolerance;
    for (const glm::vec2& end : {L.swing_twist.twist_lo_half, L.swing_twist.twist_hi_half}) {
        const TwistEndRim rim(end, L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.wanted, L.swing_twist, L.bends);
        BendMinimum at_end[kMostBendMinima];
        const int n = twist_end_minima(rim, at_end);
        for (int j = 0; j < n && count < 3 * kMostBendMinima; ++j) {
            if (at_end[j].miss <= cutoff) found[count++] = at_end[j];
        }
    }
    if (count == 0) found[count++] = {bound[closest].bend, true_miss[closest]};  // the searches found nothing better
    return count;
}

}  // namespace

ClosestBend closest_bend(const Limb& L, float bend_now, float tolerance) {
    std::optional<MeasuredAims> record;
    if (L.upper == UpperKind::SwingTwist) record.emplace();
    MeasuredAims* measured = record ? &*record : nullptr;
    auto answer = [&](float bend) { return ClosestBend{bend, closest_aim_at(L, bend, measured)}; };
    // Room for a swing-twist joint's three searches (the bound's and each twist end's).
    BendMinimum found[3 * kMostBendMinima];
    int count = 0;
    if (L.upper == UpperKind::Free || L.upper == UpperKind::Cone) {
        count = bend_minima([&L, m = quick_miss_terms(L)](Rot2 theta) { return quick_miss(L, m, theta); }, MissShape::Smooth, L.bends.lo, L.bends.hi, found);
    } else if (L.upper == UpperKind::SwingTwist) {
        count = swing_twist_minima(L, tolerance, found, measured);
    }
    if (count == 0) count = bend_minima([&L](Rot2 theta) { return closest_aim(L, theta).miss; }, MissShape::Rough, L.bends.lo, L.bends.hi, found);
    float best = INFINITY;
    int least = 0;
    for (int k = 0; k < count; ++k) {
        if (found[k].miss < best) best = found[k].miss, least = k;
    }
    int near_best = 0;
    for (int k = 0; k < count; ++k) near_best += found[k].miss <= best + tolerance;
    if (near_best == 1) return answer(found[least].bend);
    // A twist end's minimum need not be one of the true miss (a closer pose may lie beside it with
    // the twist inside its range): such a bend must not win a tie for being near.
    auto is_true_minimum = [&](const BendMinimum& m) {
        if (L.upper != UpperKind::SwingTwist) return true;
        constexpr float kProbe = 3e-3f;  // radians
        const float slack = 1e-6f * (L.shape.reach + L.wanted);
        for (const float beside : {m.bend - kProbe, m.bend + kProbe}) {
            if (beside < L.bends.lo || beside > L.bends.hi) continue;
            if (closest_aim(L, rot2(beside)).miss < m.miss - slack) return false;
        }
        return true;
    };
    float chosen = found[least].bend;
    float nearest = INFINITY;
    for (int k = 0; k < count; ++k) {
        if (found[k].miss > best + tolerance || (k != least && !is_true_minimum(found[k]))) continue;
        const float d = distance_from_now(L, found[k].bend, bend_now, measured);
        if (d < nearest) nearest = d, chosen = found[k].bend;
    }
    return answer(chosen);
}


}  // namespace marionette::shaped
