#include "core/ik/two_bone/two_bone_batch.hpp"

#include <string>
#include <vector>

#include "core/base/job_validated.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_lanes.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

// The lanes' kernels (two_bone_lanes.hpp).
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


// The batch job: lanes where they take the limbs, TwoBoneJob for the rest.
namespace marionette {

namespace {

TwoBoneJob limb_job(const TwoBoneBatchJob& job, std::size_t i) {
    const TwoBoneLimb& limb = job.limbs[i];
    return {job.skeleton, job.dimensions, limb.root, limb.effector, limb.target, limb.settings, limb.tolerance, job.pose};
}

void solve_alone(const TwoBoneBatchJob& job, std::size_t i) { job.results[i] = limb_job(job, i).run(); }

std::string limb_name(std::size_t i) { return "limb " + std::to_string(i); }

std::string bone_name(const Skeleton& skeleton, int bone) { return "\"" + skeleton[static_cast<std::size_t>(bone)].name + "\""; }

#if defined(__SSE2__)

// A world point in the root bone's parent frame, as run_2d computes it. Out of line: a
// root bone (no parent) is the common case, and it needs none of this.
[[gnu::noinline]] glm::vec3 in_parent_frame(const TwoBoneBatchJob& job, int root, const glm::vec3& p) {
    const Transform parent = parent_world(*job.skeleton, *job.pose, root);
    return glm::conjugate(parent.rotation) * (p - parent.translation);
}

// Inlined into the group loop, as is scatter(): called once per limb, their calls and argument
// moves cost about as much as the copying they do.
[[gnu::always_inline]] inline void gather(const TwoBoneBatchJob& job, std::size_t i, int lane, TwoBoneLanes2d& in) {
    const TwoBoneLimb& limb = job.limbs[i];
    const Bone& upper = (*job.skeleton)[static_cast<std::size_t>(limb.root)];
    const Bone& lower = (*job.skeleton)[static_cast<std::size_t>(limb.effector)];
    const glm::vec3 root = local_translation(*job.skeleton, *job.pose, static_cast<std::size_t>(limb.root));
    const glm::vec3 offset = local_translation(*job.skeleton, *job.pose, static_cast<std::size_t>(limb.effector));
    glm::vec3 target = limb.target;
    if (upper.parent >= 0) target = in_parent_frame(job, limb.root, target);
    in.root_x[lane] = root.x;
    in.root_y[lane] = root.y;
    in.target_x[lane] = target.x;
    in.target_y[lane] = target.y;
    in.offset_x[lane] = offset.x;
    in.offset_y[lane] = offset.y;
    const float lower_length = posed_length(*job.skeleton, *job.pose, static_cast<std::size_t>(limb.effector));
    in.lower[lane] = lower_length;
    in.rest_a_w[lane] = upper.rest.rotation.w;
    in.rest_a_z[lane] = upper.rest.rotation.z;
    in.rest_b_w[lane] = lower.rest.rotation.w;
    in.rest_b_z[lane] = lower.rest.rotation.z;
    in.bend[lane] = limb.settings.bend < 0 ? -1.0f : 1.0f;
    in.soft_goal2[lane] = limb.settings.softness > 0.0f
                              ? soft_goal_squared({target.x - root.x, target.y - root.y, 0.0f}, {offset.x, offset.y, 0.0f}, lower_length,
                                                  limb.settings.softness)
                              : -1.0f;
    in.tolerance[lane] = limb.tolerance;
}

// Part by part (GLM_FORCE_CTOR_INIT makes glm::quat not trivially copyable, so no memcpy); in
// the order GLM keeps them, which is the lane's, so GCC moves the four floats as one.
void take(glm::quat& q, const float (&lane_q)[4]) {
    q.x = lane_q[0];
    q.y = lane_q[1];
    q.z = lane_q[2];
    q.w = lane_q[3];
}

[[gnu::always_inline]] inline void scatter(const TwoBoneBatchJob& job, std::size_t i, int lane, const TwoBoneLanesSolved& out) {
    const TwoBoneLimb& limb = job.limbs[i];
    take(job.pose->rotations[static_cast<std::size_t>(limb.root)], out.pose_a[lane]);
    take(job.pose->rotations[static_cast<std::size_t>(limb.effector)], out.pose_b[lane]);
    IkResult& r = job.results[i];
    r.reached = ((out.reached >> lane) & 1) != 0;
    r.error = out.error[lane];
    r.iterations = 1;
}

// What TwoBoneJob would take down its free path, the lanes take: limbs without limits.
bool goes_in_lanes(const TwoBoneBatchJob& job, const TwoBoneLimb& limb) {
    const Skeleton& sk = *job.skeleton;
    return is_free_limb(sk[static_cast<std::size_t>(limb.root)], sk[static_cast<std::size_t>(limb.effector)]);
}

// The last group's empty lanes get copies of a limb, whose answers are dropped. Out of line:
// one more inlined gather per lane in the loop would only be in the way.
template <class Lanes>
[[gnu::noinline]] void fill_up(const TwoBoneBatchJob& job, std::size_t limb, int from_lane, Lanes& in) {
    for (int lane = from_lane; lane < kLanes; ++lane) gather(job, limb, lane, in);
}

// Limbs without limits go into the lanes, four at a time. A lane the kernel refuses is solved
// alone, which writes nothing another lane reads (the limbs are independent).
template <class Lanes>
void run_in_lanes(const TwoBoneBatchJob& job, int (*kernel)(const Lanes&, TwoBoneLanesSolved&)) {
    Lanes in;
    TwoBoneLanesSolved out;
    std::size_t limb_of[kLanes] = {};
    const std::size_t count = job.limbs.size();
    std::size_t i = 0;
    while (i < count) {
        int filled = 0;
        for (; i < count && filled < kLanes; ++i) {
            if (!goes_in_lanes(job, job.limbs[i])) {
                solve_alone(job, i);
                continue;
            }
            gather(job, i, filled, in);
            limb_of[filled++] = i;
        }
        if (filled == 0) break;
        if (filled < kLanes) fill_up(job, limb_of[0], filled, in);
        const int solved = kernel(in, out);
        for (int lane = 0; lane < filled; ++lane) {
            if ((solved >> lane) & 1) {
                scatter(job, limb_of[lane], lane, out);
            } else {
                solve_alone(job, limb_of[lane]);
            }
        }
    }
}

#endif

}  // namespace

Status TwoBoneBatchJob::validate() const {
    if (!skeleton || !pose) return Error{"two-bone batch: missing skeleton or pose"};
    if (results.size() != limbs.size()) {
        return Error{"two-bone batch: " + std::to_string(results.size()) + " results for " + std::to_string(limbs.size()) + " limbs"};
    }
    for (std::size_t i = 0; i < limbs.size(); ++i) {
        if (Status s = limb_job(*this, i).validate(); !s) return Error{"two-bone batch: " + limb_name(i) + ": " + s.message()};
    }
    // Each bone's limb, then each limb's root frame walked up to the skeleton's root: a bone of
    // another limb on that path would move the frame this limb is solved in.
    const Skeleton& sk = *skeleton;
    std::vector<int> limb_of(sk.size(), -1);
    for (std::size_t i = 0; i < limbs.size(); ++i) {
        for (const int b : {limbs[i].root, limbs[i].effector}) {
            int& owner = limb_of[static_cast<std::size_t>(b)];
            if (owner >= 0) {
                return Error{"two-bone batch: " + limb_name(i) + " and " + limb_name(static_cast<std::size_t>(owner)) + " share the bone " +
                             bone_name(sk, b) + ": the limbs must be independent"};
            }
            owner = static_cast<int>(i);
        }
    }
    for (std::size_t i = 0; i < limbs.size(); ++i) {
        for (int b = sk[static_cast<std::size_t>(limbs[i].root)].parent; b >= 0; b = sk[static_cast<std::size_t>(b)].parent) {
            if (const int owner = limb_of[static_cast<std::size_t>(b)]; owner >= 0) {
                return Error{"two-bone batch: " + limb_name(i) + " (root " + bone_name(sk, limbs[i].root) + ") hangs below " +
                             limb_name(static_cast<std::size_t>(owner)) + "'s bone " + bone_name(sk, b) +
                             ": solving that limb would move this one's root; the limbs must be independent"};
            }
        }
    }
    return {};
}

void TwoBoneBatchJob::run() const {
    assert_validated(*this, "TwoBoneBatchJob");
#if defined(__SSE2__)
    if (dimensions == Dimensions::Two) {
        run_in_lanes<TwoBoneLanes2d>(*this, solve_free_2d_lanes);
        return;
    }
#endif
    // 3D limbs one by one: the stateless 3D solve (solve_on_shape, two_bone_paths.hpp) has no lane kernel yet.
    for (std::size_t i = 0; i < limbs.size(); ++i) solve_alone(*this, i);
}

}  // namespace marionette
