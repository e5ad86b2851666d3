#pragma once
// The paths TwoBoneJob::run() takes, each taking `target` (and `pole`) in the root bone's parent
// frame (2D: z = 0, no pole).
//
// The fast paths, for the common cases (no joint limits; a 2D limb with limits whose target the
// side it is on reaches within its ranges), written for speed: the editor and the frame
// benchmark call them thousands of times a frame. The 2D triangle (the law of cosines on complex
// numbers) is inline, so that run() inlines it, which a call across files would not.
//
// The solve on the limb's shape (two_bone_limb.hpp): every other limb, 3D limbs with limits and
// 2D limbs whose target lies beyond their ranges. The middle joint's bend comes from the goal
// distance in closed form, one candidate on each side of the straight limb. The upper bone then
// aims the tip: in 3D it takes the tip direction onto the aim and the bend plane's normal onto
// the one the pole asks for, so its roll, too, follows from the target, the pole and the rest
// pose, never from the path the limb came by. With limits, a candidate whose aim the upper joint
// allows is an exact reach (a 3D cone leaves an interval of swivels about the aim: the one
// nearest the pole's is taken). When none is, the closest reachable tip is the least over the
// bend's range of the closest tip the upper joint allows for each bend (two_bone_shaped_limb.hpp).
// Tests (two_bone_paths_test) check that the fast paths give the solve on the shape's pose.

#include <cmath>
#include <optional>

#include <glm/glm.hpp>

#include "core/ik/ik_result.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

// The unit quaternion about z for the turn of the complex number (x, y) of length about m.
// As quat_from_rot2, from the half-angle forms (m + x, y) and (y, m - x), whichever does not
// cancel (the larger entry is m + |x| in both); normalized by its own length, so an m off by
// rounding moves the angle by as little and the quaternion stays unit.
inline glm::quat quat_from_turn(Rot2 r, float m) {
    const float big = m + std::fabs(r.c);
    const bool forward = r.c >= 0.0f;
    const float w = forward ? big : r.s;
    const float z = forward ? r.s : big;
    const float k = inverse_sqrt(w * w + z * z);
    return {w * k, 0.0f, 0.0f, z * k};
}

// The 2D triangle for one side of the limb, nothing written. Everything stays unnormalized until
// the end, scaled by known lengths: the complex numbers of the two joint angles are (cos, sin)
// times 2 upper goal and 2 upper lower, straight from the sides, so no square root or division
// sits between the goal and the rotations but the area's.
struct Triangle2d {
    Rot2 pose_a, pose_b;   // unnormalized
    float scale_a = 0.0f;  // |pose_a|, about: 2 upper goal
    float scale_b = 0.0f;  // |pose_b|, about: 2 upper lower
    float error = 0.0f;
    float reach = 0.0f;
};

// The triangle before a side is chosen: the two sides differ only in the sign of the area, so
// a solve that tries both (within limits) builds it once. Also what the limb's lengths and
// frames came out as, for the limited solves (unused fields cost the free solve nothing: all of
// it is inlined).
struct TriangleSides2d {
    Rot2 frame_a, frame_b;  // the factors of the poses that do not wait for the triangle
    float root_cos = 0.0f, middle_cos = 0.0f, area4 = 0.0f;
    float scale_a = 0.0f, scale_b = 0.0f, error = 0.0f, reach = 0.0f;
    glm::vec2 offset{0.0f}, v{0.0f};  // the middle joint (upper bone's frame); root to target
    float upper = 0.0f, lower = 0.0f, distance = 0.0f;
    Rot2 rest_a, rest_b, offset_dir;

    Triangle2d side(int bend) const {
        const float s = (bend < 0 ? -1.0f : 1.0f) * area4;
        // The root turns away from the aim by its angle, to the side opposite the bend; the
        // lower bone turns by bend * (pi - middle angle) from root->middle.
        return {frame_a * Rot2{root_cos, -s}, frame_b * Rot2{middle_cos, s}, scale_a, scale_b, error, reach};
    }
};

[[gnu::always_inline]] inline bool triangle_2d_sides(const TwoBoneJob& job, glm::vec2 target, TriangleSides2d& out) {
    const Skeleton& sk = *job.skeleton;
    const Pose& pose = *job.pose;
    const Bone& upper_bone = sk[static_cast<std::size_t>(job.root)];
    const Bone& lower_bone = sk[static_cast<std::size_t>(job.effector)];
    const glm::vec2 a{local_translation(sk, pose, static_cast<std::size_t>(job.root))};
    const glm::vec2 offset{local_translation(sk, pose, static_cast<std::size_t>(job.effector))};  // middle joint in the upper bone's frame
    const float lower = posed_length(sk, pose, static_cast<std::size_t>(job.effector));
    const float offset2 = glm::dot(offset, offset);
    const float inverse_upper = inverse_sqrt(offset2);
    const float upper = offset2 * inverse_upper;
    const float reach = upper + lower;
    const glm::vec2 v = target - a;
    const float d2 = glm::dot(v, v);
    if (!(free_path_takes(upper, lower, reach) && clear_of_root(d2, reach))) return false;

    // The goal distance on squares: no square root before the triangle.
    const float fold = upper - lower;
    const float fold2 = fold * fold;
    const float reach2 = reach * reach;
    float g2 = clamp_to(d2, fold2, reach2);
    const float inverse_distance = inverse_sqrt(d2);
    if (job.settings.softness > 0.0f) {
        const float g = two_bone_goal_distance(d2 * inverse_distance, upper, lower, job.settings.softness);
        g2 = g * g;
    }
    const float inverse_goal = inverse_sqrt(g2);
    const float goal = g2 * inverse_goal;

    // 4 area from Heron's formula as ((u + l)^2 - g^2)(g^2 - (u - l)^2): each factor is exactly 0
    // at its end of the range (g2 is clamped to the very same squares), so the straight and the
    // folded limb come out exact, and near them no sqrt(1 - cos^2) cancels.
    out.area4 = std::sqrt((reach2 - g2) * (g2 - fold2));
    out.root_cos = fold * reach + g2;                       // * 2 upper goal
    out.middle_cos = g2 - (upper * upper + lower * lower);  // * 2 upper lower

    const Rot2 aim{v.x * inverse_distance, v.y * inverse_distance};
    out.offset_dir = {offset.x * inverse_upper, offset.y * inverse_upper};
    out.rest_a = rot2_from_quat(upper_bone.rest.rotation);
    out.rest_b = rot2_from_quat(lower_bone.rest.rotation);
    // pose = conjugate(rest) * turn
    out.frame_a = aim * conjugate(out.rest_a * out.offset_dir);
    out.frame_b = conjugate(out.rest_b) * out.offset_dir;
    out.scale_a = 2.0f * upper * goal;
    out.scale_b = 2.0f * upper * lower;
    out.distance = d2 * inverse_distance;
    // The bones' angles come straight from the triangle, so the tip sits at the goal along the
    // aim and the miss is the difference of the distances (two_bone_paths_test measures the tip
    // by forward kinematics against the general path's).
    out.error = std::fabs(out.distance - goal);
    out.reach = reach;
    out.offset = offset;
    out.v = v;
    out.upper = upper;
    out.lower = lower;
    return true;
}

[[gnu::always_inline]] inline bool triangle_2d(const TwoBoneJob& job, glm::vec2 target, int bend, Triangle2d& out) {
    TriangleSides2d sides;
    if (!triangle_2d_sides(job, target, sides)) return false;
    out = sides.side(bend);
    return true;
}

[[gnu::always_inline]] inline void write_triangle_2d(const TwoBoneJob& job, const Triangle2d& t, IkResult& result) {
    Pose& pose = *job.pose;
    pose.rotations[static_cast<std::size_t>(job.root)] = quat_from_turn(t.pose_a, t.scale_a);
    pose.rotations[static_cast<std::size_t>(job.effector)] = quat_from_turn(t.pose_b, t.scale_b);
    result.iterations = 1;
    result.error = t.error;
    result.reached = t.error <= reach_tolerance(job.tolerance, t.reach);
}

// The 2D solve of a limb without limits, on the rig's `bend` side. False when the inputs are
// degenerate (the target on the root joint, a bone of no length, lengths outside what float
// products of four lengths hold): the general path gives those their defined poses. Nothing is
// written then.
[[gnu::always_inline]] inline bool solve_free_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    Triangle2d t;
    if (!triangle_2d(job, target, job.settings.bend, t)) return false;
    write_triangle_2d(job, t, result);
    return true;
}

// solve_free_2d's triangle for a 2D limb with joint limits, when the side it is on (from straight: the
// rig's `bend`) or else the other side reaches the goal within both ranges: the exact answer of
// the solve on the limb's shape, without building the shape. False, writing nothing, when
// neither side does (the closest-tip search's case) or the inputs are degenerate.
bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result);

// 3D, a limb without limits and with a pole: the exact
// aim of the solve on the limb's shape without its limit machinery, the same pose to rounding
// (two_bone_paths_test). False, writing nothing, where the inputs are degenerate.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result);

// The solve on the limb's shape, for any limb.
IkResult solve_on_shape(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole);

}  // namespace marionette
