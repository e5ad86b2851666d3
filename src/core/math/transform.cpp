#include "core/math/transform.hpp"

#include <cmath>

namespace marionette {

glm::mat4 to_matrix(const Transform& frame, const glm::vec3& scale) {
    glm::mat4 m = glm::mat4_cast(frame.rotation);
    m[0] *= scale.x;
    m[1] *= scale.y;
    m[2] *= scale.z;
    m[3] = glm::vec4(frame.translation, 1.0f);
    return m;
}

float angle_2d(const glm::quat& q) {
    // q = (cos(a/2), 0, 0, sin(a/2)); atan2 of the doubled half angle keeps the sign and
    // wraps into (-pi, pi] even when q and -q describe the same rotation.
    const float half = std::atan2(q.z, q.w);
    float a = 2.0f * half;
    constexpr float pi = 3.14159265358979323846f;
    if (a > pi) a -= 2.0f * pi;
    if (a <= -pi) a += 2.0f * pi;
    return a;
}

}  // namespace marionette
