// The rotation gizmo in the viewport: the controller's side of its rings (rotation_gizmo.hpp),
// shown on the active bone in 3D and dragged to turn the selection about one world axis.

#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

namespace {
// A ring seen edge-on moves this little (pixels per radian) where it turns back on screen.
constexpr float kFlatRing = 10.0f;
}  // namespace

std::optional<std::array<GizmoRing, 3>> ViewportController::gizmo(std::span<const Transform> world, const Viewport& viewport) const {
    const int active = selection_.active();
    if (document_.rig().is_2d() || picture_tool_ || modal_ || active < 0 || active >= static_cast<int>(world.size())) return std::nullopt;
    return gizmo_rings(world[static_cast<std::size_t>(active)].translation, camera_, viewport);
}

std::optional<int> ViewportController::dragged_ring() const {
    if (const auto* ring = std::get_if<RingDrag>(&drag_)) return ring->axis;
    return std::nullopt;
}

bool ViewportController::start_ring_drag(glm::vec2 pixel, const Viewport& viewport, std::span<const Transform> world) {
    const std::optional<std::array<GizmoRing, 3>> rings = gizmo(world, viewport);
    if (!rings) return false;
    const std::optional<int> axis = pick_ring(*rings, camera_, viewport, pixel, kGizmoPickPixels);
    if (!axis) return false;
    const Rig& rig = document_.rig();
    Result<ModalTransform> turn = ModalTransform::start(ModalKind::Rotate, rig, selection_.bones(), selection_.active(), pixel, camera_,
                                                        viewport, auto_chain_length_);
    if (!turn) {
        message_ = turn.message();
        return true;
    }
    turn.value().lock(*axis);
    const GizmoRing& ring = (*rings)[static_cast<std::size_t>(*axis)];
    glm::vec2 tangent = ring_tangent_pixels(ring, camera_, viewport, pixel);
    if (glm::length(tangent) < kFlatRing) {
        // Where an edge-on ring turns back: round its centre on screen, the way it turns when
        // its axis points at the viewer.
        const glm::vec2 r = pixel - camera_.project(ring.center, viewport).pixel;
        glm::vec3 axis_vector{0.0f};
        axis_vector[*axis] = 1.0f;
        const float facing = glm::dot(axis_vector, camera_.view_direction()) > 0.0f ? -1.0f : 1.0f;
        tangent = facing * glm::vec2{r.y, -r.x};
    }
    rig_before_drag_ = rig;
    drag_ = RingDrag{std::move(turn).value(), rig, *axis, pixel, tangent};
    return true;
}

}  // namespace marionette
