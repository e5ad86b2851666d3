#include "core/two_bone_solver.hpp"

#include <cmath>

#include "core/chain_placement.hpp"
#include "core/chain_rules.hpp"
#include "core/forward_kinematics.hpp"
#include "core/job_validated.hpp"
#include "core/rotation_math.hpp"
#include "core/solve_extent.hpp"
#include "core/two_bone_free.hpp"
#include "core/two_bone_guards.hpp"
#include "core/two_bone_shaped.hpp"
#include "core/two_bone_triangle_2d.hpp"

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
    } else if (IkResult limited; solve_limited_2d_any(job, target, limited)) {
        return limited;
    }
    return solve_on_shape(job, {target, 0.0f}, std::nullopt);
}

IkResult run_3d(const TwoBoneJob& job) {
    const Skeleton& sk = *job.skeleton;
    const auto A = static_cast<std::size_t>(job.root);
    glm::vec3 target = job.target;
    std::optional<glm::vec3> pole = job.settings.pole;
    if (sk[A].parent >= 0) {
        const Transform parent = chain_parent_frame(sk, *job.pose, job.root, job.parent_frame);
        const glm::quat to_parent = glm::conjugate(parent.rotation);
        target = to_parent * (target - parent.translation);
        if (pole) pole = to_parent * (*pole - parent.translation);
    }
    if (pole) {
        if (is_free_limb(sk[A], sk[static_cast<std::size_t>(job.effector)])) {
            if (IkResult free; solve_free_3d(job, target, *pole, free)) return free;
        } else {
            IkResult limited;
            const LimitedAnswer answer = solve_limited_3d(job, target, *pole, limited);
            if (answer == LimitedAnswer::Solved) return limited;
            return solve_on_shape(job, target, pole, answer == LimitedAnswer::NoExactAnswer);
        }
    }
    return solve_on_shape(job, target, pole);
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
    return dimensions == Dimensions::Two ? run_2d(*this) : run_3d(*this);
}

}  // namespace marionette
