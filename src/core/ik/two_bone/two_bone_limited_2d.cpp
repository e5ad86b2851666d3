// The limited 2D solves (two_bone_free.hpp): solve_limited_2d, the triangle on the side the limb
// is on (else the other) when both joints' ranges allow it, and closest_limited_2d, the closest
// pose within the ranges in closed form, for targets no side reaches within them. Both work on
// unit complex numbers with the ranges as arcs, set up once (LimitedLimb2d) when run() asks for
// both (solve_limited_2d_any), so the few candidates cost products and square roots instead of
// some two hundred atan2 and sincos calls (docs/performance.md).
//
// The closest pose: over the rectangle of the two joint angles (a, b) the miss is smooth, so its
// least value lies at a critical point inside or on an edge. Inside: the miss's gradient
// vanishes only with the root, the middle joint, the tip and the goal point in one line (b
// straight or folded, a aimed) or the tip on the goal (b one of the exact bends). On an edge one
// angle is held: held b, the best a aims the tip at the goal (clamped into a's range, nearest on
// the circle); held a, the best b aims the lower bone from the middle joint. So the closest pose
// is the best of the bends b in {range ends, straight, folded, exact bends, the best b for each
// end of a's range}, each with its best a (the candidates the shape's search finds as minima over
// the bend). Among candidates near the least that are minima over the bend, MinimumChoice takes
// one, as the shape's searches do.

#include <cmath>

#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_free.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/ik/two_bone/two_bone_triangle_2d.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

glm::vec2 times(Rot2 r, glm::vec2 v) { return rotate(r, v); }
Rot2 as_rot2(glm::vec2 v) { return {v.x, v.y}; }

// What both limited solves read of the limb, set up once from the triangle (which also applies
// the free paths' guards: a limb they refuse goes to the general solve).
struct LimitedLimb2d {
    TriangleSides2d triangle;
    float tiny = 0.0f;
    AngleArc range_a, range_b;  // the pose angles each joint allows

    bool set_up(const TwoBoneJob& job, glm::vec2 target) {
        if (!triangle_2d_sides(job, target, triangle)) return false;
        const Skeleton& sk = *job.skeleton;
        tiny = kTinyOfReach * triangle.reach;
        range_a = AngleArc::of(sk[static_cast<std::size_t>(job.root)].limits);
        range_b = AngleArc::of(sk[static_cast<std::size_t>(job.effector)].limits);
        return true;
    }
};

// The triangle on the side the limb is on first (from straight: the rig's `bend`), as the solve
// on the limb's shape does, then the other; a side is taken when both joints' angles are in
// range.
bool exact_limited_2d(const LimitedLimb2d& L, const TwoBoneJob& job, IkResult& result) {
    // Straight or folded (the target out of reach, or at the fold), the two sides are one pose.
    const int sides = L.triangle.area4 > 0.0f ? 2 : 1;
    int first = 1;
    if (sides == 2) {
        // The side of the straight limb the current bend is on: the sine of the lower bone's
        // turn from the upper bone's part of the limb.
        const Rot2 now = normalized(rot2_from_quat(job.pose->rotations[static_cast<std::size_t>(job.effector)]));
        const float s = (L.triangle.rest_b * now * conjugate(L.triangle.offset_dir)).s;
        const int branch_now = side_of_straight(s);
        first = branch_now != 0 ? branch_now : (job.settings.bend < 0 ? -1 : 1);
    }
    // With keep_side the other side is the closest-pose search's to weigh: the side the limb
    // is on may be kept though it does not reach (docs/ik.md, "Limbs at their limits").
    const int tried = job.keep_side > 0.0f ? 1 : sides;
    for (int i = 0; i < tried; ++i) {
        const Triangle2d t = L.triangle.side(i == 0 ? first : -first);
        if (!L.range_b.contains(t.pose_b) || !L.range_a.contains(t.pose_a)) continue;
        write_triangle_2d(job, t, result);
        return true;
    }
    return false;
}

bool closest_on_limb(const LimitedLimb2d& L, const TwoBoneJob& job, IkResult& result) {
    const Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const TriangleSides2d& T = L.triangle;
    const glm::vec2 offset = T.offset;
    const float lower = T.lower, upper = T.upper, reach = T.reach, tiny = L.tiny;
    // Unit as they come (unit rest rotations; the offset by its length's reciprocal).
    const Rot2 rest_a = T.rest_a, rest_b = T.rest_b, offset_dir = T.offset_dir;
    const glm::vec2 v = T.v;
    const float distance = T.distance;
    const float fold = std::fabs(upper - lower);
    const float goal = soft_goal_distance(distance, fold, reach, job.settings.softness);
    // As the shape's solve: a soft limb gets as close as it can to its eased point, any other to the target.
    const float wanted = job.settings.softness > 0.0f && goal < distance ? goal : distance;
    const AngleArc& range_a = L.range_a;
    // The lower bone is followed by its direction in the upper bone's frame, d = rest_b b, so
    // the tip there is offset + lower d; its range turns with it.
    const AngleArc range_d = L.range_b.turned(rest_b);
    // The goal point in the upper bone's rest frame: the miss of the pose a is |goal - a tip|.
    const glm::vec2 goal_point = times(conjugate(rest_a), v * (wanted / distance));
    const Rot2 goal_dir = as_rot2(goal_point);  // of length `wanted`: aims are compared by direction

    auto tip_for = [&](Rot2 d) { return offset + lower * glm::vec2{d.c, d.s}; };
    // The lower bone's direction aiming it from the middle joint at the goal point, for the
    // upper pose a (held within its range).
    auto best_d = [&](Rot2 a, auto fallback) {
        const glm::vec2 w = times(conjugate(a), goal_point) - offset;
        if (!(glm::dot(w, w) > tiny * tiny)) return fallback();
        return range_d.nearest(normalized(as_rot2(w)));
    };

    // A bend d with the upper joint's best pose for it: aiming the tip at the goal point, else
    // (out of a's range) the nearer end. Aimed, the miss is the difference of the distances and
    // `a` is left unnormalized (the arc's tests do not need the length; only the few candidates
    // the tie-break compares, and the one taken, are normalized).
    struct Candidate {
        Rot2 a, d;
        float miss;
        bool held;  // a held at an end of its range, whatever aim d would want
    };
    auto evaluate = [&](Rot2 d) {
        const glm::vec2 tip = tip_for(d);
        const float tip2 = glm::dot(tip, tip);
        if (tip2 > tiny * tiny) {
            const Rot2 aim = goal_dir * conjugate(as_rot2(tip));
            if (range_a.contains(aim)) return Candidate{aim, d, std::fabs(wanted - std::sqrt(tip2)), false};
            const Rot2 a = range_a.nearer_end(aim);
            return Candidate{a, d, glm::length(goal_point - times(a, tip)), false};
        }
        const Rot2 a = range_a.nearest(Rot2{});
        return Candidate{a, d, glm::length(goal_point - times(a, tip)), false};
    };

    // The bends to weigh, gathered first and weighed in one loop (the arcs' and the goal's
    // numbers stay in registers; weighed one by one where found they were loaded again for each).
    Rot2 bends[8];
    int bend_count = 0;
    bends[bend_count++] = offset_dir;                          // straight
    bends[bend_count++] = Rot2{-offset_dir.c, -offset_dir.s};  // folded
    // The exact bends, from the sides (Heron's formula, as the triangle); at full reach or at
    // the fold they are the straight or folded limb already considered.
    const float g = clamp_to(wanted, fold, reach);
    const float g2 = g * g;
    const float area4 = std::sqrt(max_of((reach * reach - g2) * (g2 - fold * fold), 0.0f));
    if (area4 > 0.0f) {
        const Rot2 bend = normalized(Rot2{g2 - (upper * upper + lower * lower), area4});
        bends[bend_count++] = offset_dir * bend;
        bends[bend_count++] = offset_dir * conjugate(bend);
    }
    // The current bend, held within its range: the fallback of best_d and what the tie-break
    // measures from (both seldom needed: worked out when they are).
    auto bend_from = [&] {
        const Rot2 b_now = normalized(rot2_from_quat(pose.rotations[B]));
        Rot2 b_from = b_now;
        if (range_d.bounded && !range_d.contains(rest_b * b_now)) {
            const float angle = angle_of(b_now);  // the angle's clamp, as the shape's search takes it
            b_from = angle < range_d.lo_angle ? conjugate(rest_b) * range_d.lo
                                              : (angle > range_d.hi_angle ? conjugate(rest_b) * range_d.hi : b_now);
        }
        return rest_b * b_from;
    };
    const int ends_from = bend_count;  // from here on, bends within the range by construction
    if (range_d.bounded) {
        bends[bend_count++] = range_d.lo;
        bends[bend_count++] = range_d.hi;
    }
    if (range_a.bounded) {
        // The bend a held upper joint wants, with the upper joint's best aim for it (the same
        // joint end when that bend keeps it clamped there): the shape's search weighs bends.
        bends[bend_count++] = best_d(range_a.lo, bend_from);
        bends[bend_count++] = best_d(range_a.hi, bend_from);
    }
    Candidate candidates[10];
    int count = 0;
    for (int i = 0; i < bend_count; ++i) {
        if (i >= ends_from || range_d.contains(bends[i])) candidates[count++] = evaluate(bends[i]);
    }
    if (count == 0) return false;
    auto miss_of = [&](Rot2 a, Rot2 d) { return glm::length(goal_point - times(a, tip_for(d))); };
    if (range_a.bounded && job.keep_side > 0.0f) {
        // The upper joint held at each end with its best bend: where the aim a bend wants lies
        // beyond the range, both ends can be minima (the limb resting against one limit or the
        // other), and the one the limb is at is a side keep_side keeps. Never less than the
        // least above (each bend there has its best aim), so only keep_side can take one.
        for (const Rot2 end : {range_a.lo, range_a.hi}) {
            const Rot2 d = best_d(end, bend_from);
            candidates[count++] = Candidate{end, d, miss_of(end, d), true};
        }
    }

    int best = 0;
    float runner_up = INFINITY;  // the least miss of the others
    for (int i = 1; i < count; ++i) {
        const float miss = candidates[i].miss;
        if (miss < candidates[best].miss) {
            runner_up = candidates[best].miss;
            best = i;
        } else {
            runner_up = min_of(runner_up, miss);
        }
    }
    // Of the candidates within the band of the least, the one MinimumChoice takes, among those
    // where the miss over the bend has a minimum: a bend that is none (a folded limb is often the
    // worst) must not win a tie for being near. The larger joint turn is compared, as a chord.
    const float tolerance = reach_tolerance(job.tolerance, reach);
    const float side_chord = 2.0f * std::sin(0.5f * kKeptSideTurn);
    MinimumChoice choice(candidates[best].miss, tolerance, job.keep_side, side_chord * side_chord);
    // How far apart two turns are, as the squared chord between their unit complex numbers:
    // unlike a cosine, it tells apart turns a few 1e-5 rad apart (1 - cos is below float's
    // resolution there, and the nearest of two close answers must stay the nearest).
    auto apart = [](Rot2 x, Rot2 y) { return (x.c - y.c) * (x.c - y.c) + (x.s - y.s) * (x.s - y.s); };
    Rot2 chosen_a = normalized(candidates[best].a);
    Rot2 chosen_d = candidates[best].d;
    int others = 0;
    Rot2 near_a[10];
    if (choice.within_band(runner_up)) {  // else no other is near
        for (int i = 0; i < count; ++i) {
            if (!choice.within_band(candidates[i].miss)) continue;
            near_a[i] = i == best ? chosen_a : normalized(candidates[i].a);
            others += apart(near_a[i], chosen_a) >= 1e-12f || apart(candidates[i].d, chosen_d) >= 1e-12f;
        }
    }
    if (others > 0) {
        const Rot2 a_now = normalized(rot2_from_quat(pose.rotations[A]));
        const Rot2 d_from = bend_from();
        const Rot2 nudge{0.9999995f, 0.00099999983f};  // a turn of 1e-3 rad
        const float slack = 1e-6f * (reach + wanted);
        auto is_minimum = [&](const Candidate& c) {
            if (c.held) {
                // Held: no bend beside with the same aim, and no aim further into the range.
                for (const Rot2 beside : {c.d * nudge, c.d * conjugate(nudge)}) {
                    if (range_d.contains(beside) && miss_of(c.a, beside) < c.miss - slack) return false;
                }
                for (const Rot2 beside : {c.a * nudge, c.a * conjugate(nudge)}) {
                    if (range_a.contains(beside) && miss_of(beside, c.d) < c.miss - slack) return false;
                }
                return true;
            }
            for (const Rot2 beside : {c.d * nudge, c.d * conjugate(nudge)}) {
                if (range_d.contains(beside) && evaluate(beside).miss < c.miss - slack) return false;
            }
            return true;
        };
        for (int i = 0; i < count; ++i) {
            const Candidate& c = candidates[i];
            if (choice.within_band(c.miss) && is_minimum(c)) choice.offer(i, c.miss, max_of(apart(c.d, d_from), apart(near_a[i], a_now)));
        }
        const int chosen = choice.chosen(best);
        chosen_a = near_a[chosen];
        chosen_d = candidates[chosen].d;
    }
    job.pose->rotations[A] = quat_from_rot2(chosen_a);
    job.pose->rotations[B] = quat_from_rot2(conjugate(rest_b) * chosen_d);
    result.iterations = 1;
    // The tip's miss, in the upper bone's rest frame (rest_a is a unit turn).
    result.error = glm::length(times(conjugate(rest_a), v) - times(chosen_a, tip_for(chosen_d)));
    result.reached = result.error <= tolerance;
    return true;
}

}  // namespace

[[gnu::noinline]] bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    LimitedLimb2d limb;
    return limb.set_up(job, target) && exact_limited_2d(limb, job, result);
}

[[gnu::noinline]] bool closest_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    LimitedLimb2d limb;
    return limb.set_up(job, target) && closest_on_limb(limb, job, result);
}

bool solve_limited_2d_any(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    LimitedLimb2d limb;
    return limb.set_up(job, target) && (exact_limited_2d(limb, job, result) || closest_on_limb(limb, job, result));
}

}  // namespace marionette
