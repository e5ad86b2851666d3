#include "core/ik/two_bone/two_bone_paths.hpp"

#include <cmath>
#include <optional>

#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_limb.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/ik/two_bone/two_bone_swing_twist.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace shaped {

namespace {

float angle_2d_of(const glm::vec3& v) { return std::atan2(v.y, v.x); }

// 2D: the upper joint's pose angle that turns the tip direction onto dir.
float aim_angle_2d(const Limb& L, const glm::vec3& tip_dir) { return wrap_angle(angle_2d_of(L.dir) - angle_2d_of(tip_dir) - L.rest_angle); }

}  // namespace

int branch_of(const LimbShape& shape, Rot2 theta) {
    const float s = (conjugate(shape.straight) * theta).s;
    return side_of_straight(s);
}

std::optional<glm::quat> exact_aim(const Limb& L, Rot2 theta, int branch) {
    const glm::vec3 tip = L.shape.tip(theta);
    const float tt = glm::dot(tip, tip);
    if (!(tt > L.tiny * L.tiny)) return std::nullopt;
    const glm::vec3 tip_dir = tip * inverse_sqrt(tt);
    if (L.is_2d) {
        const float angle = aim_angle_2d(L, tip_dir);
        if (L.upper == UpperKind::Range2d && !L.upper_range.contains(angle)) return std::nullopt;
        return rotation_2d(angle);
    }
    if (L.upper == UpperKind::Hinge) return std::nullopt;  // no swivel: the closest-tip search finds it
    const glm::quat turn = rotation_taking(
        tip_dir, L.shape.bend_normal(tip_dir, branch), L.dir,
        bend_side(L.dir, L.hint, L.tiny, [&L] { return L.normal_from_rest ? L.rest_a * L.shape.rest_normal() : L.normal; }).normal);
    const glm::quat to_rest = glm::conjugate(L.rest_a);
    const glm::quat q0 = normalized(to_rest * turn);
    if (L.upper == UpperKind::Free) return q0;
    // Swivelled by psi about dir the pose is cos(psi/2) q0 + sin(psi/2) q1.
    const glm::quat q1 = to_rest * glm::quat{0.0f, L.dir.x, L.dir.y, L.dir.z} * turn;
    if (L.upper == UpperKind::SwingTwist) {
        const std::optional<float> psi = swing_twist_swivel(q0, q1, to_rest * L.dir, L.swing_twist);
        if (!psi) return std::nullopt;
        return normalized(std::cos(0.5f * *psi) * q0 + std::sin(0.5f * *psi) * q1);
    }
    return cone_swivel(q0, q1, L.cos_half_cone);
}

namespace {

// The aim of a swing-twist upper joint's pose for the tip of that direction and length.
Aim swing_twist_aim(const Limb& L, const glm::vec3& tip_dir, float length, const glm::quat& pose) {
    Aim aim;
    aim.pose = pose;
    const glm::vec3 u = (L.rest_a * pose) * tip_dir;
    aim.along_dir = glm::dot(u, L.dir) > 1.0f - 1e-7f;
    aim.miss = glm::length(L.wanted * L.dir - length * u);
    return aim;
}

}  // namespace

Aim closest_aim(const Limb& L, Rot2 theta) {
    const glm::vec3 tip = L.shape.tip(theta);
    const float length = glm::length(tip);
    const glm::vec3 goal_point = L.wanted * L.dir;
    Aim aim;
    if (!(length > L.tiny)) {
        // A limb of no length aims nowhere: the upper joint keeps its pose, within its limits
        // (found by fuzzing: it was set to rest, outside a range that excludes rest).
        aim.pose = L.upper_limits ? constrain_rotation(L.pose_now, *L.upper_limits, L.is_2d) : L.pose_now;
        aim.miss = glm::length(goal_point);
        return aim;
    }
    const glm::vec3 tip_dir = tip / length;
    glm::vec3 u = L.dir;
    switch (L.upper) {
        case UpperKind::Free: aim.along_dir = true; break;
        case UpperKind::Range2d: {
            const float wanted = aim_angle_2d(L, tip_dir);
            const float allowed = nearest_allowed_angle(wanted, L.upper_range);
            aim.pose = rotation_2d(allowed);
            aim.along_dir = allowed == wanted;
            u = (L.rest_a * aim.pose) * tip_dir;
            break;
        }
        case UpperKind::Cone: {
            const glm::vec3 centre = L.rest_a * tip_dir;
            const float cos_gap = glm::dot(centre, L.dir);
            if (cos_gap >= L.cos_cone) {
                aim.along_dir = true;
            } else {
                glm::vec3 e = L.dir - centre * cos_gap;
                const float ee = glm::dot(e, e);
                e = ee > 1e-12f ? e * inverse_sqrt(ee) : any_perpendicular(centre);
                u = L.cos_cone * centre + L.sin_cone * e;
            }
            aim.pose = rotation_between(tip_dir, glm::conjugate(L.rest_a) * u);
            break;
        }
        case UpperKind::SwingTwist: return swing_twist_aim(L, tip_dir, length, closest_swing_twist_aim(tip_dir, L.dir_rest, L.swing_twist));
        case UpperKind::Hinge: {
            const glm::vec3 h = L.upper_hinge;
            const glm::vec3 want = glm::conjugate(L.rest_a) * L.dir;
            const glm::vec3 from = tip_dir - h * glm::dot(h, tip_dir);
            const glm::vec3 to = want - h * glm::dot(h, want);
            const float wanted = std::atan2(glm::dot(h, glm::cross(from, to)), glm::dot(from, to));
            aim.pose = glm::angleAxis(nearest_allowed_angle(wanted, L.upper_range), h);
            u = (L.rest_a * aim.pose) * tip_dir;
            break;
        }
    }
    aim.miss = glm::length(goal_point - length * u);
    return aim;
}

}  // namespace shaped

using namespace shaped;

IkResult solve_on_shape(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole) {
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const bool is_2d = job.dimensions == Dimensions::Two;
    Limb L{.shape = limb_shape(sk, pose, job.effector, is_2d)};  // built in place: the shape is large
    const LimbShape& shape = L.shape;
    L.is_2d = is_2d;
    L.root = local_translation(sk, pose, A);
    if (is_2d) L.root.z = 0.0f;
    L.rest_a = sk[A].rest.rotation;
    if (is_2d) L.rest_angle = angle_2d(L.rest_a);
    L.tiny = tiny_length(shape.reach);
    L.keep_side = job.keep_side;
    if (const auto& limits = sk[A].limits) {
        L.upper_limits = &*limits;
        if (is_2d) {
            L.upper = UpperKind::Range2d;
            L.upper_range = angle_range(*limits);
        } else if (limits->hinge) {
            L.upper = UpperKind::Hinge;
            L.upper_range = angle_range(*limits);
            L.upper_hinge = *limits->hinge;
        } else if (limits->is_swing_twist()) {
            L.upper = UpperKind::SwingTwist;
            L.swing_twist = SwingTwistLimits(*limits);
        } else if (limits->max_angle) {
            L.upper = UpperKind::Cone;
            const LimitAngle& cone = *limits->max_angle;
            // From the limit's kept cosine and sine; a half turn or more allows every pose.
            const bool whole = !(cone.radians() < kPi);
            L.cos_cone = whole ? -1.0f : cone.cos();
            L.sin_cone = whole ? 0.0f : cone.sin();
            L.cos_half_cone = std::sqrt(max_of(0.5f * (1.0f + L.cos_cone), 0.0f));  // the half angle within a quarter turn
        }
    }
    L.bends = bend_range(sk[B], is_2d);
    const bool limited = sk[A].limits.has_value() || sk[B].limits.has_value();

    // Start rotations off unit length (which validate() accepts) are taken as their directions.
    auto unit = [](const glm::quat& q) { return normalized(q); };
    L.pose_now = unit(pose.rotations[A]);
    // The upper bone's turn now: only the current aim needs it (a target on the root joint, no pole).
    auto turn_a_now = [&L] { return L.rest_a * L.pose_now; };
    const glm::vec3 to_target = target - L.root;
    const float distance = glm::length(to_target);
    // The current bend matters to a limited limb (its side, its nearest answer), to one without a
    // pole (its bend plane) and to a target on the root joint (its aim): a free limb with a pole
    // is solved from the target, the pole and the rest pose alone, and skips it.
    const bool needs_now = limited || !pole || is_2d || !(distance > L.tiny);
    Rot2 bend_now;
    int branch_now = 0;
    glm::vec3 tip_now{0.0f};
    if (needs_now) {
        bend_now = shape.bend_of(unit(pose.rotations[B]));
        branch_now = branch_of(shape, bend_now);
        // The current tip: the aim kept for a target on the root joint, and the hint without a pole.
        if (!(distance > L.tiny) || (!is_2d && !pole)) tip_now = turn_a_now() * shape.tip(bend_now);
    }

    if (distance > L.tiny) {
        L.dir = to_target / distance;
    } else if (glm::length(tip_now) > L.tiny) {
        L.dir = glm::normalize(tip_now);  // target on the root joint: keep the current aim
    } else {
        L.dir = turn_a_now() * glm::vec3{1.0f, 0.0f, 0.0f};
    }
    L.dir_rest = glm::conjugate(L.rest_a) * L.dir;
    L.tip0 = shape.offset + shape.lower * shape.along;
    L.tip_c = shape.lower * shape.across;
    L.tip_s = shape.lower * shape.across_turned;
    L.goal = soft_goal_distance(distance, shape.fold, shape.reach, job.settings.softness);
    // Where a limited tip gets as close as it can to: the target itself, or for a soft limb the
    // eased point short of it (never the clamped goal: out of reach or inside the fold, the
    // closest pose the limits allow to the target is not the closest to that point).
    L.wanted = job.settings.softness > 0.0f && L.goal < distance ? L.goal : distance;

    // Which side to bend to first: a limited limb stays on the side it is on while that side can
    // reach; otherwise (and from straight) the rig's choice: 2D `bend`, 3D the rest pose's side.
    const int preferred = is_2d ? (job.settings.bend < 0 ? -1 : 1) : shape.rest_branch;
    const int first = limited && branch_now != 0 ? branch_now : preferred;
    if (!is_2d) {
        if (pole) {
            L.hint = *pole - L.root;
            L.normal_from_rest = true;
        } else {
            const glm::quat turn_now = turn_a_now();
            L.hint = turn_now * shape.offset;
            const float now_length = glm::length(tip_now);
            const glm::vec3 now_dir = now_length > L.tiny ? tip_now / now_length : L.dir;
            L.normal = shape.bend_normal(glm::conjugate(turn_now) * now_dir, branch_now != 0 ? branch_now : preferred);
            L.normal = turn_now * L.normal;
        }
    }

    const float tolerance = reach_tolerance(job.tolerance, max_of(shape.reach, kMinReach));
    glm::quat pose_a{1.0f, 0.0f, 0.0f, 0.0f};
    Rot2 bend;
    bool solved = false;
    bool solved_within_limits = false;  // the closest pose keeps to the limits as built
    for (const int branch : {first, -first}) {
        // With keep_side only the side the limb is on is tried exactly: the closest-tip search
        // weighs the other side's exact answer against keeping this one.
        if (branch != first && job.keep_side > 0.0f) break;
        const Rot2 theta = shape.bend_for(L.goal, branch);
        if (sk[B].limits && !contains_angle_of(L.bends, theta)) continue;
        if (const auto aimed = exact_aim(L, theta, branch)) {
            pose_a = *aimed;
            bend = theta;
            solved = true;
            break;
        }
    }
    if (!solved) {
        // No bend reaching the goal distance can be aimed there: the closest tip the limits allow.
        const ClosestBend closest = closest_bend(L, bend_now, tolerance);
        bend = closest.turn ? *closest.turn : rot2(closest.bend);
        const Aim& aim = closest.aim;
        pose_a = aim.pose;
        solved_within_limits = aim.within_limits;
        if (aim.along_dir) {
            const int branch = branch_of(shape, bend);
            if (const auto aimed = exact_aim(L, bend, branch != 0 ? branch : first)) pose_a = *aimed;
        }
    }

    // The swivel interval's ends come from acos of a ratio near 1 at a cone's edge, where float
    // rounding can leave the pose over the edge by more than a milliradian (found by fuzzing):
    // a pose the limits refuse is moved onto them, and the miss below is measured, not assumed.
    if (L.upper_limits && !(solved_within_limits && !is_2d) && !within_limits(pose_a, *L.upper_limits, is_2d, kLimitSlack)) {
        pose_a = constrain_rotation(pose_a, *L.upper_limits, is_2d);
    }
    glm::quat pose_b = is_2d ? rotation_2d(angle_of(bend)) : shape.bend_rotation(bend);
    // A bend within the middle joint's range keeps to its hinge or cone (the range is theirs,
    // bend_range), but a pure bend has no twist: a swing-twist middle joint whose twist range
    // leaves out 0 cannot bend within it, and is moved onto its limits like the upper joint.
    bool pose_b_bends = true;
    if (sk[B].limits && !is_2d && sk[B].limits->is_swing_twist() && !within_limits(pose_b, *sk[B].limits, false, kLimitSlack)) {
        pose_b = constrain_rotation(pose_b, *sk[B].limits, false);
        pose_b_bends = false;
    }
    pose.rotations[A] = pose_a;
    pose.rotations[B] = pose_b;
    // The lower bone's pose a pure bend (not moved onto a swing-twist range): its tip is the shape's.
    const glm::vec3 tip_a = pose_b_bends ? shape.tip(bend) : shape.offset + shape.rest_b * (pose_b * glm::vec3{shape.lower, 0.0f, 0.0f});
    const glm::vec3 tip = L.root + (L.rest_a * pose_a) * tip_a;
    IkResult r;
    r.iterations = 1;
    r.error = glm::length(tip - target);
    r.reached = r.error <= tolerance;
    return r;
}

}  // namespace marionette
