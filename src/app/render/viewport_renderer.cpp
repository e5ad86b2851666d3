#include "app/render/viewport_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "app/render/mesh_mode_overlay.hpp"
#include "app/ui/ui_style.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "editor/posing/limit_arcs.hpp"
#include "editor/posing/rotation_gizmo.hpp"
#include "editor/viewport/grid_plan.hpp"

namespace marionette {

namespace {
// The joints' rings, in points: their outer radius.
constexpr float kJointRingRadius = 5.0f;
}  // namespace

Result<std::unique_ptr<ViewportRenderer>> ViewportRenderer::create(const std::filesystem::path& shader_dir) {
    std::unique_ptr<ViewportRenderer> r(new ViewportRenderer());
    auto lines = LineRenderer::create(shader_dir);
    if (!lines) return Error{lines.message()};
    r->lines_ = std::move(lines).value();
    auto grid = GridRenderer::create(shader_dir);
    if (!grid) return Error{grid.message()};
    r->grid_ = std::move(grid).value();
    auto bones = BoneRenderer::create(shader_dir);
    if (!bones) return Error{bones.message()};
    r->bones_ = std::move(bones).value();
    auto shapes = ShapeRenderer::create(shader_dir);
    if (!shapes) return Error{shapes.message()};
    r->shapes_ = std::move(shapes).value();
    auto meshes = MeshRenderer::create(shader_dir);
    if (!meshes) return Error{meshes.message()};
    r->meshes_ = std::move(meshes).value();
    auto slots = SlotRenderer::create(shader_dir);
    if (!slots) return Error{slots.message()};
    r->slots_ = std::move(slots).value();
    return r;
}

std::vector<std::string> ViewportRenderer::take_problems() {
    std::vector<std::string> out = meshes_->take_problems();
    for (std::string& p : slots_->take_problems()) out.push_back(std::move(p));
    return out;
}

void ViewportRenderer::draw(const Rig& rig, const Pose& pose, std::span<const Transform> world, const ViewportController& controller,
                            const Viewport& view, int frame_width, int frame_height, float pixels_per_point,
                            std::span<const GhostPose> ghosts, ViewLayers layers) {
    if (view.empty()) return;
    const ViewCamera& camera = controller.camera();
    const glm::mat4 view_projection = camera.view_projection(view);
    // GL counts viewport rows from the bottom, in framebuffer pixels.
    glViewport(static_cast<int>(view.x * pixels_per_point),
               static_cast<int>(static_cast<float>(frame_height) - (view.y + view.height) * pixels_per_point),
               static_cast<int>(view.width * pixels_per_point), static_cast<int>(view.height * pixels_per_point));

    // Not scaled with the UI: the grid's spacing is planned in points of the view (grid_plan).
    grid_->draw(plan_grid(camera, view), rig.is_2d(), view_projection, pixels_per_point);
    const float world_per_point = camera.world_per_pixel_at(camera.is_2d() ? glm::vec3{camera.center(), 0.0f} : camera.target(), view);

    looks_.assign(rig.skeleton.size(), BoneLook::Normal);
    if (auto chain = controller.active_chain()) {
        for (int b : chain_bones(rig.skeleton, chain->root, chain->effector)) looks_[static_cast<std::size_t>(b)] = BoneLook::InChain;
    }
    if (controller.hovered() >= 0 && controller.hovered() < static_cast<int>(looks_.size())) {
        looks_[static_cast<std::size_t>(controller.hovered())] = BoneLook::Hovered;
    }
    for (const int b : controller.selection().bones()) {
        if (b >= 0 && b < static_cast<int>(looks_.size())) looks_[static_cast<std::size_t>(b)] = BoneLook::Selected;
    }
    instances_.clear();
    build_bone_instances(rig.skeleton, pose, world, looks_, instances_);
    const glm::vec3 light = glm::normalize(rig.is_2d() ? glm::vec3{0, 0, 1} : glm::vec3{0.35f, 0.8f, 0.5f});
    BoneView bone_view;
    bone_view.view_projection = view_projection;
    bone_view.viewport_pixels = glm::vec2{view.width, view.height} * pixels_per_point;
    bone_view.pixels_per_point = pixels_per_point * ui_scale_in_use();
    bone_view.world_per_pixel = world_per_point / pixels_per_point;
    bone_view.light_direction = light;
    bone_view.is_2d = rig.is_2d();
    if (!rig.is_2d()) {
        bone_view.eye = camera.eye();
        bone_view.world_per_pixel_per_depth = world_per_point / pixels_per_point / std::max(camera.distance(), 1e-6f);
    }
    const bool meshes_shown = layers.meshes && !rig.meshes.empty();
    if (meshes_shown) {
        glEnable(GL_DEPTH_TEST);
        glClear(GL_DEPTH_BUFFER_BIT);  // meshes over the grid, sorted among themselves
        meshes_->draw(rig, pose, world, view_projection, light);
    }
    if (rig.is_2d()) {
        glDisable(GL_DEPTH_TEST);  // 2D bones keep their drawing order
    } else if (!meshes_shown || layers.xray) {
        // Bones over the grid, sorted among themselves; with X-ray over the meshes too, as
        // Blender's "In Front" (without it, hidden where the skin covers them).
        glEnable(GL_DEPTH_TEST);
        glClear(GL_DEPTH_BUFFER_BIT);
    }
    ghost_instances_.clear();
    for (const GhostPose& g : ghosts) {
        const std::size_t from = ghost_instances_.size();
        build_bone_instances(rig.skeleton, g.pose, g.world, {}, ghost_instances_);
        tint_bone_instances(std::span(ghost_instances_).subspan(from), g.tint);
    }
    if (!ghost_instances_.empty()) {
        // See-through and under the rig: blended, and (3D) leaving the depth buffer to the bones.
        glDepthMask(GL_FALSE);
        bones_->draw(ghost_instances_, bone_view, false);
        glDepthMask(GL_TRUE);
    }
    // 2D pictures are drawn in slot order over the bones or under them (X-ray), as 3D bones are
    // in front of the meshes or hidden inside them.
    slot_triangles_.clear();
    if (layers.meshes && !rig.slots.empty()) {
        if (slot_pose_) {
            build_slot_triangles(rig, pose, world, *slot_pose_, slot_triangles_);
        } else {
            build_slot_triangles(rig, pose, world, slot_triangles_);
        }
    }
    const bool bones_over_pictures = layers.xray || slot_triangles_.vertices.empty();
    if (bones_over_pictures) slots_->draw(slot_triangles_, picture_folder_, view_projection);
    bones_->draw(instances_, bone_view, true, kJointRingRadius);
    if (!bones_over_pictures) slots_->draw(slot_triangles_, picture_folder_, view_projection);
    glDisable(GL_DEPTH_TEST);
    // The selected bones again, over everything drawn so far (pictures, meshes, other bones), in
    // their selected paint with its bright outline: a selection is always seen, as Blender draws
    // a selected bone in front. The active one last, on top of the rest.
    selected_instances_.clear();
    for (const int b : controller.selection().bones()) {
        if (b >= 0 && b < static_cast<int>(instances_.size()) && b != controller.selected())
            selected_instances_.push_back(instances_[static_cast<std::size_t>(b)]);
    }
    if (controller.selected() >= 0 && controller.selected() < static_cast<int>(instances_.size()))
        selected_instances_.push_back(instances_[static_cast<std::size_t>(controller.selected())]);
    if (!selected_instances_.empty()) {
        if (!rig.is_2d()) {
            // Sorted among themselves only: a 3D bone's own faces still hide its back.
            glEnable(GL_DEPTH_TEST);
            glClear(GL_DEPTH_BUFFER_BIT);
        }
        bones_->draw(selected_instances_, bone_view, true, kJointRingRadius);
        glDisable(GL_DEPTH_TEST);
    }
    draw_overlays(rig, pose, world, controller, view, view_projection, pixels_per_point, light);
    glViewport(0, 0, frame_width, frame_height);
}

void ViewportRenderer::draw_overlays(const Rig& rig, const Pose& pose, std::span<const Transform> world,
                                     const ViewportController& controller, const Viewport& view, const glm::mat4& view_projection,
                                     float pixels_per_point, const glm::vec3& light) {
    // Over the bones, never hidden by them: the selected bone's limits, pole lines, handles.
    const ViewCamera& camera = controller.camera();
    overlay_.lines.clear();
    overlay_.points.clear();
    const int selected = controller.selected();
    if (selected >= 0 && selected < static_cast<int>(world.size())) {
        const auto b = static_cast<std::size_t>(selected);
        const float px = camera.world_per_pixel_at(world[b].translation, view);
        const float radius = std::clamp(0.5f * rig.skeleton[b].length, 30.0f * px, 80.0f * px);
        arc_points_.clear();
        build_limit_arcs(rig, world, selected, radius, arc_points_);
        for (const glm::vec3& p : arc_points_) overlay_.lines.push_back({p, {1.0f, 0.85f, 0.3f, 1.0f}});
    }
    // 3D: the rotation gizmo's rings on the selected bone, X red, Y green, Z blue; the one
    // dragged white, the others faded.
    if (const std::optional<std::array<GizmoRing, 3>> rings = controller.gizmo(world, view)) {
        static constexpr glm::vec4 kAxisColors[] = {{0.95f, 0.3f, 0.3f, 1.0f}, {0.45f, 0.85f, 0.3f, 1.0f}, {0.3f, 0.55f, 1.0f, 1.0f}};
        const std::optional<int> dragged = controller.dragged_ring();
        for (const GizmoRing& ring : *rings) {
            glm::vec4 color = kAxisColors[ring.axis];
            if (dragged == ring.axis) {
                color = {1.0f, 1.0f, 1.0f, 1.0f};
            } else if (dragged) {
                color.a = 0.35f;
            }
            arc_points_.clear();
            build_ring_lines(ring, 64, arc_points_);
            for (const glm::vec3& p : arc_points_) overlay_.lines.push_back({p, color});
        }
    }
    // The selected slot's picture: its outline, and in Place mode its pivot.
    // In mesh mode, the edited mesh's triangles, vertices and weights instead.
    mesh_fills_.clear();
    build_mesh_mode_overlay(rig, controller, pose, world, slot_pose_, view, overlay_, mesh_fills_);
    if (!mesh_fills_.empty()) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        shapes_->draw(mesh_fills_, view_projection, glm::vec3(0.0f, 0.0f, 1.0f));
        glDisable(GL_BLEND);
    }
    const int slot = controller.mesh_mode() ? -1 : controller.selected_slot();
    if (slot >= 0 && slot < static_cast<int>(rig.slots.size()) && pose.fits(world.size())) {
        const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
        const auto b = static_cast<std::size_t>(s.bone);
        // The drawing shown: a state's at the playhead, or the slot's own, under the skin shown.
        const int drawn = slot_pose_ && slot_pose_->fits(rig.slots.size())
                              ? drawn_index(rig.slots, *slot_pose_, static_cast<std::size_t>(slot))
                              : drawn_attachment(s, s.shown, rig.skin);
        if (drawn >= 0 && b < world.size()) {
            const Attachment& a = s.attachments[static_cast<std::size_t>(drawn)];
            // Rest frames and skinning matrices only for a weighted mesh: nothing else reads them.
            const AttachmentSkinning skinning =
                a.mesh && a.mesh->is_weighted() ? attachment_skinning(rig.skeleton, rig.slots, pose, world) : AttachmentSkinning{};
            attachment_world_vertices(a, s.bone, world, pose, skinning, placed_);
            const glm::vec4 color{1.0f, 0.55f, 0.3f, 1.0f};
            if (!placed_.empty() && a.mesh) {
                // A mesh's triangles faintly, so its vertices show where it bends.
                const glm::vec4 wire{1.0f, 0.55f, 0.3f, 0.35f};
                for (const auto& t : a.mesh->triangles) {
                    for (std::size_t k = 0; k < 3; ++k) {
                        overlay_.lines.push_back({placed_[t[k]], wire});
                        overlay_.lines.push_back({placed_[t[(k + 1) % 3]], wire});
                    }
                }
            }
            const std::size_t outline = placed_.empty() ? 0 : attachment_outline_size(a);
            for (std::size_t i = 0; i < outline; ++i) {
                overlay_.lines.push_back({placed_[i], color});
                overlay_.lines.push_back({placed_[(i + 1) % outline], color});
            }
            if (controller.picture_tool()) overlay_.points.push_back({world[b].apply(glm::vec3(a.offset, 0.0f) * pose.scales[b]), color});
        }
    }
    handles_.clear();
    controller.handles(pose, world, handles_);
    for (const ChainHandle& h : handles_) {
        if (h.kind != HandleKind::Pole) continue;
        // The pole's line starts at the middle joint (the effector's joint).
        const auto e = static_cast<std::size_t>(rig.chains[static_cast<std::size_t>(h.chain)].effector);
        const glm::vec4 color = handle_color(HandleKind::Pole) * glm::vec4{1.0f, 1.0f, 1.0f, 0.7f};
        overlay_.lines.push_back({world[e].translation, color});
        overlay_.lines.push_back({h.position, color});
    }
    lines_->draw(overlay_, view_projection, 9.0f * pixels_per_point);
    shape_vertices_.clear();
    build_handle_shapes(handles_, camera, view, light, shape_vertices_);
    shapes_->draw(shape_vertices_, view_projection, light);
}

}  // namespace marionette
