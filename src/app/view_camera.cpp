#include "app/view_camera.hpp"

#include <algorithm>

#include <glm/gtc/matrix_transform.hpp>

namespace marionette {

Bounds bounds_of(std::span<const glm::vec3> points) {
    if (points.empty()) return {};
    Bounds b{points[0], points[0]};
    for (const glm::vec3& p : points) {
        b.min = glm::min(b.min, p);
        b.max = glm::max(b.max, p);
    }
    return b;
}

glm::mat4 framing_view_projection(const Bounds& bounds, bool is_2d, float aspect) {
    const glm::vec3 c = bounds.center();
    // A margin around the rig, and a floor under the size so a single joint still shows.
    const float r = std::max(bounds.radius(), 1e-3f) * 1.25f;
    if (is_2d) {
        const float half_h = aspect >= 1.0f ? r : r / aspect;
        const float half_w = half_h * aspect;
        return glm::ortho(c.x - half_w, c.x + half_w, c.y - half_h, c.y + half_h, -1000.0f * r, 1000.0f * r);
    }
    const float fov = glm::radians(40.0f);
    const float fit = aspect >= 1.0f ? fov : 2.0f * std::atan(std::tan(fov * 0.5f) * aspect);
    const float distance = r / std::sin(fit * 0.5f);
    const glm::vec3 eye_dir = glm::normalize(glm::vec3{0.55f, 0.35f, 1.0f});  // front-right, a little above
    const glm::mat4 view = glm::lookAt(c + eye_dir * distance, c, glm::vec3{0.0f, 1.0f, 0.0f});
    const glm::mat4 proj = glm::perspective(fov, aspect, distance * 0.01f, distance * 10.0f);
    return proj * view;
}

}  // namespace marionette
