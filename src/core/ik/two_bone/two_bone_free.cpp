#include "core/ik/two_bone/two_bone_free.hpp"

#include <cmath>

#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_limb.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/ik/two_bone/two_bone_swing_twist.hpp"
#include "core/ik/two_bone/two_bone_triangle_2d.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// A 3D limb whose middle joint bends about an axis across both bones (its rest bend axis, or a
// hinge lying that way) moves in one plane: the bend plane, seen in the upper bone's rest
// frame, where the upper bone's pose rotation is the aiming turn (from there to the parent's
// frame, the rest rotation taken off).
struct BendPlane {
    glm::vec3 root{0.0f};  // the root joint, in the parent frame
    float upper = 0.0f, lower = 0.0f, reach = 0.0f, tiny = 0.0f;
    // e1 along the upper bone's part of the limb, e2 across it, axis their normal (e1 x e2);
    // axis_b the same axis in the lower bone's rest frame; the lower bone's rest direction in
    // the plane as the unit complex number rho.
    glm::vec3 e1{1.0f, 0.0f, 0.0f}, e2{0.0f, 1.0f, 0.0f}, axis{0.0f, 0.0f, 1.0f}, axis_b{0.0f, 0.0f, 1.0f};
    Rot2 rho;
    int rest_branch = 1;  // the rest pose's side, LimbShape::rest_branch
};

// False where the limb is degenerate or (given a hinge, in the lower bone's rest frame) the
// hinge does not lie across both bones.
[[gnu::always_inline]] inline bool bend_plane(const TwoBoneJob& job, const glm::vec3* hinge, BendPlane& p) {
    const Skeleton& sk = *job.skeleton;
    const Bone& lower_bone = sk[static_cast<std::size_t>(job.effector)];
    p.root = local_translation(sk, *job.pose, static_cast<std::size_t>(job.root));
    const glm::vec3 offset = local_translation(sk, *job.pose, static_cast<std::size_t>(job.effector));
    p.lower = posed_length(sk, *job.pose, static_cast<std::size_t>(job.effector));
    const float offset2 = glm::dot(offset, offset);
    const float inverse_upper = inverse_sqrt(offset2);
    p.upper = offset2 * inverse_upper;
    p.reach = p.upper + p.lower;
    p.tiny = kTinyOfReach * p.reach;
    if (!free_path_takes(p.upper, p.lower, p.reach)) return false;

    const glm::quat& rb = lower_bone.rest.rotation;
    const glm::vec3 r{1.0f - 2.0f * (rb.y * rb.y + rb.z * rb.z), 2.0f * (rb.x * rb.y + rb.w * rb.z), 2.0f * (rb.x * rb.z - rb.w * rb.y)};
    p.e1 = offset * inverse_upper;
    if (hinge) {
        p.axis_b = *hinge;
        p.axis = rb * p.axis_b;
        if (!(std::fabs(glm::dot(p.axis, p.e1)) <= 1e-6f && std::fabs(glm::dot(p.axis, r)) <= 1e-6f)) return false;
    } else {
        p.axis = glm::cross(p.e1, r);
        const float nn = glm::dot(p.axis, p.axis);
        if (nn > kRestBendCross2) {
            const float inverse_n = inverse_sqrt(nn);
            p.axis *= inverse_n;
            p.axis_b = glm::conjugate(rb) * p.axis;
            p.e2 = glm::cross(p.axis, p.e1);
            // r = cos e1 + sin e2 with the sine |e1 x r|: the rest bend is on the positive side.
            p.rho = {glm::dot(r, p.e1), nn * inverse_n};
            return true;
        } else {
            p.axis = {2.0f * (rb.x * rb.z + rb.w * rb.y), 2.0f * (rb.y * rb.z - rb.w * rb.x), 1.0f - 2.0f * (rb.x * rb.x + rb.y * rb.y)};
            // Nearly straight, not quite: the lower bone's z is then off square with the upper
            // bone by the rest's kink, which would skew the whole limb's frame (the upper bone's
            // length times it). The general solve on the limb's shape takes such a limb.
            if (!(std::fabs(glm::dot(p.axis, p.e1)) <= 1e-6f)) return false;
        }
    }
    p.e2 = glm::cross(p.axis, p.e1);
    // Unit already: the axis is square with r and with e1 (to 1e-6, above), so r lies in the plane.
    p.rho = {glm::dot(r, p.e1), glm::dot(r, p.e2)};
    p.rest_branch = rest_side(p.rho.s);
    return true;
}

struct PlaneSolve {
    glm::quat upper{1.0f, 0.0f, 0.0f, 0.0f}, lower{1.0f, 0.0f, 0.0f, 0.0f};  // the pose rotations
    Rot2 bend;                                                               // the lower bone's turn about the axis from rest
    glm::vec3 aim{1.0f, 0.0f, 0.0f};                                         // root joint -> target, unit, in the upper bone's rest frame
    float distance = 0.0f, goal = 0.0f;
    bool flat = false;  // straight or folded: both sides give one tip and bend (a half swivel apart)
};

enum class PlaneAnswer { Solved, Degenerate, Refused };

// The triangle in the plane (law of cosines) on `branch`, then the tip's frame (its direction
// and the bend normal) turned onto the aim's (the target's direction and the pole's side, which
// keeps the rest side's normal next to the pole's line, as bend_side says). `may_aim(tip_dir,
// aim, bend)`, asked before the frames are built, can refuse the triangle (a limited limb's
// bend out of range, or an aim no pose within the upper joint's limits takes).
template <class MayAim>
[[gnu::always_inline]] inline PlaneAnswer solve_in_plane(const TwoBoneJob& job, const BendPlane& p, const glm::vec3& target,
                                                         const glm::vec3& pole, int branch, PlaneSolve& out, const MayAim& may_aim) {
    // The aim's frame is built in the parent's frame, the tip's in the upper bone's rest frame:
    // the rest rotation is taken off the turn between them at the end, rather than put on the
    // target and the pole at the start, where it would lengthen the chain of dependent steps.
    const glm::quat to_rest = glm::conjugate(job.skeleton->operator[](static_cast<std::size_t>(job.root)).rest.rotation);
    const glm::vec3 v = target - p.root;
    const float d2 = glm::dot(v, v);
    if (!clear_of_root(d2, p.reach)) return PlaneAnswer::Degenerate;
    const float inverse_distance = inverse_sqrt(d2);
    out.distance = d2 * inverse_distance;
    const glm::vec3 dir = v * inverse_distance;
    out.aim = to_rest * dir;
    const float fold = std::fabs(p.upper - p.lower);
    float goal = clamp_to(out.distance, fold, p.reach);
    if (job.settings.softness > 0.0f) goal = soft_goal_distance(out.distance, fold, p.reach, job.settings.softness);
    out.goal = goal;
    const float g2 = goal * goal;
    // The lower bone's direction beta from e1, times 2 upper lower; its sine from Heron's
    // formula, exactly 0 at both ends of the range. Scaled by 1 / (2 upper lower), worked out
    // beside the triangle: the solve's longest chain of dependent steps runs through here, and a
    // normalization would add its square root to it.
    const float uu = p.upper * p.upper, ll = p.lower * p.lower;
    const float to_unit = 0.5f / (p.upper * p.lower);
    const float sin_beta = static_cast<float>(branch) * std::sqrt(max_of((p.reach * p.reach - g2) * (g2 - fold * fold), 0.0f));
    out.flat = sin_beta == 0.0f;
    const Rot2 beta{(g2 - uu - ll) * to_unit, sin_beta * to_unit};
    const float tip_x = p.upper + p.lower * beta.c;
    const float tip_y = p.lower * beta.s;
    // The tip lies the goal's distance from the root joint: that is the length to divide by.
    if (!(goal > p.tiny)) return PlaneAnswer::Degenerate;
    const float inverse_tip = inverse_sqrt(g2);
    const float cx = tip_x * inverse_tip, cy = tip_y * inverse_tip;
    const glm::vec3 tip_dir = cx * p.e1 + cy * p.e2;
    out.bend = conjugate(p.rho) * beta;
    if (!may_aim(tip_dir, out.aim, out.bend)) return PlaneAnswer::Refused;
    const float sigma = branch < 0 ? 1.0f : -1.0f;  // the bend normal is sigma axis

    const glm::vec3 hint = pole - p.root;
    // bend_side written out: its callable would cost the free solve, the hot path, a call.
    BendSide side;
    if (!clear_bend_side(dir, hint, p.tiny, side)) {
        const glm::vec3 rest_normal = glm::conjugate(to_rest) * (p.rest_branch < 0 ? p.axis : -p.axis);
        side = blended_bend_side(dir, hint, rest_normal, p.tiny);
    }
    // Both frames' third axes without a cross product: tip x (sigma axis) lies in the plane, and
    // dir x (dir x side) is -side (side is unit and across dir).
    out.upper = rotation_taking_frames(tip_dir, sigma * p.axis, sigma * (cy * p.e1 - cx * p.e2), dir, side.normal, -side.toward, to_rest);
    const glm::quat half = quat_from_rot2(out.bend);
    out.lower = {half.w, p.axis_b.x * half.z, p.axis_b.y * half.z, p.axis_b.z * half.z};
    return PlaneAnswer::Solved;
}

// The tip is turned exactly onto the aim at the goal's distance: the miss is the difference.
inline void write_plane_solve(const TwoBoneJob& job, const BendPlane& p, const PlaneSolve& s, IkResult& result) {
    job.pose->rotations[static_cast<std::size_t>(job.root)] = s.upper;
    job.pose->rotations[static_cast<std::size_t>(job.effector)] = s.lower;
    result.iterations = 1;
    result.error = std::fabs(s.distance - s.goal);
    result.reached = result.error <= reach_tolerance(job.tolerance, p.reach);
}

// A limited 2D limb as solve_limited_2d reads it, from the triangle (which also applies the free
// paths' guards: a limb they refuse goes to the general solve), the ranges as arcs.
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

}  // namespace

// Without a hinge the middle joint bends about the normal of the plane its rest pose lies in
// (a limb straight at rest: its lower bone's z), so the limb is planar and the triangle is the
// 2D one. LimbShape's general form gives the same (two_bone_paths_test); this one skips what a
// planar limb does not need.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result) {
    BendPlane p;
    PlaneSolve s;
    auto any = [](const glm::vec3&, const glm::vec3&, Rot2) { return true; };
    if (!bend_plane(job, nullptr, p) || solve_in_plane(job, p, target, pole, p.rest_branch, s, any) != PlaneAnswer::Solved) return false;
    write_plane_solve(job, p, s, result);
    return true;
}

// As the solve on the limb's shape (its exact answers, not its closest-tip search): the side
// the limb is on first (from straight, the rest side), then the other; a side is taken when its
// bend is within the middle joint's range and some swivel of the aim within the upper joint's
// limits (the pole's when it is, as cone_swivel and swing_twist_swivel choose otherwise).
[[gnu::noinline]] LimitedAnswer solve_limited_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result) {
    const Skeleton& sk = *job.skeleton;
    const Bone& upper_bone = sk[static_cast<std::size_t>(job.root)];
    const Bone& lower_bone = sk[static_cast<std::size_t>(job.effector)];
    const JointLimits* upper_limits = upper_bone.limits ? &*upper_bone.limits : nullptr;
    if (upper_limits && upper_limits->hinge) return LimitedAnswer::Declined;  // no swivel: the closest-tip search's
    const JointLimits* lower_limits = lower_bone.limits ? &*lower_bone.limits : nullptr;
    BendPlane p;
    if (!bend_plane(job, lower_limits && lower_limits->hinge ? &*lower_limits->hinge : nullptr, p)) return LimitedAnswer::Declined;
    const AngleRange bends = bend_range(lower_bone, false);
    if (lower_limits && lower_limits->is_swing_twist()) {
        // A bend is a pure turn about an axis across the bone, without twist: a twist range
        // leaving out 0 holds it off every bend (the shape's solve moves it onto the range).
        const AngleRange twist = twist_range(*lower_limits);
        if (!(twist.lo <= 1e-6f && twist.hi >= -1e-6f)) return LimitedAnswer::Declined;
    }
    // The side: the sine of the current bend (the lower bone's twist about the axis, squared
    // from its half angle) measured from the straight limb, which is the bend conj(rho).
    int first = p.rest_branch;
    if (Rot2 bend_now; twist_turn(job.pose->rotations[static_cast<std::size_t>(job.effector)], p.axis_b, bend_now)) {
        if (const int side = side_of_straight((p.rho * bend_now).s)) first = side;
    }
    // A quick look before the frames are built: the bend within its range, and an aim some
    // swivel may take within the upper joint's limits. The least turn taking the tip direction
    // onto the aim is their angle, so a cone refuses it when that angle exceeds the cone; along
    // the swivels the bone's x keeps its angle to the tip direction, so the least swing is the
    // difference of x's angles to the tip and to the aim. Rounding's share is left to the
    // exact test after (kLimitSlack, and a hair more here).
    // A ball joint's cone (no swing-twist, no hinge: declined above) is tested at each side
    // tried: its trigonometry is done once here, for the exact test (within_limits' own, with
    // its slack) and the quick look (a hair more: 1e-5 in the cosine is more than 9e-6 rad).
    const bool cone_only = upper_limits && !upper_limits->is_swing_twist();
    const TurnBound cone(cone_only && upper_limits->max_angle ? *upper_limits->max_angle + kLimitSlack : kPi);
    auto within_upper = [&](const glm::quat& q) { return cone_only ? cone.holds(q) : within_limits(q, *upper_limits, false, kLimitSlack); };
    const float cos_cone = cone.cosine() - 1e-5f;  // no cone: below -1, which every aim passes
    // cos(swing + 1e-5) from the kept cosine and sine (their product with cos 1e-5 is theirs).
    const float cos_swing = upper_limits && upper_limits->swing ? upper_limits->swing->cos() - 1e-5f * upper_limits->swing->sin() : -2.0f;
    auto may_aim = [&](const glm::vec3& tip_dir, const glm::vec3& aim, Rot2 bend) {
        if (lower_limits && !contains_angle_of(bends, bend)) return false;
        if (glm::dot(tip_dir, aim) < cos_cone) return false;
        if (cos_swing > -2.0f) {
            const float across_tip = std::sqrt(max_of(tip_dir.y * tip_dir.y + tip_dir.z * tip_dir.z, 0.0f));
            const float across_aim = std::sqrt(max_of(aim.y * aim.y + aim.z * aim.z, 0.0f));
            if (tip_dir.x * aim.x + across_tip * across_aim < cos_swing) return false;
        }
        return true;
    };
    for (const int branch : {first, -first}) {
        // With keep_side the other side is the closest-tip search's to weigh (solve_on_shape).
        if (branch != first && job.keep_side > 0.0f) break;
        PlaneSolve s;
        const PlaneAnswer answer = solve_in_plane(job, p, target, pole, branch, s, may_aim);
        if (answer == PlaneAnswer::Degenerate) return LimitedAnswer::Declined;
        if (answer == PlaneAnswer::Refused) {
            if (s.flat) break;
            continue;
        }
        // The pole's swivel when the upper joint's limits allow it (the common case, and the
        // cheap test); else the swivel the shape's solve would take.
        if (upper_limits && !within_upper(s.upper)) {
            // q0's swivels about the aim (rest frame: q0 takes the tip direction onto it).
            const glm::vec3 aim = s.aim;
            const glm::quat q1 = glm::quat{0.0f, aim.x, aim.y, aim.z} * s.upper;
            std::optional<glm::quat> swivelled;
            if (upper_limits->is_swing_twist()) {
                const SwingTwistLimits limits(*upper_limits);
                if (const std::optional<float> psi = swing_twist_swivel(s.upper, q1, aim, limits)) {
                    swivelled = normalized(std::cos(0.5f * *psi) * s.upper + std::sin(0.5f * *psi) * q1);
                }
            } else if (upper_limits->max_angle) {
                swivelled = cone_swivel(s.upper, q1, std::cos(0.5f * *upper_limits->max_angle));
            }
            if (!swivelled) {
                if (s.flat) break;
                continue;
            }
            s.upper = *swivelled;
            // As the shape's solve: rounding at a cone's edge is moved back onto it, and the
            // miss is then measured, not assumed (a swivel about the aim keeps the tip on it).
            if (!within_upper(s.upper)) {
                s.upper = constrain_rotation(s.upper, *upper_limits, false);
                write_plane_solve(job, p, s, result);
                const glm::vec3 tip = s.upper * (local_translation(sk, *job.pose, static_cast<std::size_t>(job.effector)) +
                                                 lower_bone.rest.rotation * (s.lower * glm::vec3{p.lower, 0.0f, 0.0f}));
                result.error = glm::length(tip - s.distance * s.aim);
                result.reached = result.error <= reach_tolerance(job.tolerance, p.reach);
                return LimitedAnswer::Solved;
            }
        }
        write_plane_solve(job, p, s, result);
        return LimitedAnswer::Solved;
    }
    return LimitedAnswer::NoExactAnswer;
}

bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    LimitedLimb2d limb;
    return limb.set_up(job, target) && exact_limited_2d(limb, job, result);
}

}  // namespace marionette
