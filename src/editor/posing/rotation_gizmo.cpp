#include "editor/posing/rotation_gizmo.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

namespace {

constexpr int kPickSegments = 96;
constexpr float kTau = 6.2831853f;

// Two unit vectors spanning the plane square to world axis `axis`, so that (u, v, axis) is
// right-handed: a turn by t about the axis takes u toward v.
void plane_of(int axis, glm::vec3& u, glm::vec3& v) {
    u = glm::vec3{0.0f};
    v = glm::vec3{0.0f};
    u[(axis + 1) % 3] = 1.0f;
    v[(axis + 2) % 3] = 1.0f;
}

glm::vec3 ring_point(const GizmoRing& ring, float t) {
    glm::vec3 u, v;
    plane_of(ring.axis, u, v);
    return ring.center + ring.radius * (std::cos(t) * u + std::sin(t) * v);
}

float distance_to_segment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    const float s = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
    return glm::length(p - (a + s * ab));
}

// The parameter of the ring's point nearest `pixel` on screen, and that distance.
std::pair<float, float> nearest_on_ring(const GizmoRing& ring, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel) {
    float best = INFINITY;
    float best_t = 0.0f;
    ScreenPoint last = camera.project(ring_point(ring, 0.0f), viewport);
    for (int i = 1; i <= kPickSegments; ++i) {
        const float t = kTau * static_cast<float>(i) / kPickSegments;
        const ScreenPoint next = camera.project(ring_point(ring, t), viewport);
        if (last.in_front && next.in_front) {
            const float d = distance_to_segment(pixel, last.pixel, next.pixel);
            if (d < best) {
                best = d;
                best_t = t - 0.5f * kTau / kPickSegments;
            }
        }
        last = next;
    }
    return {best_t, best};
}

}  // namespace

std::array<GizmoRing, 3> gizmo_rings(const glm::vec3& joint, const ViewCamera& camera, const Viewport& viewport) {
    const float radius = kGizmoPixels * camera.world_per_pixel_at(joint, viewport);
    return {GizmoRing{0, joint, radius}, GizmoRing{1, joint, radius}, GizmoRing{2, joint, radius}};
}

void build_ring_lines(const GizmoRing& ring, int segments, std::vector<glm::vec3>& out) {
    for (int i = 0; i < segments; ++i) {
        out.push_back(ring_point(ring, kTau * static_cast<float>(i) / static_cast<float>(segments)));
        out.push_back(ring_point(ring, kTau * static_cast<float>(i + 1) / static_cast<float>(segments)));
    }
}

std::optional<int> pick_ring(const std::array<GizmoRing, 3>& rings, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel,
                             float tolerance) {
    std::optional<int> hit;
    float nearest = tolerance;
    for (const GizmoRing& ring : rings) {
        const float d = nearest_on_ring(ring, camera, viewport, pixel).second;
        if (d <= nearest) {
            nearest = d;
            hit = ring.axis;
        }
    }
    return hit;
}

glm::vec2 ring_tangent_pixels(const GizmoRing& ring, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel) {
    const float t = nearest_on_ring(ring, camera, viewport, pixel).first;
    constexpr float dt = 1e-3f;
    const glm::vec2 a = camera.project(ring_point(ring, t - dt), viewport).pixel;
    const glm::vec2 b = camera.project(ring_point(ring, t + dt), viewport).pixel;
    return (b - a) / (2.0f * dt);
}

}  // namespace marionette
