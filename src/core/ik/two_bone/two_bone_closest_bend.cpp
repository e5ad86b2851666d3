// The closest-tip search of the solve on the limb's shape (two_bone_shaped_limb.hpp): the bend
// whose closest aim misses least, over the middle joint's range.

#include <cmath>
#include <optional>

#include "core/ik/two_bone/bend_minima.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/ik/two_bone/two_bone_swing_twist_search.hpp"
#include "core/math/lanes_scalar.hpp"
#include "core/math/lanes_sse.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::shaped {

namespace {

// Closest aims already measured in a solve, by bend: the swing-twist search measures the true
// miss at its bound's minima, and its answer is often one of those bends, whose aim the nearness
// of a tie and the final pose then need again (each a search of its own). Kept for
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
// search evaluates it some thirty times. With a = |T| cos(gap) and b = |T| sin(gap) (gap: the
// tip's angle from the aim) and the tip turned by the cone toward the aim, the miss is
// sqrt((wanted - |T|)^2 + 2 wanted |T| (1 - cos(gap - cone))), written without cancellation.
// Every term is a sinusoid of the bend, its coefficients set once a solve. Written once over the
// value type: one bend (float) for the refinement's steps, four (lanes::F4) for the search's
// samples (bend_minima asks `four` where there is one), the same float operations in the same
// order in each lane, so both give the same miss to the bit.
struct QuickMiss {
    float k = 0.0f, p = 0.0f, q = 0.0f;      // |T|^2 = k + p cos θ + q sin θ
    float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f;   // T . aim
    glm::vec3 x0{0.0f}, x1{0.0f}, x2{0.0f};  // T x aim: its length from the vector, accurate near 0
    // The limb's own, copied: kept in registers across the samples' stores, which could alias the limb's.
    float tiny = 0.0f, wanted = 0.0f, cos_cone = 1.0f, sin_cone = 0.0f;
    bool free = false;

    explicit QuickMiss(const Limb& L)
        : tiny(L.tiny), wanted(L.wanted), cos_cone(L.cos_cone), sin_cone(L.sin_cone), free(L.upper == UpperKind::Free) {
        k = glm::dot(L.tip0, L.tip0) + glm::dot(L.tip_c, L.tip_c);  // tip_c and tip_s: equal and square
        p = 2.0f * glm::dot(L.tip0, L.tip_c);
        q = 2.0f * glm::dot(L.tip0, L.tip_s);
        a0 = glm::dot(L.tip0, L.dir_rest);
        a1 = glm::dot(L.tip_c, L.dir_rest);
        a2 = glm::dot(L.tip_s, L.dir_rest);
        x0 = glm::cross(L.tip0, L.dir_rest);
        x1 = glm::cross(L.tip_c, L.dir_rest);
        x2 = glm::cross(L.tip_s, L.dir_rest);
    }

    template <class V>
    [[gnu::always_inline]] V at(V c, V s) const {
        using namespace lanes;
        auto splat = [c](float x) { return splat_as(x, c); };
        const V length = sqrt(max(splat(k) + splat(p) * c + splat(q) * s, splat(0.0f)));
        const V short_by = splat(wanted) - length;
        const V near = abs(short_by);  // the tip turned onto the aim
        const V none = splat(wanted);  // no tip to turn: the limb folded onto its root
        if (free) return select(greater(length, splat(tiny)), near, none);
        const V a = splat(a0) + splat(a1) * c + splat(a2) * s;
        const V across_x = splat(x0.x) + c * splat(x1.x) + s * splat(x2.x);
        const V across_y = splat(x0.y) + c * splat(x1.y) + s * splat(x2.y);
        const V across_z = splat(x0.z) + c * splat(x1.z) + s * splat(x2.z);
        const V b = sqrt(across_x * across_x + across_y * across_y + across_z * across_z);
        const V beyond = b * splat(cos_cone) - a * splat(sin_cone);  // |T| sin(gap - cone)
        const V toward = a * splat(cos_cone) + b * splat(sin_cone);  // |T| cos(gap - cone)
        const V lost = select(greater(toward, splat(0.0f)), beyond * beyond / (length + toward), length - toward);
        const V far = sqrt(short_by * short_by + splat(2.0f * wanted) * lost);
        return select(greater(length, splat(tiny)), select(less_equal(beyond, splat(0.0f)), near, far), none);
    }
    float operator()(Rot2 theta) const { return at(theta.c, theta.s); }
#if defined(__SSE2__)
    void four(const float* c, const float* s, float* out) const { _mm_storeu_ps(out, at(_mm_loadu_ps(c), _mm_loadu_ps(s))); }
#endif
};

// How far a bend and its closest aim are from the limb's current pose (the larger joint turn).
float distance_from_now(const Limb& L, float theta, float bend_now, MeasuredAims* measured) {
    const glm::quat d = glm::conjugate(closest_aim_at(L, theta, measured).pose) * L.pose_now;
    return max_of(std::fabs(wrap_angle(theta - bend_now)), rotation_angle(d));
}

// The bend whose closest tip misses least (bend_minima.hpp). Of the minima missing by no more
// than the tie band beyond the best (kTieOfTolerance), the one nearest the current pose is
// taken, so the limb stays where it is instead of jumping between two nearly equal answers (one
// per limit it can rest against, or per side of the limb).
//
// A swing-twist upper joint's own miss is rough (closest_swing_twist_aim chooses among candidates)
// and some twenty times dearer, so it is searched only as a last resort. Its search takes the
// smooth lower bound's minima (FreeTwistAims) and asks whether the limits allow the pose meeting
// the bound there (aim_meeting_bound, a fraction of the closest aim's cost); where they do at a
// minimum within a quarter of the tolerance of the bound's least, it is an answer (no bend can
// miss by less than the bound). Else the twist's range holds the answer back: the closest pose
// lies where the twist is free, and there the true miss is the bound's, at one of its minima (or
// on the edge of where the twist is free, where the twist is at an end of its range), or it has
// the twist at an end, where the swing is on its cone's rim (inside it the tip could move closer
// unless it aims exactly, which the twist-free pose would then do too). So the least of the
// bound's minima whose pose the limits allow and of the poses with the twist at an end
// (TwistEndRim: the swing on its rim, searched over the rim's direction with the bend in closed
// form) is the least of all. (Taking bound minima within the whole tolerance of the bound's least
// gave answers up to 0.9 of it worse than the reference's.) Where the aim or the tip lies along
// the bone's axis the question has no answer (the candidate poses tie), and such a minimum is left
// to the twist ends' search: asking the full closest aim there instead changed no pose on the
// callgrind driver, the reference tests or the drag tests. (kCertainOfTolerance: the quarter.)
int swing_twist_minima(const Limb& L, float tolerance, BendMinimum* found, MeasuredAims* measured) {
    BendMinimum bound[kMostBendMinima];
    const FreeTwistAims free_twist(L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.swing_twist, L.wanted, L.tiny);
    const int bounds = bend_minima(free_twist, MissShape::Smooth, L.bends.lo, L.bends.hi, bound);
    float least_bound = INFINITY;
    for (int k = 0; k < bounds; ++k) least_bound = min_of(least_bound, bound[k].miss);
    // Minima within the search band of the least are answers, so that a tie (keep_side's
    // included) can go to the one nearest the current pose; one within a quarter of the tolerance
    // of the bound's least is certainly the best (no pose misses by less than the bound).
    const float band = search_band(tolerance, L.keep_side);
    const float certain = kCertainOfTolerance * tolerance;
    const float certain_or_kept = max_of(certain, L.keep_side);
    if (!L.swing_twist.twist_bounded) {
        // With the twist free the bound is the true miss; the closest aim meets it, also where
        // its candidates tie (an aim or tip along the bone's axis).
        int count = 0;
        bool certain_found = false;
        for (int k = 0; k < bounds; ++k) {
            const float miss = closest_aim_at(L, bound[k].bend, measured).miss;
            if (bound[k].miss <= least_bound + band && miss <= least_bound + certain_or_kept) {
                found[count++] = {bound[k].bend, miss};
                certain_found = certain_found || miss <= least_bound + certain;
            }
        }
        return certain_found ? count : 0;
    }
    // The bound's minima whose twist-free pose the limits allow: minima of the true miss too.
    BendMinimum allowed[kMostBendMinima];
    int allowed_count = 0;
    int count = 0;
    bool certain_found = false;
    for (int k = 0; k < bounds; ++k) {
        const std::optional<Aim> aim = aim_meeting_bound(L, rot2(bound[k].bend));
        if (!aim) continue;
        if (measured->count < kMostBendMinima) {
            measured->bend[measured->count] = bound[k].bend;
            measured->aim[measured->count++] = *aim;
        }
        allowed[allowed_count++] = {bound[k].bend, aim->miss};
        if (bound[k].miss <= least_bound + band && aim->miss <= least_bound + certain_or_kept) {
            found[count++] = {bound[k].bend, aim->miss};
            certain_found = certain_found || aim->miss <= least_bound + certain;
        }
    }
    if (certain_found) return count;
    count = 0;
    // Every allowed minimum is a pose the limits allow: the answer misses by no more than the
    // least of them, and a twist end's minimum missing by more than the tolerance beyond that
    // cannot be the answer or tie it.
    float cutoff = INFINITY;
    for (int k = 0; k < allowed_count; ++k) {
        found[count++] = allowed[k];
        cutoff = min_of(cutoff, allowed[k].miss + band);
    }
    for (const glm::vec2& end : {L.swing_twist.twist_lo_half, L.swing_twist.twist_hi_half}) {
        const TwistEndRim rim(end, L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.wanted, L.swing_twist, L.bends);
        BendMinimum at_end[kMostBendMinima];
        const int n = twist_end_minima(rim, at_end);
        for (int j = 0; j < n && count < 3 * kMostBendMinima; ++j) {
            if (at_end[j].miss <= cutoff) found[count++] = at_end[j];
        }
    }
    return count;
}

}  // namespace

ClosestBend closest_bend(const Limb& L, Rot2 bend_now, float tolerance) {
    if (L.upper == UpperKind::SwingTwist) {
        if (const std::optional<ClosestBend> on_rim = closest_on_rim(L, bend_now, tolerance)) return *on_rim;
    }
    std::optional<MeasuredAims> record;
    if (L.upper == UpperKind::SwingTwist) record.emplace();
    MeasuredAims* measured = record ? &*record : nullptr;
    auto answer = [&](float bend) { return ClosestBend{bend, closest_aim_at(L, bend, measured), std::nullopt}; };
    // Room for a swing-twist joint's three searches (the bound's and each twist end's).
    BendMinimum found[3 * kMostBendMinima];
    int count = 0;
    if (L.upper == UpperKind::Free || L.upper == UpperKind::Cone) {
        count = bend_minima(QuickMiss(L), MissShape::Smooth, L.bends.lo, L.bends.hi, found);
    } else if (L.upper == UpperKind::SwingTwist) {
        count = swing_twist_minima(L, tolerance, found, measured);
    }
    if (count == 0)
        count = bend_minima([&L](Rot2 theta) { return closest_aim(L, theta).miss; }, MissShape::Rough, L.bends.lo, L.bends.hi, found);
    float best = INFINITY;
    int least = 0;
    for (int k = 0; k < count; ++k) {
        if (found[k].miss < best) best = found[k].miss, least = k;
    }
    MinimumChoice choice(best, tolerance, L.keep_side, kKeptSideTurn);
    int near_best = 0;
    for (int k = 0; k < count; ++k) near_best += choice.within_band(found[k].miss);
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
    const float now = clamp_to(angle_of(bend_now), L.bends.lo, L.bends.hi);
    for (int k = 0; k < count; ++k) {
        if (!choice.within_band(found[k].miss) || (k != least && !is_true_minimum(found[k]))) continue;
        choice.offer(k, found[k].miss, distance_from_now(L, found[k].bend, now, measured));
    }
    return answer(found[choice.chosen(least)].bend);
}


}  // namespace marionette::shaped
