#include "core/ik/two_bone/two_bone_solver.hpp"

#include <cmath>
#include <limits>

#include "core/base/job_validated.hpp"
#include "core/ik/chain_placement.hpp"
#include "core/ik/chain_rules.hpp"
#include "core/ik/solve_extent.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_paths.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// A world point in the root bone's parent frame. Kept out of line: inlined, its registers and
// stack would be set up on every call of the common path, which needs none (a root limb).
[[gnu::noinline]] glm::vec3 in_parent_frame(const TwoBoneJob& job, const glm::vec3& p) {
    const Transform parent = chain_parent_frame(*job.skeleton, *job.pose, job.root, job.parent_frame);
    return glm::conjugate(parent.rotation) * (p - parent.translation);
}

IkResult run_2d(const TwoBoneJob& job) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    const glm::vec3 t3 = sk[A].parent >= 0 ? in_parent_frame(job, job.target) : job.target;
    const glm::vec2 target{t3.x, t3.y};
    if (is_free_limb(sk[A], sk[static_cast<std::size_t>(job.effector)])) {
        if (IkResult free; solve_free_2d(job, target, free)) return free;
    } else if (IkResult limited; solve_limited_2d(job, target, limited)) {
        return limited;
    }
    return solve_on_shape(job, {target, 0.0f}, std::nullopt);
}

// The job's target and pole in the root bone's parent frame, where the solves work.
void into_parent_frame(const TwoBoneJob& job, glm::vec3& target, std::optional<glm::vec3>& pole) {
    target = job.target;
    pole = job.settings.pole;
    if ((*job.skeleton)[static_cast<std::size_t>(job.root)].parent < 0) return;
    const Transform parent = chain_parent_frame(*job.skeleton, *job.pose, job.root, job.parent_frame);
    const glm::quat to_parent = glm::conjugate(parent.rotation);
    target = to_parent * (target - parent.translation);
    if (pole) pole = to_parent * (*pole - parent.translation);
}

IkResult run_3d(const TwoBoneJob& job) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    glm::vec3 target;
    std::optional<glm::vec3> pole;
    into_parent_frame(job, target, pole);
    if (pole && is_free_limb(sk[A], sk[static_cast<std::size_t>(job.effector)])) {
        if (IkResult free; solve_free_3d(job, target, *pole, free)) return free;
    }
    return solve_on_shape(job, target, pole);
}

// A limb reaching less than kScaledBelowReach (but more than nothing) is solved as a copy of
// itself scaled up by a power of two, which is exact: the solves multiply up to four lengths,
// and a small limb's products fall below float's normal range, where its joint limits were lost
// (found by fuzzing). The copy's root joint sits at the origin with no parent; a target or pole
// farther than kFarOfReach reaches is brought in along its own line, which leaves the answer as
// it is (the limb points at such a target) and keeps the scaled numbers finite.
constexpr double kFarOfReach = 1048576.0;

// The limb's reach when it is more than nothing and less than kScaledBelowReach, else 0. Every
// solve asks, so the common answer (not small) comes from a comparison of squares, without the
// square root the reach needs.
float small_limb_reach(const TwoBoneJob& job) {
    const auto B = static_cast<std::size_t>(job.effector);
    const float lower = posed_length(*job.skeleton, *job.pose, B);
    if (!(lower < kScaledBelowReach)) return 0.0f;
    const glm::vec3 offset = local_translation(*job.skeleton, *job.pose, B);
    const float room = kScaledBelowReach - lower;
    if (!(glm::dot(offset, offset) < room * room)) return 0.0f;
    return glm::length(offset) + lower;
}

// Each coordinate times 2^k: exact, as long as the result stays in float's normal range.
template <class V>
V times_power_of_two(const V& v, int k) {
    return {std::ldexp(v.x, k), std::ldexp(v.y, k), std::ldexp(v.z, k)};
}

// `p` as seen from the root joint `from`, at most kFarOfReach reaches away, times 2^k.
glm::vec3 scaled_from(const glm::dvec3& p, const glm::dvec3& from, double reach, int k) {
    glm::dvec3 d = p - from;
    const double far = kFarOfReach * reach;
    if (const double n = glm::length(d); n > far) d *= far / n;
    return glm::vec3(times_power_of_two(d, k));
}

IkResult run_scaled_up(const TwoBoneJob& job, float reach) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    const auto B = static_cast<std::size_t>(job.effector);
    const int k = -std::ilogb(reach);
    glm::vec3 target;
    std::optional<glm::vec3> pole;
    into_parent_frame(job, target, pole);
    const glm::dvec3 root_joint{local_translation(sk, *job.pose, A)};

    Bone upper = sk[A];
    upper.parent = -1;
    upper.rest.translation = glm::vec3{0.0f};
    Bone lower = sk[B];
    lower.parent = 0;
    lower.rest.translation = times_power_of_two(local_translation(sk, *job.pose, B), k);
    lower.length = std::ldexp(posed_length(sk, *job.pose, B), k);
    const Skeleton limb{{upper, lower}};
    Pose pose = Pose::rest(2);
    pose.rotations = {job.pose->rotations[A], job.pose->rotations[B]};

    TwoBoneJob copy = job;
    copy.skeleton = &limb;
    copy.root = 0;
    copy.effector = 1;
    copy.target = scaled_from(glm::dvec3(target), root_joint, reach, k);
    if (pole) copy.settings.pole = scaled_from(glm::dvec3(*pole), root_joint, reach, k);
    copy.tolerance = static_cast<float>(std::min(std::ldexp(double{job.tolerance}, k), double{std::numeric_limits<float>::max()}));
    copy.keep_side = static_cast<float>(std::min(std::ldexp(double{job.keep_side}, k), double{std::numeric_limits<float>::max()}));
    copy.pose = &pose;
    copy.parent_frame = nullptr;
    IkResult result = job.dimensions == Dimensions::Two ? run_2d(copy) : run_3d(copy);
    job.pose->rotations[A] = pose.rotations[0];
    job.pose->rotations[B] = pose.rotations[1];

    // The miss in the limb's own units, against the target where it is (not brought in).
    const Transform upper_frame = local_transform(limb, pose, 0);
    const glm::vec3 tip = bone_tip(upper_frame * local_transform(limb, pose, 1), limb[1].length);
    glm::dvec3 miss = times_power_of_two(glm::dvec3(tip), -k) - (glm::dvec3(target) - root_joint);
    if (job.dimensions == Dimensions::Two) miss.z = 0.0;
    result.error = static_cast<float>(glm::length(miss));
    result.reached = result.error <= reach_tolerance(job.tolerance, reach);
    return result;
}

}  // namespace

float two_bone_goal_distance(float distance, float upper, float lower, float softness) {
    return soft_goal_distance(distance, std::fabs(upper - lower), upper + lower, softness);
}

float soft_goal_distance(float distance, float fold, float reach, float softness) {
    const float band = softness * (reach - fold);
    const float start = reach - band;
    float d = distance;
    if (band > 0.0f && d > start) d = start + band * (1.0f - std::exp(-(d - start) / band));
    return max_of(fold, min_of(reach, d));
}

Status TwoBoneJob::validate() const {
    if (!skeleton || !pose) return Error{"two-bone: missing skeleton or pose"};
    if (!pose->fits(skeleton->size())) return Error{"two-bone: the pose does not match the skeleton"};
    const int n = static_cast<int>(skeleton->size());
    if (root < 0 || root >= n || effector < 0 || effector >= n) return Error{"two-bone: the chain's bones are not in the skeleton"};
    if ((*skeleton)[static_cast<std::size_t>(effector)].parent != root) {
        return Error{"two-bone: \"" + (*skeleton)[static_cast<std::size_t>(effector)].name + "\" is not a child of \"" +
                     (*skeleton)[static_cast<std::size_t>(root)].name + "\": the two-bone solver needs a chain of exactly two bones"};
    }
    // The limb and what places it; the rest of the skeleton is not read.
    if (Status s = check_chain_order("two-bone", *skeleton, root, effector, parent_frame); !s) return s;
    if (!is_finite(target)) return Error{"two-bone: the target is not a finite point"};
    if (settings.pole && !is_finite(*settings.pole)) return Error{"two-bone: the pole is not a finite point"};
    if (auto problem = softness_problem(settings.softness)) return Error{"two-bone: softness " + *problem};
    if (!(tolerance >= 0.0f) || !std::isfinite(tolerance)) return Error{"two-bone: bad tolerance"};
    if (!(keep_side >= 0.0f) || !std::isfinite(keep_side)) return Error{"two-bone: bad keep_side"};
    for (int b : {root, effector}) {
        const glm::quat& q = pose->rotations[static_cast<std::size_t>(b)];
        if (!is_finite(q) || glm::dot(q, q) < 1e-12f) {
            return Error{"two-bone: the pose rotation of \"" + (*skeleton)[static_cast<std::size_t>(b)].name + "\" is not a rotation"};
        }
    }
    const Transform parent = chain_parent_frame(*skeleton, *pose, root, parent_frame);
    if (!is_finite(pose->root_offset) || !is_finite(parent.translation) || !is_finite(parent.rotation)) {
        return Error{"two-bone: the chain's parent is not finite"};
    }
    return check_solve_extent("two-bone", *skeleton, *pose, root, effector, parent, target, settings.pole);
}

IkResult TwoBoneJob::run() const {
    assert_validated(*this, "TwoBoneJob");
    if (const float reach = small_limb_reach(*this); reach > 0.0f) return run_scaled_up(*this, reach);
    return dimensions == Dimensions::Two ? run_2d(*this) : run_3d(*this);
}

}  // namespace marionette
