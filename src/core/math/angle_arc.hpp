#pragma once
// An angle range as an arc of the unit circle, its ends as unit complex numbers, so that whether a
// direction lies on it, and which end is nearer, cost products instead of atan2: the limited 2D
// solves (two_bone_free.cpp's limited 2D path, the 2D range's miss over the bend) and the
// swing-twist twist ends' bends (TwistEndRim).

#include <optional>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// An angle range as the arc from `lo` counter-clockwise to `hi`; the whole circle for a joint
// without limits.
struct AngleArc {
    bool bounded = false;
    bool partial = false;  // bounded, and less than the whole circle
    bool narrow = false;   // up to a half turn
    Rot2 lo, hi;
    Rot2 middle{0.0f, 0.0f};  // lo + hi: along the arc's middle
    float lo_angle = -kPi, hi_angle = kPi;

    // A joint's range, its ends' cosines and sines as the limits keep them.
    static AngleArc of(const JointLimits& limits) {
        const LimitAngle lo = limits.min_angle ? *limits.min_angle : LimitAngle::half_turn_below();
        const LimitAngle hi = limits.max_angle ? *limits.max_angle : LimitAngle::half_turn_above();
        return of({lo.radians(), hi.radians()}, {lo.cos(), lo.sin()}, {hi.cos(), hi.sin()});
    }
    static AngleArc of(const std::optional<JointLimits>& limits) { return limits ? of(*limits) : AngleArc{}; }
    static AngleArc of(const AngleRange& range) { return of(range, rot2(range.lo), rot2(range.hi)); }
    static AngleArc of(const AngleRange& range, Rot2 lo_turn, Rot2 hi_turn) {
        AngleArc arc;
        arc.bounded = true;
        arc.lo_angle = range.lo;
        arc.hi_angle = range.hi;
        arc.lo = lo_turn;
        arc.hi = hi_turn;
        arc.middle = {arc.lo.c + arc.hi.c, arc.lo.s + arc.hi.s};
        const float width = range.hi - range.lo;
        arc.partial = width < 2.0f * kPi;
        arc.narrow = width <= kPi;
        return arc;
    }
    // The arc turned by the unit r (its angles, kept for the clamp, are not).
    AngleArc turned(Rot2 r) const {
        AngleArc arc = *this;
        arc.lo = r * lo;
        arc.hi = r * hi;
        arc.middle = {arc.lo.c + arc.hi.c, arc.lo.s + arc.hi.s};
        return arc;
    }
    // Whether the direction z (any length) lies on the arc. Up to a half turn, the arc is where
    // z is past lo and short of hi, and on the near side of their middle: of an arc of no width
    // (a joint held at one angle) the first two also pass the opposite direction (found by
    // fuzzing: a knee held at 0 bent straight back).
    bool contains(Rot2 z) const {
        if (!partial) return true;
        if (narrow) return cross2(lo, z) >= 0.0f && cross2(z, hi) >= 0.0f && dot2(middle, z) >= 0.0f;
        return !(cross2(hi, z) > 0.0f && cross2(z, lo) > 0.0f);
    }
    // Whether lo is the end nearer the direction z (any length), on the circle.
    bool lo_is_nearer(Rot2 z) const { return dot2(z, lo) > dot2(z, hi); }
    Rot2 nearer_end(Rot2 z) const { return lo_is_nearer(z) ? lo : hi; }
    // The unit z itself when on the arc, else the nearer end.
    Rot2 nearest(Rot2 z) const { return contains(z) ? z : nearer_end(z); }
    // The angle of a direction z on the arc, as the arc's angles run (lo_angle to hi_angle).
    float angle_on(Rot2 z) const {
        float angle = std::atan2(z.s, z.c);  // clamped onto the arc below: its ends are kept
        if (angle < lo_angle) angle += 2.0f * kPi;
        if (angle > hi_angle) angle -= 2.0f * kPi;
        return clamp_to(angle, lo_angle, hi_angle);
    }
};

}  // namespace marionette
