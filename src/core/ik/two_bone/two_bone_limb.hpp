#pragma once
// A two-bone limb seen from its upper bone: where the tip sits for each bend of the middle
// joint, and the frame the bend happens in. Shared by the 3D solve and the limit-aware solve.
//
// The middle joint bends about one axis: its hinge when it has one, else the axis its rest pose
// bends about (2D: z). So the tip, in the upper bone's frame, is
//     T(θ) = offset + lower * rest_b * R(axis_b, θ) * X
// and its squared distance from the root joint is k + c cos(θ - straight): for a goal distance
// there is one bend angle on each side of the straight limb (a "branch"), in closed form, and
// the lower bone's pose is a pure turn about the axis, so it never picks up roll.

#include <optional>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

struct LimbShape {
    glm::vec3 offset{0.0f};  // the middle joint in the upper bone's frame
    float upper = 0.0f;      // |offset|
    float lower = 0.0f;      // the lower bone's length
    glm::quat rest_b{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 axis_b{0.0f, 0.0f, 1.0f};  // the bend axis in the lower bone's rest frame
    glm::vec3 axis{0.0f, 0.0f, 1.0f};    // and in the upper bone's frame
    // The lower bone's rest direction (upper frame) split about the axis: along it, across it,
    // and across it turned a quarter about it.
    glm::vec3 along{0.0f}, across{0.0f}, across_turned{0.0f};
    Rot2 straight;                    // the bend of the straight limb
    float k = 0.0f, c = 0.0f;         // |T|^2 = k + c cos(θ - straight)
    float reach = 0.0f, fold = 0.0f;  // the longest and shortest |T|
    int rest_branch = 1;              // the side the rest pose bends to (+1 when straight)

    // T(θ) for the bend θ as a unit complex number.
    glm::vec3 tip(Rot2 theta) const { return offset + lower * (along + theta.c * across + theta.s * across_turned); }
    // The bend on `branch` (+1 or -1) whose tip lies `goal` from the root joint; `goal` is
    // clamped to [fold, reach].
    Rot2 bend_for(float goal, int branch) const;
    // The bend of the pose rotation q of the lower bone (its twist about axis_b, twist_turn;
    // 0 for a q with no part in it).
    Rot2 bend_of(const glm::quat& q) const;
    // The lower bone's pose rotation for the bend θ.
    glm::quat bend_rotation(Rot2 theta) const;
    // The bend plane's normal in the upper bone's frame for the tip direction `tip_dir` (unit)
    // on `branch`: tip_dir x (the middle joint's direction off the root->tip line), defined
    // also for a straight limb, where it is the axis made perpendicular to tip_dir.
    glm::vec3 bend_normal(const glm::vec3& tip_dir, int branch) const;
    // 3D: the rest pose's bend normal (bend_normal of the rest tip's direction on rest_branch),
    // which the bend plane keeps next to the pole's line. Worked out when asked: only a pole
    // next to the aim's line needs it.
    glm::vec3 rest_normal() const;
};

// The limb whose lower bone is `effector` (a child of the upper bone). 2D limbs bend about z.
LimbShape limb_shape(const Skeleton& skeleton, const Pose& pose, int effector, bool is_2d);

// The bends the middle joint `lower` allows about its bend axis (all of them without limits). 3D:
// a hinge's range; a cone or swing-twist limit's swing either way (a bend has no twist).
AngleRange bend_range(const Bone& lower, bool is_2d);

// The rotation taking the orthonormal pair (from_x, from_y) onto the pair (to_x, to_y).
glm::quat rotation_taking(const glm::vec3& from_x, const glm::vec3& from_y, const glm::vec3& to_x, const glm::vec3& to_y);

// The same for whole right-handed orthonormal frames (from_z = from_x x from_y, to_z likewise),
// for callers that know the third axes without a cross product.
[[gnu::noinline]] glm::quat rotation_of_frames(const glm::vec3& from_x, const glm::vec3& from_y, const glm::vec3& from_z,
                                               const glm::vec3& to_x, const glm::vec3& to_y, const glm::vec3& to_z);
// With `before`, before * that rotation (unit when `before` is): the product is formed beside the
// normalization rather than after it.
inline glm::quat rotation_taking_frames(const glm::vec3& from_x, const glm::vec3& from_y, const glm::vec3& from_z, const glm::vec3& to_x,
                                        const glm::vec3& to_y, const glm::vec3& to_z, const glm::quat& before = {1.0f, 0.0f, 0.0f, 0.0f}) {
    // The rotation is R = sum of to_i from_i^T over the three axes. Its quaternion is
    // proportional to (1 + trace R, the axial vector of R - R^T), and both are sums over the
    // axes: to_i . from_i and from_i x to_i. No matrix is formed. Near a half turn 1 + trace
    // vanishes and that form loses its digits; there the matrix's largest diagonal term leads.
    const float trace = glm::dot(to_x, from_x) + glm::dot(to_y, from_y) + glm::dot(to_z, from_z);
    if (!(trace > -0.5f)) return before * rotation_of_frames(from_x, from_y, from_z, to_x, to_y, to_z);
    const glm::vec3 axial = glm::cross(from_x, to_x) + glm::cross(from_y, to_y) + glm::cross(from_z, to_z);
    const float w = 1.0f + trace;
    return (before * glm::quat{w, axial.x, axial.y, axial.z}) * inverse_sqrt(w * w + glm::dot(axial, axial));
}

// A cone-limited upper joint aiming the tip along a direction w: its pose q0 (the pole's swivel)
// turned by psi about w is cos(psi/2) q0 + sin(psi/2) q1, with q1 = (0, w) q0 (w in the rest
// frame). q0 when that is within the cone whose half-angle cosine is `cos_half_cone`; else the
// swivel interval's end on q0's side, sliding toward its centre as q0 goes round behind it, so
// the answer moves continuously with the inputs; nothing when no swivel is within the cone.
std::optional<glm::quat> cone_swivel(const glm::quat& q0, const glm::quat& q1, float cos_half_cone);

// Where the middle joint bends, across the aim `dir` (bend_side, clear_bend_side).
struct BendSide {
    glm::vec3 toward;  // unit, across dir
    glm::vec3 normal;  // dir x toward: the bend plane's normal the pose turns the limb's own onto
};

// bend_side: how far the hint's side gives way to the kept normal's side next to the hint's
// line. Within 30 degrees of the line (sine kBlendSine) the kept side is mixed in, fading to
// nothing at 30 degrees; at the line itself it has kKeptWeight of the hint's length, so a target
// crossing the line turns the bend plane by about 1 / kKeptWeight times its own angular step.
// The point where the two sides cancel (there must be one: docs/architecture.md) then lies about
// 13 degrees off the line, clear of targets crossing within 10 degrees of it.
inline constexpr float kBlendSine = 0.5f;
inline constexpr float kKeptWeight = 0.35f;

// bend_side where the hint is clear of its line (no blending): the hint's side alone, as
// (dir x hint) x dir, with no cancellation and few dependent steps. False, writing nothing, where
// bend_side blends (blended_bend_side: it needs the kept normal, which a caller may then work out).
inline bool clear_bend_side(const glm::vec3& dir, const glm::vec3& hint, float tiny, BendSide& out) {
    const float hint2 = glm::dot(hint, hint);
    if (!(hint2 > tiny * tiny)) return false;
    const glm::vec3 across = glm::cross(dir, hint);
    const float aa = glm::dot(across, across);
    if (!(aa >= kBlendSine * kBlendSine * hint2)) return false;
    const float k = inverse_sqrt(aa);
    out = {glm::cross(across, dir) * k, across * k};
    return true;
}

// bend_side where clear_bend_side declines: next to the hint's line, or no hint at all.
BendSide blended_bend_side(const glm::vec3& dir, const glm::vec3& hint, const glm::vec3& normal, float tiny);

// The side across `dir` toward which the middle joint bends (unit), for a hint (the pole, or
// the current middle joint, from the root joint). Away from the hint's line it is the hint's
// side of the aim; near that line, where the hint's side turns half round for a tiny move of
// the target, it blends into the side that keeps `normal` as the bend plane's normal, so the
// plane turns smoothly and without memory as the target crosses the line (docs/ik.md, "The pole's line":
// a stateless rule must turn fast somewhere; this puts that point beside the line, not on it).
// `kept_normal()` gives `normal`; it is asked only next to the line (callers work it out there).
template <class KeptNormal>
inline BendSide bend_side(const glm::vec3& dir, const glm::vec3& hint, float tiny, const KeptNormal& kept_normal) {
    if (BendSide clear; clear_bend_side(dir, hint, tiny, clear)) return clear;
    return blended_bend_side(dir, hint, kept_normal(), tiny);
}

}  // namespace marionette
