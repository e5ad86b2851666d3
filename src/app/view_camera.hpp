#pragma once
// Framing the rig: an orthographic camera for 2D rigs, a perspective three-quarter view for 3D,
// fitted around the points given. The full camera (pan, orbit, zoom) is the editor's.

#include <span>

#include <glm/glm.hpp>

namespace marionette {

struct Bounds {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};
    glm::vec3 center() const { return 0.5f * (min + max); }
    float radius() const { return 0.5f * glm::length(max - min); }
};

Bounds bounds_of(std::span<const glm::vec3> points);

// aspect = viewport width / height.
glm::mat4 framing_view_projection(const Bounds& bounds, bool is_2d, float aspect);

}  // namespace marionette
