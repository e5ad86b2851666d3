// The closest-tip search of the solve on the limb's shape (two_bone_shaped_limb.hpp): the bend
// whose closest aim misses least, over the middle joint's range.

#include <cmath>
#include <optional>

#include "core/bend_minima.hpp"
#include "core/lanes_scalar.hpp"
#include "core/lanes_sse.hpp"
#include "core/rotation_math.hpp"
#include "core/two_bone_shaped_limb.hpp"
#include "core/two_bone_swing_twist_rim.hpp"
#include "core/two_bone_swing_twist_search.hpp"

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
// than `tolerance` beyond the best, the one nearest the current pose is taken, so the limb stays
// where it is instead of jumping between two nearly equal answers (one per limit it can rest
// against, or per side of the limb).
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
// callgrind driver, the reference tests or the drag tests.
constexpr float kCertainOfTolerance = 0.25f;

int swing_twist_minima(const Limb& L, float tolerance, BendMinimum* found, MeasuredAims* measured) {
    BendMinimum bound[kMostBendMinima];
    const FreeTwistAims free_twist(L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.swing_twist, L.wanted, L.tiny);
    const int bounds = bend_minima(free_twist, MissShape::Smooth, L.bends.lo, L.bends.hi, bound);
    float least_bound = INFINITY;
    for (int k = 0; k < bounds; ++k) least_bound = min_of(least_bound, bound[k].miss);
    if (!L.swing_twist.twist_bounded) {
        // With the twist free the bound is the true miss; the closest aim meets it, also where
        // its candidates tie (an aim or tip along the bone's axis).
        int count = 0;
        for (int k = 0; k < bounds; ++k) {
            const float miss = closest_aim_at(L, bound[k].bend, measured).miss;
            if (bound[k].miss <= least_bound + tolerance && miss <= least_bound + kCertainOfTolerance * tolerance) found[count++] = {bound[k].bend, miss};
        }
        return count;
    }
    // The bound's minima whose twist-free pose the limits allow: minima of the true miss too.
    BendMinimum allowed[kMostBendMinima];
    int allowed_count = 0;
    int count = 0;
    for (int k = 0; k < bounds; ++k) {
        const std::optional<Aim> aim = aim_meeting_bound(L, rot2(bound[k].bend));
        if (!aim) continue;
        if (measured->count < kMostBendMinima) {
            measured->bend[measured->count] = bound[k].bend;
            measured->aim[measured->count++] = *aim;
        }
        allowed[allowed_count++] = {bound[k].bend, aim->miss};
        if (bound[k].miss <= least_bound + tolerance && aim->miss <= least_bound + kCertainOfTolerance * tolerance) {
            found[count++] = {bound[k].bend, aim->miss};
        }
    }
    if (count > 0) return count;
    // Every allowed minimum is a pose the limits allow: the answer misses by no more than the
    // least of them, and a twist end's minimum missing by more than the tolerance beyond that
    // cannot be the answer or tie it.
    float cutoff = INFINITY;
    for (int k = 0; k < allowed_count; ++k) {
        found[count++] = allowed[k];
        cutoff = min_of(cutoff, allowed[k].miss + tolerance);
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

// A swing-twist upper joint's closest pose from its swing's rim (two_bone_swing_twist_rim.hpp),
// where that applies: the least of the rim's poses where the twist-free bound has a minimum and
// the twist's range lets the tips turn toward the point there, the rim's poses with the twist at
// an end of its range (TwistEndRim's minima), and the poses turning the tip straight toward the
// point wanted from an end of the bend range. (The straight and the folded limb are such bends
// too, but their exact aims were tried before the search, the goal distance clamped to the
// limb's reach.) Where the bound's least minimum is such a pose (within a quarter of the
// tolerance), no pose misses by less and the twist ends are not searched. A bound's minimum where
// the range holds the twist back is no answer: there the twist is at an end, and the twist ends'
// search finds a pose no worse.
std::optional<ClosestBend> closest_on_rim(const Limb& L, Rot2 bend_now, float tolerance) {
    const AngleArc bends = AngleArc::of(L.bends);
    const std::optional<RimPoses> rim = RimPoses::of(L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.wanted, L.swing_twist, bends);
    if (!rim) return std::nullopt;
    // An answer: a rim direction, or (none) a tip turned straight toward the point wanted from a
    // bend range's end, with its pose.
    struct Answer {
        std::optional<Rot2> a;
        float miss = 0.0f;
        float bend = 0.0f;
        glm::quat pose{1.0f, 0.0f, 0.0f, 0.0f};
        std::optional<Rot2> turn;  // the bend as a unit complex number (a rim answer's)
    };
    constexpr int kMostAnswers = RimPoses::kMostTwistFreeMinima + 2 * kMostBendMinima + 2;
    Answer found[kMostAnswers];
    int count = 0;
    float best = INFINITY;
    auto on_rim = [](Rot2 a, float miss) { return Answer{a, miss, 0.0f, {1.0f, 0.0f, 0.0f, 0.0f}, std::nullopt}; };
    auto consider = [&](const Answer& answer) {
        best = min_of(best, answer.miss);
        // A rim direction found again (by both twist ends' searches, at both ends of the rim's
        // turn): kept once, so that it cannot tie with itself, with the lesser miss (its pose is
        // the rim's closest there, which misses by no more than either).
        for (int k = 0; k < count; ++k) {
            if (found[k].a && answer.a && std::fabs(found[k].a->c - answer.a->c) <= 1e-5f && std::fabs(found[k].a->s - answer.a->s) <= 1e-5f) {
                found[k].miss = min_of(found[k].miss, answer.miss);
                return;
            }
        }
        if (count < kMostAnswers) found[count++] = answer;
    };
    RimPoses::Minimum free_minima[RimPoses::kMostTwistFreeMinima];
    const int minima = rim->twist_free_minima(free_minima);
    int next = 0;
    auto twist_free_within = [&](float cutoff) {
        for (; next < minima && free_minima[next].bound <= cutoff; ++next) {
            if (rim->twist_free_at(free_minima[next].a, free_minima[next].side)) consider(on_rim(free_minima[next].a, free_minima[next].bound));
        }
    };
    const float least_bound = minima > 0 ? free_minima[0].bound : INFINITY;
    twist_free_within(least_bound + tolerance);
    if (!(best <= least_bound + kCertainOfTolerance * tolerance) && L.swing_twist.twist_bounded) {
        // Both ends' sampled minima, least first, each refined unless it cannot come within the
        // tolerance of the best answer so far: not by the most its miss changes within a
        // sample's spacing, nor below the twist-free bound there (which no pose misses by less).
        const TwistEndRim ends[2] = {{L.swing_twist.twist_lo_half, L.tip0, L.tip_c, L.tip_s, rim->turned, bends},
                                     {L.swing_twist.twist_hi_half, L.tip0, L.tip_c, L.tip_s, rim->turned, bends}};
        struct Sampled {
            TwistEndRim::Minimum m;
            int end;
        };
        Sampled sampled[2 * kMostBendMinima];
        int n = 0;
        for (int e = 0; e < 2; ++e) {
            TwistEndRim::Minimum at_rim[kMostBendMinima];
            const int found_here = ends[e].sampled_minima(at_rim);
            for (int k = 0; k < found_here; ++k) sampled[n++] = {at_rim[k], e};
        }
        for (int i = 1; i < n; ++i) {
            for (int j = i; j > 0 && sampled[j].m.miss < sampled[j - 1].m.miss; --j) std::swap(sampled[j], sampled[j - 1]);
        }
        for (int k = 0; k < n; ++k) {
            const TwistEndRim& e = ends[sampled[k].end];
            const float cutoff = best + tolerance;
            if (sampled[k].m.miss > cutoff) {
                if (sampled[k].m.miss - e.slope * TwistEndRim::kSampleStep > cutoff) continue;
                if (rim->bound_near(sampled[k].m.a, TwistEndRim::sample_step()) > cutoff) continue;
            }
            const TwistEndRim::Minimum m = e.refined(sampled[k].m);
            consider(on_rim(m.a, m.miss));
        }
        twist_free_within(best + tolerance);
    }
    if (bends.partial) {
        for (const float end : {bends.lo_angle, bends.hi_angle}) {
            const Rot2 theta = end == bends.lo_angle ? bends.lo : bends.hi;
            const float miss = std::fabs(L.wanted - glm::length(L.shape.tip(theta)));
            if (!(miss <= best + tolerance)) continue;
            const int branch = branch_of(L.shape, theta);
            if (const std::optional<glm::quat> q = exact_aim(L, theta, branch != 0 ? branch : L.shape.rest_branch)) consider({std::nullopt, miss, end, *q, std::nullopt});
        }
    }
    // The rim answers' poses, worked out only for the one taken and those tying with it.
    auto pose_of = [&](Answer& answer) {
        if (!answer.a) return;
        const RimPoses::Closest c = rim->closest(*answer.a);
        answer.bend = bends.angle_on(c.bend);
        answer.turn = c.bend;
        answer.pose = rim->rotation(*answer.a, c.twist, c.bend, L.swing_twist);
    };
    int least = 0;
    for (int k = 1; k < count; ++k) {
        if (found[k].miss < found[least].miss) least = k;
    }
    int chosen = least;
    int near_best = 0;
    for (int k = 0; k < count; ++k) near_best += found[k].miss <= found[least].miss + tolerance;
    if (near_best > 1) {
        // Of the answers within the tolerance of the least, the one nearest the limb's current
        // pose (the larger joint turn), so that the limb stays where it is instead of jumping
        // between two nearly equal answers; but only one that no pose beside misses by less: not
        // the rim's closest poses either side of its direction (the bound's and the twist ends'
        // answers need not be minima there: the twist may be held, or free), nor the closest aims
        // at its bend and either side of it (a tip nearly on the bone's axis has minima at
        // several twists, which a drag would otherwise keep to until its own vanished, in a jump).
        // An answer that is no minimum would be left again as the target moves on, in a jump.
        auto is_minimum = [&](const Answer& answer) {
            constexpr float kProbe = 3e-3f;  // radians
            const float miss = answer.miss - 1e-6f * (L.shape.reach + L.wanted);
            if (answer.a) {
                for (const float side : {0.0f, -kProbe, kProbe}) {
                    if (rim->closest(*answer.a * small_turn(side)).miss < miss) return false;
                }
            }
            for (const float beside : {answer.bend, answer.bend - kProbe, answer.bend + kProbe}) {
                if (beside < L.bends.lo || beside > L.bends.hi) continue;
                if (closest_aim(L, rot2(beside)).miss < miss) return false;
            }
            return true;
        };
        const float now = clamp_to(angle_of(bend_now), L.bends.lo, L.bends.hi);
        float nearest = INFINITY;
        for (int k = 0; k < count; ++k) {
            if (found[k].miss > found[least].miss + tolerance) continue;
            pose_of(found[k]);
            if (k != least && !is_minimum(found[k])) continue;
            const float d = max_of(std::fabs(wrap_angle(found[k].bend - now)), rotation_angle(glm::conjugate(found[k].pose) * L.pose_now));
            if (d < nearest) nearest = d, chosen = k;
        }
    } else {
        pose_of(found[chosen]);
    }
    Aim aim{found[chosen].pose, !found[chosen].a, found[chosen].miss};
    aim.within_limits = found[chosen].a.has_value();  // the rim's swing and a twist within the range
    return ClosestBend{found[chosen].bend, aim, found[chosen].turn};
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
    const float now = clamp_to(angle_of(bend_now), L.bends.lo, L.bends.hi);
    for (int k = 0; k < count; ++k) {
        if (found[k].miss > best + tolerance || (k != least && !is_true_minimum(found[k]))) continue;
        const float d = distance_from_now(L, found[k].bend, now, measured);
        if (d < nearest) nearest = d, chosen = found[k].bend;
    }
    return answer(chosen);
}


}  // namespace marionette::shaped
