#include "core/ik/two_bone/two_bone_paths.hpp"

#include <cmath>

#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_limb.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
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

// False where the limb is degenerate or not planar enough for this path.
[[gnu::always_inline]] inline bool bend_plane(const TwoBoneJob& job, BendPlane& p) {
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
    }
    p.axis = {2.0f * (rb.x * rb.z + rb.w * rb.y), 2.0f * (rb.y * rb.z - rb.w * rb.x), 1.0f - 2.0f * (rb.x * rb.x + rb.y * rb.y)};
    // Nearly straight, not quite: the lower bone's z is then off square with the upper bone by
    // the rest's kink, which would skew the whole limb's frame (the upper bone's length times
    // it). The general solve on the limb's shape takes such a limb.
    if (!(std::fabs(glm::dot(p.axis, p.e1)) <= 1e-6f)) return false;
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
};

enum class PlaneAnswer { Solved, Degenerate };

// The triangle in the plane (law of cosines) on `branch`, then the tip's frame (its direction
// and the bend normal) turned onto the aim's (the target's direction and the pole's side, which
// keeps the rest side's normal next to the pole's line, as bend_side says).
[[gnu::always_inline]] inline PlaneAnswer solve_in_plane(const TwoBoneJob& job, const BendPlane& p, const glm::vec3& target,
                                                         const glm::vec3& pole, int branch, PlaneSolve& out) {
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
    const Rot2 beta{(g2 - uu - ll) * to_unit, sin_beta * to_unit};
    const float tip_x = p.upper + p.lower * beta.c;
    const float tip_y = p.lower * beta.s;
    // The tip lies the goal's distance from the root joint: that is the length to divide by.
    if (!(goal > p.tiny)) return PlaneAnswer::Degenerate;
    const float inverse_tip = inverse_sqrt(g2);
    const float cx = tip_x * inverse_tip, cy = tip_y * inverse_tip;
    const glm::vec3 tip_dir = cx * p.e1 + cy * p.e2;
    out.bend = conjugate(p.rho) * beta;
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

}  // namespace

// Without a hinge the middle joint bends about the normal of the plane its rest pose lies in
// (a limb straight at rest: its lower bone's z), so the limb is planar and the triangle is the
// 2D one. LimbShape's general form gives the same (two_bone_paths_test); this one skips what a
// planar limb does not need.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const glm::vec3& pole, IkResult& result) {
    BendPlane p;
    PlaneSolve s;
    if (!bend_plane(job, p) || solve_in_plane(job, p, target, pole, p.rest_branch, s) != PlaneAnswer::Solved) return false;
    write_plane_solve(job, p, s, result);
    return true;
}

// The triangle (which also applies the free paths' guards: a limb they refuse goes to the
// general solve) on the side the limb is on first (from straight: the rig's `bend`), as the solve
// on the limb's shape does, then the other; a side is taken when both joints' angles are within
// their ranges, as arcs.
bool solve_limited_2d(const TwoBoneJob& job, glm::vec2 target, IkResult& result) {
    TriangleSides2d triangle;
    if (!triangle_2d_sides(job, target, triangle)) return false;
    const Skeleton& sk = *job.skeleton;
    const AngleArc range_a = AngleArc::of(sk[static_cast<std::size_t>(job.root)].limits);
    const AngleArc range_b = AngleArc::of(sk[static_cast<std::size_t>(job.effector)].limits);
    // Straight or folded (the target out of reach, or at the fold), the two sides are one pose.
    const int sides = triangle.area4 > 0.0f ? 2 : 1;
    int first = 1;
    if (sides == 2) {
        // The side of the straight limb the current bend is on: the sine of the lower bone's
        // turn from the upper bone's part of the limb.
        const Rot2 now = normalized(rot2_from_quat(job.pose->rotations[static_cast<std::size_t>(job.effector)]));
        const int branch_now = side_of_straight((triangle.rest_b * now * conjugate(triangle.offset_dir)).s);
        first = branch_now != 0 ? branch_now : (job.settings.bend < 0 ? -1 : 1);
    }
    // With keep_side the other side is the closest-pose search's to weigh: the side the limb
    // is on may be kept though it does not reach (docs/ik.md, "Limbs at their limits").
    const int tried = job.keep_side > 0.0f ? 1 : sides;
    for (int i = 0; i < tried; ++i) {
        const Triangle2d t = triangle.side(i == 0 ? first : -first);
        if (!range_b.contains(t.pose_b) || !range_a.contains(t.pose_a)) continue;
        write_triangle_2d(job, t, result);
        return true;
    }
    return false;
}

}  // namespace marionette
