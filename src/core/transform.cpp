#include "core/transform.hpp"

#include <cmath>

namespace marionette {

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
