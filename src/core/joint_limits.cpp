#include "core/joint_limits.hpp"

#include "core/rotation_math.hpp"

namespace marionette {

AngleRange angle_range(const JointLimits& limits) {
    AngleRange r;
    if (limits.min_angle) r.lo = *limits.min_angle;
    if (limits.max_angle) r.hi = *limits.max_angle;
    return r;
}

float nearest_allowed_angle(float angle, const AngleRange& range) {
    const float a = wrap_angle(angle);
    if (range.contains(a)) return a;
    const float to_lo = std::fabs(wrap_angle(a - range.lo));
    const float to_hi = std::fabs(wrap_angle(a - range.hi));
    return to_lo < to_hi ? range.lo : range.hi;
}

glm::quat constrain_rotation(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d) {
    if (is_2d) {
        const float a = nearest_allowed_angle(angle_2d(pose_rotation), angle_range(limits));
        return rotation_2d(a);
    }
    if (limits.hinge) {
        const float twist = twist_angle(pose_rotation, *limits.hinge);
        return glm::angleAxis(nearest_allowed_angle(twist, angle_range(limits)), *limits.hinge);
    }
    if (!limits.max_angle) return pose_rotation;
    glm::quat q = pose_rotation.w < 0.0f ? -pose_rotation : pose_rotation;
    const float angle = rotation_angle(q);
    glm::vec3 axis;
    if (angle <= *limits.max_angle || !rotation_axis(q, axis)) return q;
    return glm::angleAxis(*limits.max_angle, axis);
}

namespace {

// How far `angle` lies outside the range, measured on the circle: angles come back wrapped into
// (-pi, pi], so a joint held at its -180 degree limit reads +180 and is still at that limit.
float distance_outside(float angle, const AngleRange& range) {
    const float a = wrap_angle(angle);
    if (range.contains(a)) return 0.0f;
    return std::fmin(std::fabs(wrap_angle(a - range.lo)), std::fabs(wrap_angle(a - range.hi)));
}

}  // namespace

bool within_limits(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d, float tolerance) {
    if (is_2d) return distance_outside(angle_2d(pose_rotation), angle_range(limits)) <= tolerance;
    if (limits.hinge) {
        // On the hinge: the rotation's axis part lies along it.
        const glm::vec3 v{pose_rotation.x, pose_rotation.y, pose_rotation.z};
        const glm::vec3 off_axis = v - *limits.hinge * glm::dot(v, *limits.hinge);
        if (glm::length(off_axis) > std::sin(0.5f * tolerance) + 1e-6f) return false;
        return distance_outside(twist_angle(pose_rotation, *limits.hinge), angle_range(limits)) <= tolerance;
    }
    return !limits.max_angle || rotation_angle(pose_rotation) <= *limits.max_angle + tolerance;
}

}  // namespace marionette
