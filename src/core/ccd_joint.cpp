// Turning one CCD joint: a step toward the target and an extra bend, each within the joint's
// limits and the per-step cap.

#include "core/ccd_joint.hpp"

#include <cmath>

namespace marionette {

namespace {
// Below this squared length a joint->effector or joint->target vector has no direction.
constexpr float kTinySquared = 1e-14f;

}  // namespace

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

// Joint k's local rotation with an extra bend of phi, kept within its limits.
Rot2 bent_turn_2d(const CcdJoint& j, float phi) {
    if (j.kind == CcdJoint::Kind::Range) return j.rest_turn * rot2(std::fmin(std::fmax(j.angle + phi, j.lo), j.hi));
    return j.turn * rot2(phi);
}

// One 3D step: as step_2d; a hinge turns only about its axis, a ball joint stays in its cone.
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

// Joint k's local rotation with an extra bend of phi about its own z, kept within its limits.
glm::quat bent_rotation_3d(const CcdJoint& j, float phi) {
    if (j.kind == CcdJoint::Kind::Hinge) {
        return j.rest * glm::angleAxis(std::fmin(std::fmax(j.angle + phi, j.lo), j.hi), j.hinge_local);
    }
    glm::quat r = j.rotation * glm::angleAxis(phi, glm::vec3{0.0f, 0.0f, 1.0f});
    if (j.kind == CcdJoint::Kind::Ball) {
        glm::quat pose = glm::conjugate(j.rest) * r;
        if (pose.w < 0.0f) pose = -pose;
        if (pose.w < j.cone_cos_half) r = j.rest * glm::angleAxis(j.cone_angle, glm::normalize(glm::vec3{pose.x, pose.y, pose.z}));
    }
    return r;
}

}  // namespace marionette
