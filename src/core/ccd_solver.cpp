#include "core/ccd_solver.hpp"

#include <cmath>
#include <string>

#include "core/forward_kinematics.hpp"
#include "core/joint_limits.hpp"

namespace marionette {

namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const glm::quat& q) { return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z); }

// Below this squared length a joint->effector or joint->target vector has no direction.
constexpr float kTinySquared = 1e-14f;

// Fills the scratch, root first, and returns the target in the root's parent frame.
glm::vec3 prepare(const CcdJob& job, std::size_t n) {
    const Skeleton& sk = *job.skeleton;
    const bool is_2d = job.dimensions == Dimensions::Two;
    int bone = job.effector;
    for (std::size_t k = n; k-- > 0; bone = sk[static_cast<std::size_t>(bone)].parent) {
        CcdJoint& j = job.scratch[k];
        const Bone& b = sk[static_cast<std::size_t>(bone)];
        j.bone = bone;
        const Transform local = local_transform(sk, *job.pose, static_cast<std::size_t>(bone));
        j.translation = local.translation;
        j.rest = b.rest.rotation;
        j.kind = CcdJoint::Kind::Free;
        j.lo = -kPi;
        j.hi = kPi;
        glm::quat pose_rotation = job.pose->rotations[static_cast<std::size_t>(bone)];
        if (b.limits) {
            // Start inside the limits: a pose loaded from a file may not be.
            pose_rotation = constrain_rotation(pose_rotation, *b.limits, is_2d);
            const AngleRange range = angle_range(*b.limits);
            j.lo = range.lo;
            j.hi = range.hi;
            if (is_2d) {
                j.kind = CcdJoint::Kind::Range;
                j.angle = angle_2d(pose_rotation);
            } else if (b.limits->hinge) {
                j.kind = CcdJoint::Kind::Hinge;
                j.hinge_local = *b.limits->hinge;
                j.hinge = b.rest.rotation * j.hinge_local;
                j.angle = twist_angle(pose_rotation, j.hinge_local);
            } else if (b.limits->max_angle) {
                j.kind = CcdJoint::Kind::Ball;
                j.cone_angle = *b.limits->max_angle;
                j.cone_cos_half = std::cos(0.5f * j.cone_angle);
            }
        }
        j.rotation = glm::normalize(b.rest.rotation * pose_rotation);
        j.rest_turn = rot2_from_quat(b.rest.rotation);
        j.turn = normalized(j.rest_turn * rot2_from_quat(pose_rotation));
    }
    const Transform parent = parent_world(sk, *job.pose, job.root);
    glm::vec3 target = glm::conjugate(parent.rotation) * (job.target - parent.translation);
    if (is_2d) target.z = 0.0f;
    return target;
}

// One 2D step: turn joint j so that u (joint->effector) points along v (joint->target).
void step_2d(CcdJoint& j, glm::vec2 u, glm::vec2 v, Rot2 max_step) {
    const float uu = glm::dot(u, u);
    const float vv = glm::dot(v, v);
    if (uu < kTinySquared || vv < kTinySquared) return;
    const float inv = 1.0f / std::sqrt(uu * vv);
    Rot2 delta{(u.x * v.x + u.y * v.y) * inv, (u.x * v.y - u.y * v.x) * inv};
    if (delta.c < max_step.c) delta = {max_step.c, delta.s < 0.0f ? -max_step.s : max_step.s};
    if (j.kind == CcdJoint::Kind::Range) {
        // Unwrapped: a joint at 170 degrees pushed 20 further stops at its limit instead of
        // reappearing at -170.
        j.angle = std::fmin(std::fmax(j.angle + angle_of(delta), j.lo), j.hi);
        j.turn = j.rest_turn * rot2(j.angle);
    } else {
        j.turn = normalized(delta * j.turn);
    }
}

IkResult run_2d(const CcdJob& job, std::size_t n, glm::vec3 target3) {
    const glm::vec2 target{target3.x, target3.y};
    const Rot2 max_step = rot2(std::fmin(job.settings.max_step, kPi));
    const float effector_length = (*job.skeleton)[static_cast<std::size_t>(job.effector)].length;
    IkResult result;
    for (int it = 1; it <= job.settings.max_iterations; ++it) {
        glm::vec2 t = target;
        for (std::size_t k = 0; k < n; ++k) {
            CcdJoint& j = job.scratch[k];
            j.target = {t, 0.0f};
            t = rotate(conjugate(j.turn), t - glm::vec2{j.translation});
        }
        glm::vec2 e{effector_length, 0.0f};
        for (std::size_t k = n; k-- > 0;) {
            CcdJoint& j = job.scratch[k];
            const glm::vec2 origin{j.translation};
            step_2d(j, rotate(j.turn, e), glm::vec2{j.target} - origin, max_step);
            e = origin + rotate(j.turn, e);
        }
        result.iterations = it;
        result.error = glm::length(e - target);
        if (result.error <= job.settings.tolerance) break;
    }
    return result;
}

void step_3d(CcdJoint& j, const glm::vec3& u, const glm::vec3& v, float max_step, float cos_half_max_step) {
    if (glm::dot(u, u) < kTinySquared || glm::dot(v, v) < kTinySquared) return;
    if (j.kind == CcdJoint::Kind::Hinge) {
        const glm::vec3 up = u - j.hinge * glm::dot(u, j.hinge);
        const glm::vec3 vp = v - j.hinge * glm::dot(v, j.hinge);
        if (glm::dot(up, up) < kTinySquared || glm::dot(vp, vp) < kTinySquared) return;
        float turn = std::atan2(glm::dot(j.hinge, glm::cross(up, vp)), glm::dot(up, vp));
        turn = std::fmin(std::fmax(turn, -max_step), max_step);
        j.angle = std::fmin(std::fmax(j.angle + turn, j.lo), j.hi);
        // The hinge in the bone's own rest frame is rest^-1 * (hinge in the parent frame).
        j.rotation = glm::normalize(j.rest * glm::angleAxis(j.angle, j.hinge_local));
        return;
    }
    glm::quat delta = rotation_between(u, v);
    if (delta.w < cos_half_max_step) delta = glm::angleAxis(max_step, glm::normalize(glm::vec3{delta.x, delta.y, delta.z}));
    glm::quat r = glm::normalize(delta * j.rotation);
    if (j.kind == CcdJoint::Kind::Ball) {
        glm::quat pose = glm::conjugate(j.rest) * r;
        if (pose.w < 0.0f) pose = -pose;
        if (pose.w < j.cone_cos_half) {
            pose = glm::angleAxis(j.cone_angle, glm::normalize(glm::vec3{pose.x, pose.y, pose.z}));
            r = glm::normalize(j.rest * pose);
        }
    }
    j.rotation = r;
}

IkResult run_3d(const CcdJob& job, std::size_t n, glm::vec3 target) {
    const float max_step = std::fmin(job.settings.max_step, kPi);
    const float cos_half_max_step = std::cos(0.5f * max_step);
    const float effector_length = (*job.skeleton)[static_cast<std::size_t>(job.effector)].length;
    IkResult result;
    for (int it = 1; it <= job.settings.max_iterations; ++it) {
        glm::vec3 t = target;
        for (std::size_t k = 0; k < n; ++k) {
            CcdJoint& j = job.scratch[k];
            j.target = t;
            t = glm::conjugate(j.rotation) * (t - j.translation);
        }
        glm::vec3 e{effector_length, 0.0f, 0.0f};
        for (std::size_t k = n; k-- > 0;) {
            CcdJoint& j = job.scratch[k];
            step_3d(j, j.rotation * e, j.target - j.translation, max_step, cos_half_max_step);
            e = j.translation + j.rotation * e;
        }
        result.iterations = it;
        result.error = glm::length(e - target);
        if (result.error <= job.settings.tolerance) break;
    }
    return result;
}

}  // namespace

std::size_t chain_length(const Skeleton& skeleton, int root, int effector) {
    const int n = static_cast<int>(skeleton.size());
    if (root < 0 || root >= n || effector < 0 || effector >= n || !skeleton.is_ancestor_or_self(root, effector)) return 0;
    std::size_t length = 1;
    for (int b = effector; b != root; b = skeleton[static_cast<std::size_t>(b)].parent) ++length;
    return length;
}

Status CcdJob::validate() const {
    if (!skeleton || !pose) return Error{"ccd: missing skeleton or pose"};
    if (pose->rotations.size() != skeleton->size()) return Error{"ccd: the pose does not match the skeleton"};
    if (!skeleton->is_parent_before_child()) return Error{"ccd: bones are not parent-before-child"};
    const std::size_t n = chain_length(*skeleton, root, effector);
    if (n == 0) return Error{"ccd: the effector is not below the chain's root"};
    if (scratch.size() < n) {
        return Error{"ccd: scratch holds " + std::to_string(scratch.size()) + " joints for a chain of " + std::to_string(n)};
    }
    if (!finite(target)) return Error{"ccd: the target is not a finite point"};
    if (settings.max_iterations < 1) return Error{"ccd: iterations must be at least 1"};
    if (!(settings.tolerance >= 0.0f) || !std::isfinite(settings.tolerance)) return Error{"ccd: bad tolerance"};
    if (!(settings.max_step > 0.0f) || !std::isfinite(settings.max_step)) return Error{"ccd: bad max_step"};
    if (!finite(pose->root_offset)) return Error{"ccd: the root offset is not finite"};
    for (int b = effector;; b = (*skeleton)[static_cast<std::size_t>(b)].parent) {
        const glm::quat& q = pose->rotations[static_cast<std::size_t>(b)];
        if (!finite(q) || glm::dot(q, q) < 1e-12f) {
            return Error{"ccd: the pose rotation of \"" + (*skeleton)[static_cast<std::size_t>(b)].name + "\" is not a rotation"};
        }
        if (b == root) break;
    }
    // The chain's ancestors place it; a non-finite one would make the whole result NaN.
    if (!finite(parent_world(*skeleton, *pose, root).translation)) return Error{"ccd: the chain's parent is not finite"};
    return {};
}

IkResult CcdJob::run() const {
    const std::size_t n = chain_length(*skeleton, root, effector);
    const glm::vec3 local_target = prepare(*this, n);
    IkResult result = dimensions == Dimensions::Two ? run_2d(*this, n, local_target) : run_3d(*this, n, local_target);
    result.reached = result.error <= settings.tolerance;
    const bool is_2d = dimensions == Dimensions::Two;
    for (std::size_t k = 0; k < n; ++k) {
        const CcdJoint& j = scratch[k];
        glm::quat& out = pose->rotations[static_cast<std::size_t>(j.bone)];
        if (is_2d) {
            out = j.kind == CcdJoint::Kind::Range ? rotation_2d(j.angle) : quat_from_rot2(conjugate(j.rest_turn) * j.turn);
        } else if (j.kind == CcdJoint::Kind::Hinge) {
            out = glm::angleAxis(j.angle, j.hinge_local);
        } else {
            out = glm::normalize(glm::conjugate(j.rest) * j.rotation);
        }
    }
    return result;
}

}  // namespace marionette
