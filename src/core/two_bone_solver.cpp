#include "core/two_bone_solver.hpp"

#include <algorithm>
#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/joint_limits.hpp"
#include "core/rotation_math.hpp"
#include "core/solve_extent.hpp"
#include "core/two_bone_free.hpp"

namespace marionette {

namespace {


// The triangle root joint - middle joint - effector tip, with sides upper, lower and distance.
struct Triangle {
    float cos_root = 1.0f;    // angle at the root joint, between root->middle and root->target
    float sin_root = 0.0f;
    float cos_middle = -1.0f; // interior angle at the middle joint (-1: straight)
    float sin_middle = 0.0f;
};

// `distance` is already within [|upper - lower|, upper + lower] (two_bone_goal_distance). The
// sines come from the area (Heron's formula as a product of four sums of sides), not from
// sqrt(1 - cos^2): next to a straight or folded limb cos is within rounding of +-1 and the
// latter would turn that rounding into a visible aim error, where each factor here is exact
// to rounding of the sides. At the ends of the range the formulas give the straight and the
// folded limb exactly, so those need no cases of their own.
Triangle solve_triangle(float upper, float lower, float distance, float tiny) {
    Triangle t;
    if (upper <= tiny || lower <= tiny) return t;  // a point bone: straight
    if (distance <= tiny) {
        // Equal bones folded onto the root joint: stand off to the bend side.
        t.cos_root = 0.0f;
        t.sin_root = 1.0f;
        t.cos_middle = 1.0f;
        return t;
    }
    const float area16 = (upper + lower + distance) * (lower + distance - upper) * (upper - lower + distance) *
                         (upper + lower - distance);  // 16 area^2
    const float area4 = std::sqrt(max_of(area16, 0.0f));
    const float half_over = 0.5f / (upper * lower * distance);
    const float over_upper_distance = half_over * lower;  // 1 / (2 upper distance)
    const float over_upper_lower = half_over * distance;  // 1 / (2 upper lower)
    t.cos_root = clamp_to(((upper - lower) * (upper + lower) + distance * distance) * over_upper_distance, -1.0f, 1.0f);
    t.sin_root = min_of(area4 * over_upper_distance, 1.0f);
    t.cos_middle = clamp_to(((upper - distance) * (upper + distance) + lower * lower) * over_upper_lower, -1.0f, 1.0f);
    t.sin_middle = min_of(area4 * over_upper_lower, 1.0f);
    return t;
}

float reach_tolerance(const TwoBoneJob& job, float reach) {
    return job.tolerance > 0.0f ? job.tolerance : 1e-4f * max_of(reach, 1e-6f);
}

// A world point in the root bone's parent frame. Kept out of line, as is the general 2D path:
// inlined, their registers and stack would be set up on every call of the common one.
[[gnu::noinline]] glm::vec3 in_parent_frame(const TwoBoneJob& job, const glm::vec3& p) {
    const Transform parent = parent_world(*job.skeleton, *job.pose, job.root);
    return glm::conjugate(parent.rotation) * (p - parent.translation);
}

// Limits and the degenerate cases; `target` in the root bone's parent frame.
[[gnu::noinline]] IkResult run_2d_general(const TwoBoneJob& job, glm::vec2 target) {
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    // The root joint in its parent's frame (its rotation is not needed to place it).
    const glm::vec2 a{sk[A].rest.translation + (sk[A].parent < 0 ? pose.root_offset : glm::vec3{0.0f})};
    const glm::vec2 offset{sk[B].rest.translation};  // middle joint in the upper bone's frame
    // Lengths and directions together from one reciprocal square root each: no divisions.
    const float offset2 = glm::dot(offset, offset);
    const float inverse_upper = offset2 > 0.0f ? inverse_sqrt(offset2) : 0.0f;
    const float upper = offset2 * inverse_upper;
    const float lower = sk[B].length;
    const float reach = upper + lower;
    const float tiny = 1e-6f * max_of(reach, 1e-6f);
    const Rot2 offset_dir = upper > tiny ? Rot2{offset.x * inverse_upper, offset.y * inverse_upper} : Rot2{};
    const Rot2 rest_a = rot2_from_quat(sk[A].rest.rotation);
    const Rot2 rest_b = rot2_from_quat(sk[B].rest.rotation);
    const float bend = job.settings.bend < 0 ? -1.0f : 1.0f;

    // Aim at the target; with the target on the root joint, keep the current aim.
    const glm::vec2 to_target = target - a;
    const float distance2 = glm::dot(to_target, to_target);
    const float inverse_distance = distance2 > 0.0f ? inverse_sqrt(distance2) : 0.0f;
    const float distance = distance2 * inverse_distance;
    Rot2 aim;
    if (distance > tiny) {
        aim = {to_target.x * inverse_distance, to_target.y * inverse_distance};
    } else {
        const Rot2 turn_a = rest_a * rot2_from_quat(pose.rotations[A]);
        const glm::vec2 tip = offset + rotate(rest_b * rot2_from_quat(pose.rotations[B]), {lower, 0.0f});
        const glm::vec2 current = rotate(turn_a, glm::length(tip) > tiny ? tip : glm::vec2{1.0f, 0.0f});
        aim = normalized(Rot2{current.x, current.y});
    }
    const float goal = two_bone_goal_distance(distance, upper, lower, job.settings.softness);
    const Triangle tri = solve_triangle(upper, lower, goal, tiny);

    // Root->middle turns away from the aim by the root angle, to the side opposite the bend;
    // the lower bone turns by bend * (pi - middle angle) relative to root->middle. turn_* are
    // the bones' rotations in their parents' frames (rest and pose together).
    // Normalized: cos and sin come from different formulas (solve_triangle), and next to a bone
    // a million times shorter than the other they no longer make a unit pair. Unnormalized, the
    // written rotations (quat_from_rot2 takes unit input) and the reported miss disagreed.
    Rot2 turn_a = normalized(aim * Rot2{tri.cos_root, -bend * tri.sin_root} * conjugate(offset_dir));
    Rot2 turn_b = normalized(offset_dir * Rot2{-tri.cos_middle, bend * tri.sin_middle});
    Rot2 pose_b = conjugate(rest_b) * turn_b;
    Rot2 pose_a = conjugate(rest_a) * turn_a;

    if (sk[B].limits) {
        const float wanted = angle_of(pose_b);
        const float allowed = nearest_allowed_angle(wanted, angle_range(*sk[B].limits));
        if (allowed != wanted) {
            pose_b = rot2(allowed);
            turn_b = rest_b * pose_b;
            // With the middle joint held at its limit, turn the root to aim the tip again.
            const glm::vec2 tip = rotate(turn_a, offset + rotate(turn_b, {lower, 0.0f}));
            if (glm::length(tip) > tiny && distance > tiny) {
                const glm::vec2 u = tip * inverse_sqrt(glm::dot(tip, tip));
                const glm::vec2 v = to_target * inverse_distance;
                turn_a = normalized(Rot2{glm::dot(u, v), u.x * v.y - u.y * v.x} * turn_a);
                pose_a = conjugate(rest_a) * turn_a;
            }
        }
    }
    if (sk[A].limits) {
        pose_a = rot2(nearest_allowed_angle(angle_of(pose_a), angle_range(*sk[A].limits)));
        turn_a = rest_a * pose_a;
    }

    // Products of unit complex numbers stay unit within rounding; quat_from_rot2 normalizes.
    pose.rotations[A] = quat_from_rot2(pose_a);
    pose.rotations[B] = quat_from_rot2(pose_b);
    const glm::vec2 tip = a + rotate(turn_a, offset + rotate(turn_b, {lower, 0.0f}));
    IkResult r;
    r.iterations = 1;
    r.error = glm::length(tip - target);
    r.reached = r.error <= reach_tolerance(job, reach);
    return r;
}

IkResult run_2d(const TwoBoneJob& job) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    const glm::vec3 t3 = sk[A].parent >= 0 ? in_parent_frame(job, job.target) : job.target;
    const glm::vec2 target{t3.x, t3.y};
    if (IkResult free; !sk[A].limits && !sk[static_cast<std::size_t>(job.effector)].limits && solve_free_2d(job, target, free)) {
        return free;
    }
    return run_2d_general(job, target);
}

// q itself when unit to float precision (most poses: no rounding added), else normalized.
glm::quat as_unit(const glm::quat& q) {
    const float n2 = glm::dot(q, q);
    return std::fabs(n2 - 1.0f) <= 1e-6f ? q : q * inverse_sqrt(n2);
}

// A unit vector perpendicular to `dir` toward which the middle joint bends.
glm::vec3 bend_direction(const glm::vec3& dir, const glm::vec3& root, const std::optional<glm::vec3>& pole,
                         const glm::vec3& middle, const glm::quat& upper_rotation, float tiny) {
    // Projected twice: for a point nearly on the line, one projection leaves rounding of the
    // point's own size along the line, and normalizing the small remainder made a side that was
    // not perpendicular to the aim, bending the limb off it by milliradians (found by fuzzing).
    auto off_line = [&](const glm::vec3& p) {
        const glm::vec3 once = (p - root) - dir * glm::dot(p - root, dir);
        return once - dir * glm::dot(once, dir);
    };
    const float tiny2 = tiny * tiny;
    if (pole) {
        const glm::vec3 v = off_line(*pole);
        if (glm::dot(v, v) > tiny2) return v * inverse_sqrt(glm::dot(v, v));
    }
    const glm::vec3 v = off_line(middle);
    if (glm::dot(v, v) > tiny2) return v * inverse_sqrt(glm::dot(v, v));
    // A straight limb aimed along its own line: bend the way the upper bone's own +Y faces.
    const glm::vec3 y = upper_rotation * glm::vec3{0.0f, 1.0f, 0.0f};
    const glm::vec3 w = off_line(root + y);
    if (glm::length(w) > 1e-3f) return glm::normalize(w);
    return any_perpendicular(dir);
}

// The bone's axis (+X) turned by q: the first column of q's matrix, cheaper than rotating.
glm::vec3 turned_axis(const glm::quat& q) {
    return {1.0f - 2.0f * (q.y * q.y + q.z * q.z), 2.0f * (q.x * q.y + q.w * q.z), 2.0f * (q.x * q.z - q.w * q.y)};
}

// 3D, in the root bone's parent frame: world space enters only through the target and the pole
// (one transform each, and none for a root bone), and the rotations come out in the frame
// they are stored in, so no world rotation has to be taken back out of the answer.
[[gnu::noinline]] IkResult run_3d_general(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole) {
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const glm::quat rest_a = sk[A].rest.rotation;
    const glm::quat rest_b = sk[B].rest.rotation;
    const glm::vec3 a = sk[A].rest.translation + (sk[A].parent < 0 ? pose.root_offset : glm::vec3{0.0f});
    // The bones' rotations in their parents' frames. A start rotation off unit length (which
    // validate() accepts) is taken as its direction: glm applies quaternions as unit ones, and
    // the middle joint it placed from a rotation of length 0.5 bent the limb off its target.
    glm::quat turn_a = rest_a * as_unit(pose.rotations[A]);
    glm::quat turn_b = rest_b * as_unit(pose.rotations[B]);
    const glm::vec3 offset = sk[B].rest.translation;  // middle joint in the upper bone's frame
    const float offset2 = glm::dot(offset, offset);
    const float upper = offset2 > 0.0f ? offset2 * inverse_sqrt(offset2) : 0.0f;
    const float lower = sk[B].length;
    const float reach = upper + lower;
    const float tiny = 1e-6f * max_of(reach, 1e-6f);

    const glm::vec3 to_middle = turn_a * offset;
    const glm::vec3 middle = a + to_middle;
    const glm::vec3 to_target = target - a;
    const float distance2 = glm::dot(to_target, to_target);
    const float inverse_distance = distance2 > 0.0f ? inverse_sqrt(distance2) : 0.0f;
    const float distance = distance2 * inverse_distance;
    glm::vec3 dir;
    if (distance > tiny) {
        dir = to_target * inverse_distance;
    } else if (const glm::vec3 tip = to_middle + turn_a * (turned_axis(turn_b) * lower); glm::length(tip) > tiny) {
        dir = glm::normalize(tip);  // target on the root joint: keep the current aim
    } else if (upper > tiny) {
        dir = glm::normalize(to_middle);
    } else {
        dir = turned_axis(turn_a);
    }
    const glm::vec3 side = bend_direction(dir, a, pole, middle, turn_a, tiny);
    const float goal = two_bone_goal_distance(distance, upper, lower, job.settings.softness);
    const Triangle tri = solve_triangle(upper, lower, goal, tiny);
    // Normalized for the reason run_2d_general gives: the tip lands at goal along the aim only
    // when the new upper bone is `upper` long.
    const float unit_root = inverse_sqrt(tri.cos_root * tri.cos_root + tri.sin_root * tri.sin_root);
    const glm::vec3 new_to_middle = upper * unit_root * (tri.cos_root * dir + tri.sin_root * side);
    const glm::vec3 new_lower = goal * dir - new_to_middle;  // new middle joint -> new tip

    // Turn each bone by the shortest rotation onto its new direction: the limb keeps its roll.
    turn_a = normalized(rotation_between(to_middle, new_to_middle) * turn_a);
    turn_b = normalized(rotation_between(turned_axis(turn_b), glm::conjugate(turn_a) * new_lower) * turn_b);
    glm::quat pose_a = normalized(glm::conjugate(rest_a) * turn_a);
    glm::quat pose_b = normalized(glm::conjugate(rest_b) * turn_b);

    if (sk[B].limits) {
        const glm::quat allowed = constrain_rotation(pose_b, *sk[B].limits, false);
        // Told apart by the relative rotation's vector part: a dot product this close to 1 cannot
        // resolve turns below about 1e-3 rad in float, and a locked hinge was left that far off
        // its axis (found by fuzzing).
        if (rotation_angle(glm::conjugate(allowed) * pose_b) > 1e-6f) {
            pose_b = allowed;
            turn_b = rest_b * pose_b;
            // Middle joint held by its limit: turn the root so the tip aims at the target again.
            const glm::vec3 held_tip = turn_a * (offset + turned_axis(turn_b) * lower);
            if (distance > tiny) {
                turn_a = normalized(rotation_between(held_tip, to_target) * turn_a);
                pose_a = normalized(glm::conjugate(rest_a) * turn_a);
            }
        }
    }
    if (sk[A].limits) {
        pose_a = constrain_rotation(pose_a, *sk[A].limits, false);
        turn_a = rest_a * pose_a;
    }

    pose.rotations[A] = pose_a;
    pose.rotations[B] = pose_b;
    const glm::vec3 tip = a + turn_a * (offset + turned_axis(turn_b) * lower);
    IkResult r;
    r.iterations = 1;
    r.error = glm::length(tip - target);
    r.reached = r.error <= reach_tolerance(job, reach);
    return r;
}

IkResult run_3d(const TwoBoneJob& job) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    glm::vec3 target = job.target;
    std::optional<glm::vec3> pole = job.settings.pole;
    if (sk[A].parent >= 0) {
        const Transform parent = parent_world(sk, *job.pose, job.root);
        const glm::quat to_parent = glm::conjugate(parent.rotation);
        target = to_parent * (target - parent.translation);
        if (pole) pole = to_parent * (*pole - parent.translation);
    }
    if (IkResult free; !sk[A].limits && !sk[static_cast<std::size_t>(job.effector)].limits && solve_free_3d(job, target, pole, free)) {
        return free;
    }
    return run_3d_general(job, target, pole);
}

}  // namespace

float two_bone_goal_distance(float distance, float upper, float lower, float softness) {
    const float reach = upper + lower;
    const float fold = std::fabs(upper - lower);
    const float band = softness * (reach - fold);
    const float start = reach - band;
    float d = distance;
    if (band > 0.0f && d > start) d = start + band * (1.0f - std::exp(-(d - start) / band));
    return max_of(fold, min_of(reach, d));
}

Status TwoBoneJob::validate() const {
    if (!skeleton || !pose) return Error{"two-bone: missing skeleton or pose"};
    if (pose->rotations.size() != skeleton->size()) return Error{"two-bone: the pose does not match the skeleton"};
    const int n = static_cast<int>(skeleton->size());
    if (root < 0 || root >= n || effector < 0 || effector >= n) return Error{"two-bone: the chain's bones are not in the skeleton"};
    if ((*skeleton)[static_cast<std::size_t>(effector)].parent != root) {
        return Error{"two-bone: \"" + (*skeleton)[static_cast<std::size_t>(effector)].name + "\" is not a child of \"" +
                     (*skeleton)[static_cast<std::size_t>(root)].name + "\": the two-bone solver needs a chain of exactly two bones"};
    }
    if (!skeleton->is_parent_before_child()) return Error{"two-bone: bones are not parent-before-child"};
    if (!is_finite(target)) return Error{"two-bone: the target is not a finite point"};
    if (settings.pole && !is_finite(*settings.pole)) return Error{"two-bone: the pole is not a finite point"};
    if (!(settings.softness >= 0.0f && settings.softness <= 1.0f)) return Error{"two-bone: softness must be in [0, 1]"};
    if (!(tolerance >= 0.0f) || !std::isfinite(tolerance)) return Error{"two-bone: bad tolerance"};
    for (int b : {root, effector}) {
        const glm::quat& q = pose->rotations[static_cast<std::size_t>(b)];
        if (!is_finite(q) || glm::dot(q, q) < 1e-12f) {
            return Error{"two-bone: the pose rotation of \"" + (*skeleton)[static_cast<std::size_t>(b)].name + "\" is not a rotation"};
        }
    }
    const Transform parent = parent_world(*skeleton, *pose, root);
    if (!is_finite(pose->root_offset) || !is_finite(parent.translation) || !is_finite(parent.rotation)) {
        return Error{"two-bone: the chain's parent is not finite"};
    }
    return check_solve_extent("two-bone", *skeleton, *pose, root, effector, parent, target, settings.pole);
}

IkResult TwoBoneJob::run() const { return dimensions == Dimensions::Two ? run_2d(*this) : run_3d(*this); }

}  // namespace marionette
