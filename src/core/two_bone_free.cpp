#include "core/two_bone_free.hpp"

#include <cmath>

#include "core/quat_sse.hpp"
#include "core/rotation_math.hpp"
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

#if defined(__SSE2__)

namespace {

// The shortest rotation turning u onto v, unnormalized (it is normalized once, in the product
// it is applied to): (u x v, |u||v| + u.v) with `norms` = |u||v|, as rotation_between. False
// within about a degree of opposite: there w cancels and the turn's angle is ill-conditioned
// (off by up to 1e-4 rad in float), so those rare solves take the general path.
bool turn_between(sse::V4 u, sse::V4 v, float norms, sse::V4& q) {
    const sse::V4 w = _mm_add_ps(_mm_set1_ps(norms), sse::dot4(u, v));
    if (!(sse::first(w) >= 1e-4f * norms)) return false;
    q = _mm_add_ps(sse::cross(u, v), _mm_mul_ps(w, _mm_setr_ps(0.0f, 0.0f, 0.0f, 1.0f)));
    return true;
}

}  // namespace

// As the general path: each bone turns by the shortest rotation onto its new direction. The
// solve runs in the upper bone's rest frame (its parent frame turned by its rest rotation), where
// the upper bone's rotation is its pose rotation itself, and the lower bone's turn is taken in
// its own rest frame: no rest rotation is put on and taken off again, and each pose rotation is
// normalized once. Every step that waits on the previous pose (the one a dragged limb's next
// solve waits on) is kept short: the pole is taken off the line root->target with
// 1/distance^2, and the new upper bone comes straight from the sides scaled by known lengths, as
// in 2D.
bool solve_free_3d(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole, IkResult& result) {
    using namespace sse;
    const Skeleton& sk = *job.skeleton;
    Pose& pose = *job.pose;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const Bone& upper_bone = sk[A];
    const Bone& lower_bone = sk[B];
    const glm::vec3 offset3 = lower_bone.rest.translation;
    const float lower = lower_bone.length;
    const float offset2 = glm::dot(offset3, offset3);
    const float upper = offset2 * inverse_sqrt(offset2);
    const float reach = upper + lower;
    const float tiny = 1e-6f * reach;
    const V4 a = load(upper_bone.rest.translation + (upper_bone.parent < 0 ? pose.root_offset : glm::vec3{0.0f}));
    const V4 to_target = _mm_sub_ps(load(target), a);
    const V4 d2v = dot4(to_target, to_target);
    const float d2 = first(d2v);
    // Squares of distances up to 1e7 stay far from float's limits in the products below.
    if (!(upper > tiny && lower > tiny && reach > 1e-4f && reach < 1e6f && d2 > tiny * tiny && d2 < 1e14f)) return false;
    if (!(min_of(upper, lower) > 1e-3f * reach)) return false;  // thin triangles: as in 2D

    const V4 to_rest_a = conjugate(load(upper_bone.rest.rotation));
    const V4 rest_b = load(lower_bone.rest.rotation);
    const V4 pose_a = load(pose.rotations[A]);
    const V4 pose_b = load(pose.rotations[B]);
    // The current rotations are applied as unit ones (rotate, turned_axis). A start pose off unit
    // length, which the jobs accept, turned the bones from where they are not (a root rotation
    // of length 1e-3 left the tip 1.4 off; found by fuzzing): the general path, which builds
    // both rotations anew, takes it. Off the critical path: the products wait on nothing.
    const float unit_a = first(dot4(pose_a, pose_a)) - 1.0f;
    const float unit_b = first(dot4(pose_b, pose_b)) - 1.0f;
    if (!(std::fabs(unit_a) < 1e-5f && std::fabs(unit_b) < 1e-5f)) return false;
    const V4 offset = load(offset3);
    const V4 v = rotate(to_rest_a, to_target);  // from here on in the upper bone's rest frame
    const V4 to_middle = rotate(pose_a, offset);

    // The bend side: the pole (else the current middle joint) off the line root->target.
    const V4 inverse_d = inverse_sqrt4(d2v);
    const V4 inverse_d2 = _mm_mul_ps(inverse_d, inverse_d);
    auto off_line = [&](V4 p) { return _mm_sub_ps(p, _mm_mul_ps(v, _mm_mul_ps(dot4(p, v), inverse_d2))); };
    const V4 hint = pole ? rotate(to_rest_a, _mm_sub_ps(load(*pole), a)) : to_middle;
    V4 off = off_line(hint);
    V4 off2 = dot4(off, off);
    V4 hint2 = dot4(hint, hint);  // off the critical path
    if (!(first(off2) > tiny * tiny) && pole) {
        off = off_line(to_middle);
        off2 = dot4(off, off);
        hint2 = dot4(to_middle, to_middle);
    }
    if (!(first(off2) > tiny * tiny)) return false;  // a straight limb along its own line
    // A hint within about half a degree of the line: one projection leaves rounding of the
    // hint's own size along the line, the side is then not perpendicular to the aim and the
    // tip misses the goal this path reports (found by fuzzing). The general path projects twice.
    if (!(first(off2) > 1e-4f * first(hint2))) return false;
    const V4 side = _mm_mul_ps(off, inverse_sqrt4(off2));
    const V4 dir = _mm_mul_ps(v, inverse_d);

    const float fold = upper - lower;
    const float fold2 = fold * fold;
    const float reach2 = reach * reach;
    const float distance = d2 * first(inverse_d);
    float g2 = clamp_to(d2, fold2, reach2);
    if (job.settings.softness > 0.0f) {
        const float g = two_bone_goal_distance(distance, upper, lower, job.settings.softness);
        g2 = g * g;
    }
    const float inverse_goal = inverse_sqrt(g2);
    const float goal = g2 * inverse_goal;
    // (cos, sin) of the root angle times 2 upper goal, Heron's area as in 2D; the new upper
    // bone is that times upper / (2 upper goal).
    const float area4 = std::sqrt((reach2 - g2) * (g2 - fold2));
    const float scale = 0.5f * inverse_goal;
    const V4 new_to_middle = _mm_add_ps(_mm_mul_ps(dir, _mm_set1_ps((fold * reach + g2) * scale)), _mm_mul_ps(side, _mm_set1_ps(area4 * scale)));
    const V4 new_lower = _mm_sub_ps(_mm_mul_ps(dir, _mm_set1_ps(goal)), new_to_middle);

    // |new_to_middle| = upper and |new_lower| = lower by construction; the bones' current
    // directions are measured: near a half turn w cancels, and the rounding of a length taken
    // as known would move the turn's angle by far more than its own size.
    V4 turn_upper, turn_lower;
    if (!turn_between(to_middle, new_to_middle, std::sqrt(first(dot4(to_middle, to_middle))) * upper, turn_upper)) return false;
    const V4 new_pose_a = normalized4(mul(turn_upper, pose_a));
    // The new lower bone in the lower bone's rest frame, where its pose rotation turns +X.
    const V4 lower_local = rotate(conjugate(mul(new_pose_a, rest_b)), new_lower);
    const V4 axis_b = turned_axis(pose_b);
    if (!turn_between(axis_b, lower_local, std::sqrt(first(dot4(axis_b, axis_b))) * lower, turn_lower)) return false;
    store(pose.rotations[A], new_pose_a);
    store(pose.rotations[B], normalized4(mul(turn_lower, pose_b)));

    // Each bone is now turned exactly onto its new direction, so the tip sits at goal along the
    // aim and the miss is the difference of the distances (two_bone_paths_test measures the tip
    // by forward kinematics against the general path's).
    result.iterations = 1;
    result.error = std::fabs(distance - goal);
    result.reached = result.error <= (job.tolerance > 0.0f ? job.tolerance : 1e-4f * reach);
    return true;
}

#else

bool solve_free_3d(const TwoBoneJob&, const glm::vec3&, const std::optional<glm::vec3>&, IkResult&) { return false; }

#endif

}  // namespace marionette
