// The closest-tip search of a swing-twist upper joint from its swing's rim
// (two_bone_swing_twist_rim.hpp), for closest_bend (two_bone_closest_bend.cpp).
//
// The answer is the least of: the rim's poses where the twist-free bound has a minimum and the
// twist's range lets the tips turn toward the point there (the bound is then their miss); the
// rim's poses with the twist at an end of its range (TwistEndRim's minima); and the poses turning
// the tip straight toward the point wanted from an end of the bend range. (The straight and the
// folded limb are such bends too, but their exact aims were tried before the search, the goal
// distance clamped to the limb's reach.) Where the bound's least minimum is such a pose (within
// a quarter of the tolerance), no pose misses by less and the twist ends are not searched. A
// bound's minimum where the range holds the twist back is no answer: there the twist is at an
// end, and the twist ends' search finds a pose no worse.

#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/ik/two_bone/two_bone_swing_twist_rim.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::shaped {

namespace {

// The answers found, each a rim direction (its pose the rim's closest there) or a tip turned
// straight toward the point wanted (`straight`, with its pose and bend). Plain data, so the list
// costs nothing to set up.
struct Answer {
    float c, s;  // the rim direction
    float miss;
    int straight;  // -1 for a rim answer, else its index in Answers::straight_poses
};

struct Answers {
    // The twist-free minima, each twist end's sampled minima and the probe with the minima
    // refined beside each, the straight aims: room for every answer, the best among them.
    static constexpr int kMost = RimPoses::kMostTwistFreeMinima + TwistEndRim::kMostRefinedBeside * (2 * kMostBendMinima + 1) + 2;
    Answer list[kMost];
    int count = 0;
    float best = INFINITY;
    glm::quat straight_poses[2];
    float straight_bends[2];
    int straights = 0;

    void add_on_rim(Rot2 a, float miss) {
        best = min_of(best, miss);
        // A rim direction found again (by both twist ends' searches at a straight limb, say):
        // kept once, so that it cannot tie with itself, with the lesser miss (its pose is the
        // rim's closest there, which misses by no more than either).
        for (int k = 0; k < count; ++k) {
            if (list[k].straight < 0 && std::fabs(list[k].c - a.c) <= 1e-5f && std::fabs(list[k].s - a.s) <= 1e-5f) {
                list[k].miss = min_of(list[k].miss, miss);
                return;
            }
        }
        if (count < kMost) list[count++] = {a.c, a.s, miss, -1};
    }
    void add_straight(const glm::quat& pose, float bend, float miss) {
        best = min_of(best, miss);
        if (count == kMost || straights == 2) return;
        straight_poses[straights] = pose;
        straight_bends[straights] = bend;
        list[count++] = {1.0f, 0.0f, miss, straights++};
    }
};

// The rim's poses with the twist at either end of its range (TwistEndRim), searched for their
// least misses.
struct TwistEnds {
    TwistEnds(const Limb& L, const RimPoses& rim, const AngleArc& bends)
        : at{{L.swing_twist.twist_lo_half, L.tip0, L.tip_c, L.tip_s, rim.turned, bends},
             {L.swing_twist.twist_hi_half, L.tip0, L.tip_c, L.tip_s, rim.turned, bends}} {}
    TwistEndRim at[2];

    // The least miss of their poses at the first (up to four) of the directions, and its
    // direction: poses within the limits, so the answer misses by no more.
    struct Probe {
        TwistEndRim::Minimum at;
        int end = 0;
    };
    Probe least_at(const RimPoses::Minimum* directions, int count) const {
        count = count < 4 ? count : 4;
        Probe least{{Rot2{}, INFINITY}};
        for (int e = 0; e < 2; ++e) {
            for (int k = 0; k < count; ++k) {
                if (const float miss = at[e](directions[k].a); miss < least.at.miss) least = {{directions[k].a, miss}, e};
            }
        }
        return least;
    }

    // Their minima over the rim among the `asked` samples (TwistEndRim::sampled_minima), both
    // ends' least first, each refined unless it cannot come within `band` (search_band) of the best
    // answer so far: the twist-free bound within a sample's spacing of it, which no pose there
    // misses by less, is beyond that.
    void add_minima(const RimPoses& rim, float band, std::uint32_t asked, Answers& answers) const {
        struct Sampled {
            TwistEndRim::Minimum m;
            int end;
        };
        Sampled sampled[2 * kMostBendMinima];
        int n = 0;
        for (int e = 0; e < 2; ++e) {
            TwistEndRim::Minimum at_rim[kMostBendMinima];
            const int found = at[e].sampled_minima(at_rim, asked);
            for (int k = 0; k < found; ++k) sampled[n++] = {at_rim[k], e};
        }
        for (int i = 1; i < n; ++i) {
            for (int j = i; j > 0 && sampled[j].m.miss < sampled[j - 1].m.miss; --j) std::swap(sampled[j], sampled[j - 1]);
        }
        for (int k = 0; k < n; ++k) {
            const float cutoff = answers.best + band;
            if (sampled[k].m.miss > cutoff && rim.bound_near(sampled[k].m.a, TwistEndRim::sample_step()) > cutoff) continue;
            add_refined(sampled[k].end, sampled[k].m, answers);
        }
    }

    // The minima end `end`'s refinement finds from `from` (TwistEndRim::refined_minima), as
    // answers. Out of line: inlined at its two callers, it would make the search larger and slower.
    [[gnu::noinline]] void add_refined(int end, const TwistEndRim::Minimum& from, Answers& answers) const {
        TwistEndRim::Minimum refined[TwistEndRim::kMostRefinedBeside];
        const int found = at[end].refined_minima(from, refined);
        for (int j = 0; j < found; ++j) answers.add_on_rim(refined[j].a, refined[j].miss);
    }
};

// The tip of a bend range's end turned straight toward the point wanted, where the limits allow:
// a closest pose with the swing inside its rim (two_bone_swing_twist_rim.hpp), and the range's
// end the bend whose tip is longest or shortest near it.
void add_straight_aims(const Limb& L, const AngleArc& bends, float band, Answers& answers) {
    if (!bends.partial) return;
    for (const float end : {bends.lo_angle, bends.hi_angle}) {
        const Rot2 theta = end == bends.lo_angle ? bends.lo : bends.hi;
        const glm::vec3 tip = L.shape.tip(theta);
        const float length = glm::length(tip);
        const float miss = std::fabs(L.wanted - length);
        if (!(miss <= answers.best + band) || !(length > L.tiny)) continue;
        // The swing turns the tip's angle from x by at most S: an aim beyond the band [alpha - S,
        // alpha + S] of angles from x has no pose aiming the tip at it.
        const float ca = tip.x / length, sa = std::sqrt(tip.y * tip.y + tip.z * tip.z) / length;
        const float cs = L.swing_twist.cos_swing, ss = L.swing_twist.sin_swing;
        constexpr float kEdge = 1e-6f;
        if (sa * cs + ca * ss > 0.0f && L.dir_rest.x < ca * cs - sa * ss - kEdge) continue;  // beyond alpha + S
        if (sa * cs - ca * ss > 0.0f && L.dir_rest.x > ca * cs + sa * ss + kEdge) continue;  // short of alpha - S
        const int branch = branch_of(L.shape, theta);
        if (const std::optional<glm::quat> q = exact_aim(L, theta, branch != 0 ? branch : L.shape.rest_branch))
            answers.add_straight(*q, end, miss);
    }
}

// An answer's pose: the upper joint's rotation, the bend as an angle and a unit complex number.
struct Posed {
    glm::quat rotation;
    float bend;
    Rot2 turn;
};

}  // namespace

std::optional<ClosestBend> closest_on_rim(const Limb& L, Rot2 bend_now, float tolerance) {
    const AngleArc bends = AngleArc::of(L.bends);
    const std::optional<RimPoses> rim = RimPoses::of(L.tip0, L.tip_c, L.tip_s, L.dir_rest, L.wanted, L.swing_twist, bends);
    if (!rim) return std::nullopt;
    Answers answers;
    RimPoses::Minimum free_minima[RimPoses::kMostTwistFreeMinima];
    const int minima = rim->twist_free_minima(free_minima);
    // The bound's minima least first, each an answer where the twist is free there, while they
    // can still come within the search band of the best.
    int next = 0;
    auto twist_free_within = [&](float cutoff) {
        for (; next < minima && free_minima[next].bound <= cutoff; ++next) {
            if (rim->twist_free_at(free_minima[next].a, free_minima[next].side))
                answers.add_on_rim(free_minima[next].a, free_minima[next].bound);
        }
    };
    const float least_bound = minima > 0 ? free_minima[0].bound : INFINITY;
    // Answers are looked for within the search band of the best, so that a tie (keep_side's
    // included) can go to the one nearest the current pose.
    const float band = search_band(tolerance, L.keep_side);
    twist_free_within(least_bound + band);
    if (!(answers.best <= least_bound + kCertainOfTolerance * tolerance) && L.swing_twist.twist_bounded) {
        // The twist ends' poses where the bound is least bound the answer: no twist end's minimum
        // matters where every pose misses by more than the best of them and the tolerance (their
        // misses and the search's are worked out differently: a rounding's slack). Should the
        // search find none as close, that pose lies in a dip of its twist end's miss narrower
        // than the samples' spacing, below the samples either side, and is refined into an
        // answer itself, so that what was left out still cannot win.
        const TwistEnds ends(L, *rim, bends);
        const float slack = 1e-5f * (L.wanted + L.shape.reach);
        const TwistEnds::Probe probe = ends.least_at(free_minima, minima);
        const float probed = min_of(answers.best, probe.at.miss);
        ends.add_minima(*rim, band, rim->samples_that_may_matter(probed + slack + band), answers);
        twist_free_within(answers.best + band);
        if (!(answers.best <= probed + slack)) {
            // 1 target in 50,000 on some limbs (the best sampled minimum's missing by up to 56
            // tolerances more before).
            ends.add_refined(probe.end, probe.at, answers);
        }
    }
    add_straight_aims(L, bends, band, answers);
    if (answers.count == 0) return std::nullopt;  // no minimum found (found by fuzzing): the bend's search decides

    auto posed = [&](const Answer& a) {
        if (a.straight >= 0)
            return Posed{answers.straight_poses[a.straight], answers.straight_bends[a.straight], rot2(answers.straight_bends[a.straight])};
        const Rot2 direction{a.c, a.s};
        const RimPoses::Closest c = rim->closest(direction);
        return Posed{rim->rotation(direction, c.twist, c.bend, L.swing_twist), bends.angle_on(c.bend), c.bend};
    };
    const Answer* list = answers.list;
    const int count = answers.count;
    int least = 0;
    for (int k = 1; k < count; ++k) {
        if (list[k].miss < list[least].miss) least = k;
    }
    MinimumChoice choice(list[least].miss, tolerance, L.keep_side, kKeptSideTurn);
    int near_best = 0;
    for (int k = 0; k < count; ++k) near_best += choice.within_band(list[k].miss);
    int chosen = least;
    Posed pose = posed(list[least]);
    if (near_best > 1) {
        // Of the answers within the tie band of the least (MinimumChoice), the one nearest the
        // limb's current pose (the larger joint turn), so that the limb stays where it is instead
        // of jumping between two nearly equal answers; but only one that no pose beside misses by
        // less: not the rim's closest poses either side of its direction (the bound's and the
        // twist ends' answers need not be minima there: the twist may be held, or free), nor the
        // closest aims at its bend and either side of it (a tip nearly on the bone's axis has
        // minima at several twists, which a drag would otherwise keep to until its own vanished,
        // in a jump).
        // An answer that is no minimum would be left again as the target moves on, in a jump.
        auto is_minimum = [&](const Answer& a, float bend) {
            constexpr float kProbe = 3e-3f;  // radians
            const float miss = a.miss - 1e-6f * (L.shape.reach + L.wanted);
            if (a.straight < 0) {
                for (const float side : {0.0f, -kProbe, kProbe}) {
                    if (rim->closest(Rot2{a.c, a.s} * rot2(side)).miss < miss) return false;
                }
            }
            for (const float beside : {bend, bend - kProbe, bend + kProbe}) {
                if (beside < L.bends.lo || beside > L.bends.hi) continue;
                if (closest_aim(L, rot2(beside)).miss < miss) return false;
            }
            return true;
        };
        const float now = clamp_to(angle_of(bend_now), L.bends.lo, L.bends.hi);
        auto distance_from_now = [&](const Posed& p) {
            return max_of(std::fabs(wrap_angle(p.bend - now)), rotation_angle(glm::conjugate(p.rotation) * L.pose_now));
        };
        choice.offer(least, list[least].miss, distance_from_now(pose));
        for (int k = 0; k < count; ++k) {
            if (k == least || !choice.within_band(list[k].miss)) continue;
            const Posed p = posed(list[k]);
            if (is_minimum(list[k], p.bend)) choice.offer(k, list[k].miss, distance_from_now(p));
        }
        chosen = choice.chosen(least);
        if (chosen != least) pose = posed(list[chosen]);
    }
    Aim aim{pose.rotation, list[chosen].straight >= 0, list[chosen].miss};
    aim.within_limits = list[chosen].straight < 0;  // the rim's swing and a twist within the range
    return ClosestBend{pose.bend, aim, pose.turn};
}

}  // namespace marionette::shaped
