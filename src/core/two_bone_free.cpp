#include "core/two_bone_free.hpp"

#include <cmath>

#include "core/joint_limits.hpp"
#include "core/rotation_math.hpp"
#include "core/two_bone_limb.hpp"
#include "core/two_bone_solver.hpp"
#include "core/two_bone_triangle_2d.hpp"

namespace marionette {

// A limited limb tries the side it is on first (from straight: the rig's `bend`), as the
// solve on the limb's shape does; a side is taken when both joints' angles are in range.
[[gnu::noinline]] bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    const Skeleton& sk = *job.skeleton;
    const Bone& upper_bone = sk[static_cast<std::size_t>(job.root)];
    const Bone& lower_bone = sk[static_cast<std::size_t>(job.effector)];
    // The side of the straight limb the current bend is on: the sine of the lower bone's turn
    // from the upper bone's part of the limb.
    const glm::vec2 offset{lower_bone.rest.translation};
    if (!(glm::dot(offset, offset) > 0.0f)) return false;
    const Rot2 offset_dir = normalized(Rot2{offset.x, offset.y});
    const Rot2 now = normalized(rot2_from_quat(job.pose->rotations[static_cast<std::size_t>(job.effector)]));
    const float s = (rot2_from_quat(lower_bone.rest.rotation) * now * conjugate(offset_dir)).s;
    const int branch_now = s > 1e-5f ? 1 : (s < -1e-5f ? -1 : 0);
    const int first = branch_now != 0 ? branch_now : (job.settings.bend < 0 ? -1 : 1);
    const AngleRange upper_range = upper_bone.limits ? angle_range(*upper_bone.limits) : AngleRange{};
    const AngleRange bends = lower_bone.limits ? angle_range(*lower_bone.limits) : AngleRange{};
    for (const int side : {first, -first}) {
        Triangle2d t;
        if (!triangle_2d(job, target, side, t)) return false;
        if (!bends.contains(angle_of(t.pose_b)) || !upper_range.contains(angle_of(t.pose_a))) continue;
        write_triangle_2d(job, t, result);
        return true;
    }
    return false;
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
