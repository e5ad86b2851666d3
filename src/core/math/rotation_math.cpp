#include "core/math/rotation_math.hpp"

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
    return normalized(shortest_turn(u, v, std::sqrt(uu * vv)));
}

glm::quat shortest_turn_nearly_opposite(const glm::vec3& u, const glm::vec3& v, float norms) {
    // The half turn's axis: u x v with its part along u taken off (rounding in a small cross
    // product is as large as the product and need not be perpendicular to u), or any axis
    // perpendicular to u when the directions are opposite to float precision.
    const glm::vec3 c = glm::cross(u, v);
    const glm::vec3 n = c - u * (glm::dot(c, u) / glm::dot(u, u));
    const float nn = glm::dot(n, n);
    const glm::vec3 axis = nn > 1e-12f * norms * norms ? n * inverse_sqrt(nn) : any_perpendicular(u);
    // The half turn takes u to -u exactly; -u and v are nearly parallel, where (|u||v| - u.v,
    // -u x v) is well conditioned.
    const glm::quat small{norms - glm::dot(u, v), -c.x, -c.y, -c.z};
    const glm::quat q = small * glm::quat{0.0f, axis.x, axis.y, axis.z};
    return q.w < 0.0f ? -q : q;  // w >= 0, as the usual form's: callers compare w with a cap
}

float twist_angle(const glm::quat& q, const glm::vec3& axis) {
    const float along = q.x * axis.x + q.y * axis.y + q.z * axis.z;
    return wrap_angle(2.0f * std::atan2(along, q.w));
}

}  // namespace marionette
