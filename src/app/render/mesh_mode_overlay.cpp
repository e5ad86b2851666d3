#include "app/render/mesh_mode_overlay.hpp"

#include <cmath>

namespace marionette {

void build_mesh_mode_overlay(const Rig& rig, const ViewportController& controller, const Pose& pose, std::span<const Transform> world,
                             const SlotPose* slots, const Viewport& view, LineDrawData& lines, std::vector<ShapeVertex>& fills) {
    const std::optional<MeshMode>& mode = controller.mesh_mode();
    if (!mode) return;
    const std::optional<ShownMesh> shown = shown_mesh(rig, *mode, pose, world, slots);
    if (!shown) return;
    const AttachmentMesh& mesh = *shown->attachment->mesh;
    const std::vector<glm::vec3>& at = shown->positions;
    const bool weights = mode->tool == MeshTool::Weights;
    const int bone = controller.selected();
    const int slot_bone = rig.slots[static_cast<std::size_t>(mode->slot)].bone;
    std::vector<glm::vec4> colors(at.size(), glm::vec4(1.0f));
    if (weights) {
        for (std::size_t i = 0; i < at.size(); ++i) colors[i] = weight_color(vertex_weight(mesh, i, bone, slot_bone));
        // The weights as a see-through wash over the picture, blended across each triangle.
        for (const auto& t : mesh.triangles) {
            for (const std::uint16_t v : t) fills.push_back({at[v], glm::vec3(0.0f, 0.0f, 1.0f), colors[v] * glm::vec4(1, 1, 1, 0.55f)});
        }
    }
    const glm::vec4 wire = weights ? glm::vec4(0.1f, 0.1f, 0.1f, 0.6f) : glm::vec4(0.95f, 0.75f, 0.4f, 0.6f);
    for (const auto& t : mesh.triangles) {
        for (std::size_t k = 0; k < 3; ++k) {
            lines.lines.push_back({at[t[k]], wire});
            lines.lines.push_back({at[t[(k + 1) % 3]], wire});
        }
    }
    const glm::vec4 outline{1.0f, 0.55f, 0.2f, 1.0f};
    for (std::size_t i = 0; i < mesh.hull; ++i) {
        lines.lines.push_back({at[i], outline});
        lines.lines.push_back({at[(i + 1) % mesh.hull], outline});
    }
    for (std::size_t i = 0; i < at.size(); ++i) {
        glm::vec4 c = weights ? colors[i] : glm::vec4(0.75f, 0.35f, 0.1f, 1.0f);
        if (mode->is_selected(static_cast<std::uint32_t>(i))) c = weights ? glm::vec4(1.0f) : glm::vec4(1.0f, 0.95f, 0.35f, 1.0f);
        lines.points.push_back({at[i], c});
    }
    if (!weights) return;
    // The brush: a circle of its radius on screen about the pointer.
    const ViewCamera& camera = controller.camera();
    const std::optional<glm::vec3> centre =
        camera.point_on_plane(controller.pointer(), view, at.empty() ? glm::vec3(0.0f) : at[0], camera.view_direction());
    if (!centre || !view.contains(controller.pointer())) return;
    const float radius = mode->brush.radius * camera.world_per_pixel_at(*centre, view);
    constexpr int kSides = 48;
    const glm::vec4 ring{1.0f, 1.0f, 1.0f, 0.9f};
    for (int i = 0; i < kSides; ++i) {
        const float a0 = 6.2831853f * static_cast<float>(i) / kSides, a1 = 6.2831853f * static_cast<float>(i + 1) / kSides;
        lines.lines.push_back({*centre + radius * glm::vec3(std::cos(a0), std::sin(a0), 0.0f), ring});
        lines.lines.push_back({*centre + radius * glm::vec3(std::cos(a1), std::sin(a1), 0.0f), ring});
    }
}

}  // namespace marionette
