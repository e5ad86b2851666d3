#include "editor/posing/rotation_display.hpp"

#include <cmath>

#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

// The order's axes, first turn first.
std::array<int, 3> axes_of(EulerOrder order) {
    switch (order) {
        case EulerOrder::XYZ: return {0, 1, 2};
        case EulerOrder::XZY: return {0, 2, 1};
        case EulerOrder::YXZ: return {1, 0, 2};
        case EulerOrder::YZX: return {1, 2, 0};
        case EulerOrder::ZXY: return {2, 0, 1};
        case EulerOrder::ZYX: return {2, 1, 0};
    }
    return {0, 1, 2};
}

glm::vec3 unit(int axis) {
    glm::vec3 v{0.0f};
    v[axis] = 1.0f;
    return v;
}

float sum_of_magnitudes(const glm::vec3& v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); }

}  // namespace

glm::vec3 euler_degrees(const glm::quat& q, EulerOrder order) {
    // R = R_k(c) R_j(b) R_i(a) for the order (i, j, k). With s = +1 for an even permutation, the
    // matrix's (k, i) entry is -s sin b, and a and c follow from the entries beside it.
    const std::array<int, 3> ax = axes_of(order);
    const int i = ax[0];
    const int j = ax[1];
    const int k = ax[2];
    const float s = (j == (i + 1) % 3) ? 1.0f : -1.0f;
    const glm::mat3 m = glm::mat3_cast(normalized(q));  // m[column][row]
    const auto at = [&](int row, int column) { return m[column][row]; };
    const float sin_b = clamp_to(-s * at(k, i), -1.0f, 1.0f);
    glm::vec3 first{0.0f};
    first[j] = std::asin(sin_b);
    if (std::fabs(sin_b) < 0.9999f) {
        first[i] = std::atan2(s * at(k, j), at(k, k));
        first[k] = std::atan2(s * at(j, i), at(i, i));
    } else {
        // Gimbal lock: only a + c (or a - c) is defined; all of it goes to the first turn.
        first[i] = std::atan2(-s * at(j, k), at(j, j));
        first[k] = 0.0f;
    }
    // The other triple giving the same rotation: a + pi, pi - b, c + pi.
    glm::vec3 second = first;
    second[i] = wrap_angle(first[i] + kPi);
    second[j] = wrap_angle(kPi - first[j]);
    second[k] = wrap_angle(first[k] + kPi);
    const glm::vec3 chosen = sum_of_magnitudes(second) < sum_of_magnitudes(first) - 1e-5f ? second : first;
    return chosen * kDegreesPerRadian;
}

glm::quat from_euler_degrees(const glm::vec3& degrees, EulerOrder order) {
    const std::array<int, 3> ax = axes_of(order);
    glm::quat q{1.0f, 0.0f, 0.0f, 0.0f};
    for (const int a : ax) q = glm::angleAxis(degrees[a] / kDegreesPerRadian, unit(a)) * q;
    return normalized(q);
}

float hinge_degrees(const glm::quat& q, const glm::vec3& axis) { return wrap_angle(twist_angle(q, axis)) * kDegreesPerRadian; }

glm::quat from_hinge_degrees(float degrees, const glm::vec3& axis) { return glm::angleAxis(degrees / kDegreesPerRadian, axis); }

}  // namespace marionette
