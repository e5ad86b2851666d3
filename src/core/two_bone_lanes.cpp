#include "core/two_bone_lanes.hpp"

#include "core/rotation_math.hpp"
#include "core/two_bone_solver.hpp"

#if defined(__SSE2__)

#include "core/lanes_sse.hpp"

namespace marionette {

namespace {

using namespace lanes;

F4 load(const float (&a)[kLanes]) { return _mm_load_ps(a); }
// Lane i's quaternion from q[i].
Quatx4 load(const float (&q)[kLanes][4]) {
    Quatx4 v{_mm_load_ps(q[0]), _mm_load_ps(q[1]), _mm_load_ps(q[2]), _mm_load_ps(q[3])};
    _MM_TRANSPOSE4_PS(v.x, v.y, v.z, v.w);
    return v;
}
void store(float (&a)[kLanes], F4 v) { _mm_store_ps(a, v); }
// Lane i's quaternion to q[i]: a transpose, so the caller copies each out in one piece.
void store(float (&q)[kLanes][4], Quatx4 v) {
    _MM_TRANSPOSE4_PS(v.x, v.y, v.z, v.w);
    _mm_store_ps(q[0], v.x);
    _mm_store_ps(q[1], v.y);
    _mm_store_ps(q[2], v.z);
    _mm_store_ps(q[3], v.w);
}

// The goal distance squared: the target's distance squared clamped to what the limb can do, or
// the soft lanes' own.
F4 goal_squared(F4 d2, F4 fold2, F4 reach2, const float (&soft_goal2)[kLanes]) {
    const F4 soft = load(soft_goal2);
    return select(greater_equal(soft, splat(0.0f)), soft, max(fold2, min(d2, reach2)));  // fold2 <= reach2
}

// The miss and whether it is within tolerance, as the one-limb paths report them: the tip sits at
// the goal along the aim, so the miss is the difference of the distances.
void report(F4 distance, F4 goal, F4 reach, const float (&tolerance)[kLanes], TwoBoneLanesSolved& out) {
    const F4 error = abs(distance - goal);
    const F4 tol = load(tolerance);
    const F4 limit = select(greater(tol, splat(0.0f)), tol, splat(1e-4f) * reach);
    store(out.error, error);
    out.reached = bits(less_equal(error, limit));
}

struct Complex4 {
    F4 c, s;
};
Complex4 operator*(const Complex4& a, const Complex4& b) { return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s}; }
Complex4 conjugate(const Complex4& r) { return {r.c, negate(r.s)}; }

// As two_bone_free.cpp's quat_from_turn: the half-angle form that does not cancel, normalized by
// its own length; a turn about z.
void store_turn(const Complex4& r, F4 m, float (&q)[kLanes][4]) {
    const F4 big = m + abs(r.c);
    const M4 forward = greater_equal(r.c, splat(0.0f));
    const F4 w = select(forward, big, r.s);
    const F4 z = select(forward, r.s, big);
    const F4 k = inverse_sqrt(w * w + z * z);
    store(q, Quatx4{splat(0.0f), splat(0.0f), z * k, w * k});
}

// The shortest rotation turning u onto v, unnormalized, as two_bone_free.cpp's turn_between;
// lanes within about a degree of opposite are cleared from `ok`.
Quatx4 turn_between(const Vec3x4& u, const Vec3x4& v, F4 norms, M4& ok) {
    const F4 w = norms + dot(u, v);
    ok = both(ok, greater_equal(w, splat(1e-4f) * norms));
    const Vec3x4 c = cross(u, v);
    return {c.x, c.y, c.z, w};
}

}  // namespace

int solve_free_2d_lanes(const TwoBoneLanes2d& in, TwoBoneLanesSolved& out) {
    const F4 ox = load(in.offset_x), oy = load(in.offset_y);
    const F4 lower = load(in.lower);
    const F4 offset2 = ox * ox + oy * oy;
    const F4 inverse_upper = inverse_sqrt(offset2);
    const F4 upper = offset2 * inverse_upper;
    const F4 reach = upper + lower;
    const F4 tiny = splat(1e-6f) * reach;
    const F4 vx = load(in.target_x) - load(in.root_x), vy = load(in.target_y) - load(in.root_y);
    const F4 d2 = vx * vx + vy * vy;
    // solve_free_2d's guards; NaN (a bone of no length) fails them too.
    M4 ok = both(both(greater(upper, tiny), greater(lower, tiny)), both(greater(reach, splat(1e-6f)), less(reach, splat(1e6f))));
    ok = both(ok, both(greater(d2, tiny * tiny), greater(min(upper, lower), splat(1e-3f) * reach)));
    if (bits(ok) == 0) return 0;

    const F4 fold = upper - lower;
    const F4 fold2 = fold * fold;
    const F4 reach2 = reach * reach;
    const F4 inverse_distance = inverse_sqrt(d2);
    const F4 distance = d2 * inverse_distance;
    const F4 g2 = goal_squared(d2, fold2, reach2, in.soft_goal2);
    const F4 goal = g2 * inverse_sqrt(g2);

    const F4 area4 = sqrt((reach2 - g2) * (g2 - fold2));
    const F4 side = load(in.bend) * area4;
    const Complex4 root_turn{fold * reach + g2, negate(side)};
    const Complex4 middle_turn{g2 - (upper * upper + lower * lower), side};

    const Complex4 aim{vx * inverse_distance, vy * inverse_distance};
    const Complex4 offset_dir{ox * inverse_upper, oy * inverse_upper};
    const F4 aw = load(in.rest_a_w), az = load(in.rest_a_z), bw = load(in.rest_b_w), bz = load(in.rest_b_z);
    const Complex4 rest_a{aw * aw - az * az, splat(2.0f) * aw * az};
    const Complex4 rest_b{bw * bw - bz * bz, splat(2.0f) * bw * bz};
    const Complex4 pose_a = (aim * conjugate(rest_a * offset_dir)) * root_turn;
    const Complex4 pose_b = (conjugate(rest_b) * offset_dir) * middle_turn;
    store_turn(pose_a, splat(2.0f) * upper * goal, out.pose_a);
    store_turn(pose_b, splat(2.0f) * upper * lower, out.pose_b);
    report(distance, goal, reach, in.tolerance, out);
    return bits(ok);
}

int solve_free_3d_lanes(const TwoBoneLanes3d& in, TwoBoneLanesSolved& out) {
    const Vec3x4 offset{load(in.offset_x), load(in.offset_y), load(in.offset_z)};
    const F4 lower = load(in.lower);
    const F4 offset2 = dot(offset, offset);
    const F4 upper = offset2 * inverse_sqrt(offset2);
    const F4 reach = upper + lower;
    const F4 tiny = splat(1e-6f) * reach;
    const Vec3x4 a{load(in.root_x), load(in.root_y), load(in.root_z)};
    const Vec3x4 to_target = Vec3x4{load(in.target_x), load(in.target_y), load(in.target_z)} - a;
    const F4 d2 = dot(to_target, to_target);
    // solve_free_3d's guards.
    M4 ok = both(both(greater(upper, tiny), greater(lower, tiny)), both(greater(reach, splat(1e-4f)), less(reach, splat(1e6f))));
    ok = both(ok, both(both(greater(d2, tiny * tiny), less(d2, splat(1e14f))), greater(min(upper, lower), splat(1e-3f) * reach)));
    if (bits(ok) == 0) return 0;

    const Quatx4 to_rest_a = conjugate(load(in.rest_a));
    const Quatx4 rest_b = load(in.rest_b);
    const Quatx4 pose_a = load(in.pose_a);
    const Quatx4 pose_b = load(in.pose_b);
    // Start rotations off unit length: solve_free_3d refuses them too.
    const F4 unit_tolerance = splat(1e-5f);
    ok = both(ok, both(less(abs(dot(pose_a, pose_a) - splat(1.0f)), unit_tolerance), less(abs(dot(pose_b, pose_b) - splat(1.0f)), unit_tolerance)));
    const Vec3x4 v = rotate(to_rest_a, to_target);  // from here on in the upper bone's rest frame
    const Vec3x4 to_middle = rotate(pose_a, offset);

    // The bend side: the pole (else the current middle joint) off the line root->target; a pole
    // on the line falls back to the middle joint, as in solve_free_3d.
    const F4 inverse_d = inverse_sqrt(d2);
    const F4 inverse_d2 = inverse_d * inverse_d;
    auto off_line = [&](const Vec3x4& p) { return p - v * (dot(p, v) * inverse_d2); };
    const M4 has_pole = _mm_load_ps(reinterpret_cast<const float*>(in.has_pole));
    const Vec3x4 pole_hint = rotate(to_rest_a, Vec3x4{load(in.pole_x), load(in.pole_y), load(in.pole_z)} - a);
    const Vec3x4 hint = select(has_pole, pole_hint, to_middle);
    Vec3x4 off = off_line(hint);
    F4 off2 = dot(off, off);
    F4 hint2 = dot(hint, hint);
    const F4 tiny2 = tiny * tiny;
    const M4 retry = _mm_andnot_ps(greater(off2, tiny2), has_pole);
    if (bits(retry) != 0) {
        const Vec3x4 off_middle = off_line(to_middle);
        off = select(retry, off_middle, off);
        off2 = select(retry, dot(off_middle, off_middle), off2);
        hint2 = select(retry, dot(to_middle, to_middle), hint2);
    }
    // A straight limb along its own line, or a hint within about half a degree of it.
    ok = both(ok, both(greater(off2, tiny2), greater(off2, splat(1e-4f) * hint2)));
    const Vec3x4 side = off * inverse_sqrt(off2);
    const Vec3x4 dir = v * inverse_d;

    const F4 fold = upper - lower;
    const F4 fold2 = fold * fold;
    const F4 reach2 = reach * reach;
    const F4 distance = d2 * inverse_d;
    const F4 g2 = goal_squared(d2, fold2, reach2, in.soft_goal2);
    const F4 inverse_goal = inverse_sqrt(g2);
    const F4 goal = g2 * inverse_goal;
    const F4 area4 = sqrt((reach2 - g2) * (g2 - fold2));
    const F4 scale = splat(0.5f) * inverse_goal;
    const Vec3x4 new_to_middle = dir * ((fold * reach + g2) * scale) + side * (area4 * scale);
    const Vec3x4 new_lower = dir * goal - new_to_middle;

    const Quatx4 turn_upper = turn_between(to_middle, new_to_middle, sqrt(dot(to_middle, to_middle)) * upper, ok);
    const Quatx4 new_pose_a = normalized(mul(turn_upper, pose_a));
    // The new lower bone in the lower bone's rest frame, where its pose rotation turns +X.
    const Vec3x4 lower_local = rotate(conjugate(mul(new_pose_a, rest_b)), new_lower);
    const Vec3x4 axis_b = turned_axis(pose_b);
    const Quatx4 turn_lower = turn_between(axis_b, lower_local, sqrt(dot(axis_b, axis_b)) * lower, ok);
    store(out.pose_a, new_pose_a);
    store(out.pose_b, normalized(mul(turn_lower, pose_b)));
    report(distance, goal, reach, in.tolerance, out);
    return bits(ok);
}

}  // namespace marionette

#else

namespace marionette {

int solve_free_2d_lanes(const TwoBoneLanes2d&, TwoBoneLanesSolved&) { return 0; }
int solve_free_3d_lanes(const TwoBoneLanes3d&, TwoBoneLanesSolved&) { return 0; }

}  // namespace marionette

#endif

namespace marionette {

// Grouped as the free paths group it: (x x + y y) + z z, and each length as its square times
// inverse_sqrt.
float soft_goal_squared(const glm::vec3& to_target, const glm::vec3& offset, float lower, float softness) {
    const float offset2 = (offset.x * offset.x + offset.y * offset.y) + offset.z * offset.z;
    const float d2 = (to_target.x * to_target.x + to_target.y * to_target.y) + to_target.z * to_target.z;
    const float g = two_bone_goal_distance(d2 * inverse_sqrt(d2), offset2 * inverse_sqrt(offset2), lower, softness);
    return g * g;
}

}  // namespace marionette
