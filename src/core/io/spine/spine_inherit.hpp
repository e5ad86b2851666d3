#pragma once
// How a bone's frame passes to its children in a Spine skeleton, set against Marionette's rule.
//
// Marionette: a bone's scale stretches the bone, its pictures and its children's joint offsets,
// never its children's frames (pose.hpp). Spine's "noScale" inheritance keeps the offsets
// (a child's joint is placed by the parent's whole matrix P, scale included) and drops the
// scale from the child's frame, but it takes the child's direction as P (cos r, sin r)
// normalised (Bone.updateWorldTransform): under an uneven parent scale (sx != sy) a child
// turned by r off its parent's axis points at atan2(sy sin r, sx cos r) instead of r, its
// frame kept square. The export gives such a child the local rotation whose skewed direction
// is ours: no_scale_rotation. Pure functions.

#include <cmath>

namespace marionette {

// The local rotation (radians) a Spine bone inheriting "noScale" under a parent scaled (sx, sy)
// along its own axes needs for its world direction to be `angle` (radians) off the parent's
// axis, as ours is: atan2(sx sin angle, sy cos angle), taken within half a turn of `angle` so
// that rotations keyed one after another stay continuous. `angle` itself when the scale is
// even. A scale of 0 on either axis has no such rotation (Spine flattens the child's
// direction onto the other axis); the result is then only the nearest it can do.
inline double no_scale_rotation(double angle, double sx, double sy) {
    if (sx == sy) return angle;
    const double skewed = std::atan2(sx * std::sin(angle), sy * std::cos(angle));
    constexpr double kTurn = 6.283185307179586;
    return angle + std::remainder(skewed - angle, kTurn);
}

// `angle` plus the whole turns that bring it within half a turn of `reference`: consecutive
// samples of a rotation, which Spine interpolates as plain numbers, turn the short way.
inline double nearest_turn(double angle, double reference) {
    constexpr double kTurn = 6.283185307179586;
    return reference + std::remainder(angle - reference, kTurn);
}

}  // namespace marionette
