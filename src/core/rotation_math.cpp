#include "core/rotation_math.hpp"

namespace marionette {

glm::vec3 any_perpendicular(const glm::vec3& v) {
    // Cross with the world axis least aligned with v: never parallel, and stable as v moves.
    const glm::vec3 a = glm::abs(v);
    const glm::vec3 other = a.x <= a.y && a.x <= a.z ? glm::vec3{1, 0, 0} : (a.y <= a.z ? glm::vec3{0, 1, 0} : glm::vec3{0, 0, 1});
    return glm::normalize(glm::cross(v, other));
}

glm::quat rotation_between(const glm::vec3& u, const glm::vec3& v) {
    const float uu = glm::dot(u, u);
    const float vv = glm::dot(v, v);
    if (!(uu > 0.0f) || !(vv > 0.0f)) return {1.0f, 0.0f, 0.0f, 0.0f};
    // (|u||v| + u.v, u x v) is the half-way quaternion scaled by 2|u||v|cos(theta/2).
    const float norms = std::sqrt(uu * vv);
    const float w = norms + glm::dot(u, v);
    if (w < 1e-6f * norms) {
        const glm::vec3 axis = any_perpendicular(u);
        return {0.0f, axis.x, axis.y, axis.z};
    }
    const glm::vec3 c = glm::cross(u, v);
    return normalized(glm::quat{w, c.x, c.y, c.z});
}

float twist_angle(const glm::quat& q, const glm::vec3& axis) {
    const float along = q.x * axis.x + q.y * axis.y + q.z * axis.z;
    return wrap_angle(2.0f * std::atan2(along, q.w));
}

}  // namespace marionette
