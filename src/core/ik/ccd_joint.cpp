// Turning one CCD joint: a step toward the target and an extra bend, each within the joint's
// limits and the per-step cap.

#include "core/ik/ccd_joint.hpp"

#include <cmath>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {
// Below this squared length a joint->effector or joint->target vector has no direction.
constexpr float kTinySquared = 1e-14f;

// Ball joint: r (the joint's local rotation, rest included) moved back onto the cone when its
// pose part leaves it. The test is on the pose's direction, w^2 < cos_half^2 |pose|^2, not on
// its w: a rest rotation a few ulps longer than unit makes |pose| > 1, and then w alone could
// read 1 for a pose turned 0.07 degrees off a locked (zero) cone. A pose whose axis part is lost
// to rounding has no direction to clamp along and counts as no turn.
bool keep_in_cone(const CcdJoint& j, glm::quat& r) {
    glm::quat pose = glm::conjugate(j.rest) * r;
    if (pose.w < 0.0f) pose = -pose;
    if (pose.w * pose.w >= j.cone_cos_half * j.cone_cos_half * glm::dot(pose, pose)) return false;
    glm::vec3 axis;
    if (!rotation_axis(pose, axis)) return false;
    r = j.rest * glm::angleAxis(j.cone_angle, axis);
    return true;
}

// Swing-twist joint: r moved back within the swing cone and twist range when its pose part
// leaves them.
bool keep_in_swing_twist(const CcdJoint& j, glm::quat& r) {
    const glm::quat pose = glm::conjugate(j.rest) * r;
    const glm::quat kept = constrain_swing_twist(pose, j.cone_angle, AngleRange{j.lo, j.hi});
    if (kept == pose) return false;  // an allowed pose comes back exactly as it was
    r = j.rest * kept;
    return true;
}

// The joint's own limits applied to r; true when they moved it.
bool keep_in_limits(const CcdJoint& j, glm::quat& r) {
    if (j.kind == CcdJoint::Kind::Ball) return keep_in_cone(j, r);
    if (j.kind == CcdJoint::Kind::SwingTwist) return keep_in_swing_twist(j, r);
    return false;
}

}  // namespace

// One 2D step. The turn (u.v, u x v) is |u||v| times the unit rotation taking u onto v; it is
// applied unnormalized and the product normalized once. The cap compares squares, so a step
// needs no square root beyond that one normalization.
bool step_2d(CcdJoint& j, glm::vec2 u, glm::vec2 v, Rot2 max_step) {
    const float uu = glm::dot(u, u);
    const float vv = glm::dot(v, v);
    if (uu < kTinySquared || vv < kTinySquared) return false;
    Rot2 delta{u.x * v.x + u.y * v.y, u.x * v.y - u.y * v.x};
    bool whole_turn = true;
    if (max_step.c > -1.0f) {
        // Capped when cos(turn) < cos(max_step), i.e. delta.c < max_step.c * |u||v|.
        const float limit2 = max_step.c * max_step.c * uu * vv;
        const float dc2 = delta.c * delta.c;
        const bool capped = max_step.c >= 0.0f ? (delta.c < 0.0f || dc2 < limit2) : (delta.c < 0.0f && dc2 > limit2);
        if (capped) {
            delta = {max_step.c, delta.s < 0.0f ? -max_step.s : max_step.s};
            whole_turn = false;
        }
    }
    if (j.kind == CcdJoint::Kind::Range) {
        // Unwrapped: a joint at 170 degrees pushed 20 further stops at its limit instead of
        // reappearing at -170.
        const float wanted = j.angle + angle_of(delta);
        j.angle = clamp_to(wanted, j.lo, j.hi);
        j.turn = j.rest_turn * rot2(j.angle);
        return j.angle == wanted && whole_turn;
    }
    j.turn = normalized(delta * j.turn);
    return whole_turn;
}

// Joint k's local rotation with an extra bend of phi, kept within its limits.
Rot2 bent_turn_2d(const CcdJoint& j, float phi) {
    if (j.kind == CcdJoint::Kind::Range) return j.rest_turn * rot2(clamp_to(j.angle + phi, j.lo, j.hi));
    return j.turn * rot2(phi);
}

// One 3D step: as step_2d; a hinge turns only about its axis, a ball joint stays in its cone.
// shortest_turn is the unit rotation taking u onto v scaled by a positive number; its w over
// its length is cos(turn / 2), so the cap too compares squares.
bool step_3d(CcdJoint& j, const glm::vec3& u, const glm::vec3& v, float max_step, float cos_half_max_step) {
    const float uu = glm::dot(u, u);
    const float vv = glm::dot(v, v);
    if (uu < kTinySquared || vv < kTinySquared) return false;
    if (j.kind == CcdJoint::Kind::Hinge) {
        const glm::vec3 up = u - j.hinge * glm::dot(u, j.hinge);
        const glm::vec3 vp = v - j.hinge * glm::dot(v, j.hinge);
        if (glm::dot(up, up) < kTinySquared || glm::dot(vp, vp) < kTinySquared) return false;
        float turn = std::atan2(glm::dot(j.hinge, glm::cross(up, vp)), glm::dot(up, vp));
        turn = clamp_to(turn, -max_step, max_step);
        j.angle = clamp_to(j.angle + turn, j.lo, j.hi);
        j.rotation = normalized(j.rest * glm::angleAxis(j.angle, j.hinge_local));
        return false;
    }
    glm::quat delta = shortest_turn(u, v, std::sqrt(uu * vv));
    bool whole_turn = true;
    if (cos_half_max_step > 0.0f && delta.w * delta.w < cos_half_max_step * cos_half_max_step * glm::dot(delta, delta)) {
        delta = glm::angleAxis(max_step, glm::normalize(glm::vec3{delta.x, delta.y, delta.z}));
        whole_turn = false;
    }
    glm::quat r = normalized(delta * j.rotation);
    if (keep_in_limits(j, r)) {
        r = normalized(r);
        whole_turn = false;
    }
    j.rotation = r;
    return whole_turn;
}

// Joint k's local rotation with an extra bend of phi about its own z, kept within its limits.
glm::quat bent_rotation_3d(const CcdJoint& j, float phi) {
    if (j.kind == CcdJoint::Kind::Hinge) {
        return j.rest * glm::angleAxis(clamp_to(j.angle + phi, j.lo, j.hi), j.hinge_local);
    }
    glm::quat r = j.rotation * glm::angleAxis(phi, glm::vec3{0.0f, 0.0f, 1.0f});
    keep_in_limits(j, r);
    return r;
}

}  // namespace marionette
