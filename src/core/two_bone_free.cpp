#include "core/two_bone_free.hpp"

#include <cmath>

#include "core/rotation_math.hpp"
#include "core/two_bone_limb.hpp"
#include "core/two_bone_solver.hpp"

namespace marionette {

namespace {

// The unit quaternion about z for the turn of the complex number (x, y) of length about m.
// As quat_from_rot2, from the half-angle forms (m + x, y) and (y, m - x), whichever does not
// cancel (the larger entry is m + |x| in both); normalized by its own length, so an m off by
// rounding moves the angle by as little and the quaternion stays unit.
glm::quat quat_from_turn(Rot2 r, float m) {
    const float big = m + std::fabs(r.c);
    const bool forward = r.c >= 0.0f;
    const float w = forward ? big : r.s;
    const float z = forward ? r.s : big;
    const float k = inverse_sqrt(w * w + z * z);
    return {w * k, 0.0f, 0.0f, z * k};
}

}  // namespace

// Everything stays unnormalized until the end, scaled by known lengths: the complex numbers of
// the two joint angles are (cos, sin) times 2 upper goal and 2 upper lower, straight from the
// sides, so no square root or division sits between the goal and the rotations but the area's.
bool solve_free_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const Bone& upper_bone = sk[A];
    const Bone& lower_bone = sk[B];
    const glm::vec2 a{upper_bone.rest.translation + (upper_bone.parent < 0 ? pose.root_offset : glm::vec3{0.0f})};
    const glm::vec2 offset{lower_bone.rest.translation};  // middle joint in the upper bone's frame
    const float lower = lower_bone.length;
    const float offset2 = glm::dot(offset, offset);
    const float inverse_upper = inverse_sqrt(offset2);
    const float upper = offset2 * inverse_upper;
    const float reach = upper + lower;
    const float tiny = 1e-6f * reach;
    const glm::vec2 v = target - a;
    const float d2 = glm::dot(v, v);
    // NaN (a bone of no length) fails these too.
    if (!(upper > tiny && lower > tiny && reach > 1e-6f && reach < 1e6f && d2 > tiny * tiny)) return false;
    // A bone under a thousandth of the limb makes a triangle whose law-of-cosines side loses
    // digits to cancellation, and the tip would not land where this path reports it (found by
    // fuzzing): the general path normalizes the angles and measures the tip.
    if (!(min_of(upper, lower) > 1e-3f * reach)) return false;

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
    const float area4 = std::sqrt((reach2 - g2) * (g2 - fold2));
    const float side = (job.settings.bend < 0 ? -1.0f : 1.0f) * area4;
    // The root turns away from the aim by its angle, to the side opposite the bend; the lower
    // bone turns by bend * (pi - middle angle) from root->middle.
    const Rot2 root_turn{fold * reach + g2, -side};                  // (cos, sin) * 2 upper goal
    const Rot2 middle_turn{g2 - (upper * upper + lower * lower), side};  // (cos, sin) * 2 upper lower

    const Rot2 aim{v.x * inverse_distance, v.y * inverse_distance};
    const Rot2 offset_dir{offset.x * inverse_upper, offset.y * inverse_upper};
    const Rot2 rest_a = rot2_from_quat(upper_bone.rest.rotation);
    const Rot2 rest_b = rot2_from_quat(lower_bone.rest.rotation);
    // pose = conjugate(rest) * turn; the factors that do not wait for the triangle go first.
    const Rot2 pose_a = (aim * conjugate(rest_a * offset_dir)) * root_turn;
    const Rot2 pose_b = (conjugate(rest_b) * offset_dir) * middle_turn;
    pose.rotations[A] = quat_from_turn(pose_a, 2.0f * upper * goal);
    pose.rotations[B] = quat_from_turn(pose_b, 2.0f * upper * lower);

    // The bones' angles come straight from the triangle, so the tip sits at the goal along the
    // aim and the miss is the difference of the distances (two_bone_paths_test measures the tip
    // by forward kinematics against the general path's).
    result.iterations = 1;
    result.error = std::fabs(d2 * inverse_distance - goal);
    result.reached = result.error <= (job.tolerance > 0.0f ? job.tolerance : 1e-4f * reach);
    return true;
}

// Without a hinge the middle joint bends about the normal of the plane its rest pose lies in
// (a limb straight at rest: its lower bone's z), so the limb is planar and the triangle is the
// 2D one: law of cosines in the bend plane, then the tip's frame (its direction and the bend
// normal) turned onto the aim's (the target's direction and the pole's side). LimbShape's
// general form gives the same (two_bone_paths_test); this one skips what a planar limb does
// not need.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result) {
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const Bone& upper_bone = sk[A];
    const Bone& lower_bone = sk[B];
    const glm::vec3 root = upper_bone.rest.translation + (upper_bone.parent < 0 ? pose.root_offset : glm::vec3{0.0f});
    const glm::vec3 offset = lower_bone.rest.translation;
    const float lower = lower_bone.length;
    const float offset2 = glm::dot(offset, offset);
    const float inverse_upper = inverse_sqrt(offset2);
    const float upper = offset2 * inverse_upper;
    const float reach = upper + lower;
    const float tiny = 1e-6f * reach;
    // Solved in the upper bone's rest frame, where its pose rotation is the aiming turn itself.
    const glm::quat to_rest = glm::conjugate(upper_bone.rest.rotation);
    const glm::vec3 v = to_rest * (target - root);
    const float d2 = glm::dot(v, v);
    if (!(upper > tiny && lower > tiny && reach > 1e-6f && reach < 1e6f && d2 > tiny * tiny)) return false;
    if (!(min_of(upper, lower) > 1e-3f * reach)) return false;  // as solve_free_2d: cancellation

    // The bend plane: e1 along the upper bone's part of the limb, e2 across it; the lower bone's
    // rest direction r in it as the unit complex number rho.
    const glm::quat& rb = lower_bone.rest.rotation;
    const glm::vec3 r{1.0f - 2.0f * (rb.y * rb.y + rb.z * rb.z), 2.0f * (rb.x * rb.y + rb.w * rb.z), 2.0f * (rb.x * rb.z - rb.w * rb.y)};
    const glm::vec3 e1 = offset * inverse_upper;
    glm::vec3 axis = glm::cross(e1, r);
    glm::vec3 axis_b{0.0f, 0.0f, 1.0f};
    const float nn = glm::dot(axis, axis);
    if (nn > 1e-6f) {
        axis *= 1.0f / std::sqrt(nn);
        axis_b = glm::conjugate(rb) * axis;
    } else {
        axis = {2.0f * (rb.x * rb.z + rb.w * rb.y), 2.0f * (rb.y * rb.z - rb.w * rb.x), 1.0f - 2.0f * (rb.x * rb.x + rb.y * rb.y)};
    }
    const glm::vec3 e2 = glm::cross(axis, e1);
    const Rot2 rho = normalized(Rot2{glm::dot(r, e1), glm::dot(r, e2)});
    const int branch = rho.s < -1e-6f ? -1 : 1;  // the rest pose's side, LimbShape::rest_branch

    const float inverse_distance = inverse_sqrt(d2);
    const float distance = d2 * inverse_distance;
    const glm::vec3 dir = v * inverse_distance;
    const float fold = std::fabs(upper - lower);
    float goal = clamp_to(distance, fold, reach);
    if (job.settings.softness > 0.0f) goal = soft_goal_distance(distance, fold, reach, job.settings.softness);
    const float g2 = goal * goal;
    // The lower bone's direction beta from e1, times 2 upper lower; its sine from Heron's
    // formula, exactly 0 at both ends of the range.
    const float uu = upper * upper, ll = lower * lower;
    const float sin_beta = static_cast<float>(branch) * std::sqrt(max_of((reach * reach - g2) * (g2 - fold * fold), 0.0f));
    const Rot2 beta = normalized(Rot2{g2 - uu - ll, sin_beta});
    const float tip_x = upper + lower * beta.c;
    const float tip_y = lower * beta.s;
    const float inverse_tip = inverse_sqrt(tip_x * tip_x + tip_y * tip_y);
    if (!(inverse_tip < 1.0f / tiny)) return false;
    const glm::vec3 tip_dir = (tip_x * inverse_tip) * e1 + (tip_y * inverse_tip) * e2;
    const glm::vec3 bend_normal = branch < 0 ? axis : -axis;

    const glm::vec3 side = bend_side(dir, to_rest * (pole - root), bend_normal, tiny);
    pose.rotations[A] = rotation_taking(tip_dir, bend_normal, dir, glm::cross(dir, side));
    const glm::quat half = quat_from_rot2(conjugate(rho) * beta);
    pose.rotations[B] = {half.w, axis_b.x * half.z, axis_b.y * half.z, axis_b.z * half.z};
    // The tip is turned exactly onto dir at the goal's distance: the miss is the difference.
    result.iterations = 1;
    result.error = std::fabs(distance - goal);
    result.reached = result.error <= (job.tolerance > 0.0f ? job.tolerance : 1e-4f * reach);
    return true;
}

}  // namespace marionette
