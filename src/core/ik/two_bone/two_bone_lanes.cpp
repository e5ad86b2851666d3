#include "core/ik/two_bone/two_bone_lanes.hpp"

#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/math/rotation_math.hpp"

#if defined(__SSE2__)

#include "core/math/lanes_sse.hpp"

namespace marionette {

namespace {

using namespace lanes;

F4 load(const float (&a)[kLanes]) { return _mm_load_ps(a); }
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
    store(out.error, error);
    out.reached = bits(less_equal(error, reach_tolerance(load(tolerance), reach)));
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

}  // namespace

int solve_free_2d_lanes(const TwoBoneLanes2d& in, TwoBoneLanesSolved& out) {
    const F4 ox = load(in.offset_x), oy = load(in.offset_y);
    const F4 lower = load(in.lower);
    const F4 offset2 = ox * ox + oy * oy;
    const F4 inverse_upper = inverse_sqrt(offset2);
    const F4 upper = offset2 * inverse_upper;
    const F4 reach = upper + lower;
    const F4 vx = load(in.target_x) - load(in.root_x), vy = load(in.target_y) - load(in.root_y);
    const F4 d2 = vx * vx + vy * vy;
    const M4 ok = both(free_path_takes(upper, lower, reach), clear_of_root(d2, reach));
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

}  // namespace marionette

#else

namespace marionette {

int solve_free_2d_lanes(const TwoBoneLanes2d&, TwoBoneLanesSolved&) { return 0; }

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
