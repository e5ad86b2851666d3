#pragma once
// The 3D rotation gizmo: three rings about the selected bone's joint, square to the world X, Y
// and Z axes (Blender's rotate gizmo in global orientation). Dragging a ring turns the selection
// about that axis, each bone about its own joint and within its limits (modal_transform.hpp
// does the turning); the rings keep one size on screen.

#include <array>
#include <optional>
#include <vector>

#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

struct GizmoRing {
    int axis = 0;  // 0, 1, 2: world X, Y, Z, the ring's normal
    glm::vec3 center{0.0f};
    float radius = 1.0f;  // world units
};

inline constexpr float kGizmoPixels = 70.0f;     // the rings' radius on screen
inline constexpr float kGizmoPickPixels = 6.0f;  // a press this near a ring grabs it

// The three rings at `joint`, kGizmoPixels across on screen at its depth.
std::array<GizmoRing, 3> gizmo_rings(const glm::vec3& joint, const ViewCamera& camera, const Viewport& viewport);

// The ring as line segments (pairs of points), `segments` of them.
void build_ring_lines(const GizmoRing& ring, int segments, std::vector<glm::vec3>& out);

// The ring nearest `pixel` on screen within `tolerance` pixels (its points in front of the
// camera only), or none.
std::optional<int> pick_ring(const std::array<GizmoRing, 3>& rings, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel,
                             float tolerance);

// How the ring's point nearest `pixel` on screen moves as the ring turns: pixels per radian,
// along the screen. A turn of a ring grabbed there follows the pointer's motion along it.
glm::vec2 ring_tangent_pixels(const GizmoRing& ring, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel);

}  // namespace marionette
