#include "editor/viewport/mesh_mode.hpp"

#include <algorithm>
#include <cmath>

#include "core/anim/deform_track.hpp"
#include "core/mesh/attachment_skinning.hpp"

namespace marionette {

bool MeshMode::is_selected(std::uint32_t v) const { return std::binary_search(selected.begin(), selected.end(), v); }

void MeshMode::select(std::span<const std::uint32_t> vertices, bool add) {
    if (!add) selected.clear();
    selected.insert(selected.end(), vertices.begin(), vertices.end());
    std::sort(selected.begin(), selected.end());
    selected.erase(std::unique(selected.begin(), selected.end()), selected.end());
}

void MeshMode::toggle(std::uint32_t v) {
    const auto at = std::lower_bound(selected.begin(), selected.end(), v);
    if (at != selected.end() && *at == v) {
        selected.erase(at);
    } else {
        selected.insert(at, v);
    }
}

namespace {

const Attachment* mode_attachment(const Rig& rig, const MeshMode& mode) {
    if (mode.slot < 0 || mode.slot >= static_cast<int>(rig.slots.size())) return nullptr;
    const Slot& s = rig.slots[static_cast<std::size_t>(mode.slot)];
    if (mode.attachment < 0 || mode.attachment >= static_cast<int>(s.attachments.size())) return nullptr;
    const Attachment& a = s.attachments[static_cast<std::size_t>(mode.attachment)];
    return a.mesh ? &a : nullptr;
}

}  // namespace

std::optional<ShownMesh> shown_mesh(const Rig& rig, const MeshMode& mode, const Pose& pose, std::span<const Transform> world,
                                    const SlotPose* slots) {
    const Attachment* a = mode_attachment(rig, mode);
    if (!a || !pose.fits(world.size())) return std::nullopt;
    ShownMesh shown;
    shown.attachment = a;
    const std::size_t count = a->mesh->vertices.size();
    std::span<const glm::vec2> deform;
    if (slots && slots->fits(rig.slots.size())) deform = shown_deform(*slots, static_cast<std::size_t>(mode.slot), *a);
    shown.deform.assign(deform.begin(), deform.end());
    if (shown.deform.size() != count) shown.deform.assign(count, glm::vec2(0.0f));
    const AttachmentSkinning skinning =
        a->mesh->is_weighted() ? attachment_skinning(rig.skeleton, rig.slots, pose, world) : AttachmentSkinning{};
    attachment_world_vertices(*a, rig.slots[static_cast<std::size_t>(mode.slot)].bone, world, pose, skinning, shown.positions,
                              shown.deform);
    if (shown.positions.size() != count) return std::nullopt;
    return shown;
}

std::vector<glm::mat2> picture_moves(const Rig& rig, const MeshMode& mode, const Pose& pose, std::span<const Transform> world,
                                     const ShownMesh& shown) {
    const std::size_t count = shown.positions.size();
    std::vector<glm::mat2> moves(count, glm::mat2(0.0f));
    const Attachment& a = *shown.attachment;
    const int bone = rig.slots[static_cast<std::size_t>(mode.slot)].bone;
    const AttachmentSkinning skinning =
        a.mesh->is_weighted() ? attachment_skinning(rig.skeleton, rig.slots, pose, world) : AttachmentSkinning{};
    // A vertex's place is affine in its offset: a unit offset along x, then y, gives the columns.
    std::vector<glm::vec3> moved[2];
    for (int axis = 0; axis < 2; ++axis) {
        std::vector<glm::vec2> deform = shown.deform;
        for (glm::vec2& d : deform) d[axis] += 1.0f;
        attachment_world_vertices(a, bone, world, pose, skinning, moved[axis], deform);
        if (moved[axis].size() != count) return moves;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const glm::mat2 m(glm::vec2(moved[0][i] - shown.positions[i]), glm::vec2(moved[1][i] - shown.positions[i]));
        const float det = glm::determinant(m);
        if (std::fabs(det) > 1e-12f && std::isfinite(det)) moves[i] = glm::inverse(m);
    }
    return moves;
}

std::optional<std::uint32_t> vertex_under(std::span<const glm::vec3> positions, const ViewCamera& camera, const Viewport& viewport,
                                          glm::vec2 pixel, float tolerance) {
    std::optional<std::uint32_t> best;
    float nearest = tolerance;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const float d = glm::length(camera.project(positions[i], viewport).pixel - pixel);
        if (d <= nearest) {
            nearest = d;
            best = static_cast<std::uint32_t>(i);
        }
    }
    return best;
}

std::vector<std::uint32_t> vertices_in_box(std::span<const glm::vec3> positions, const ViewCamera& camera, const Viewport& viewport,
                                           glm::vec2 a, glm::vec2 b) {
    const glm::vec2 lo = glm::min(a, b), hi = glm::max(a, b);
    std::vector<std::uint32_t> inside;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::vec2 p = camera.project(positions[i], viewport).pixel;
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) inside.push_back(static_cast<std::uint32_t>(i));
    }
    return inside;
}

glm::vec4 weight_color(float weight) {
    const float w = std::clamp(weight, 0.0f, 1.0f);
    // Blue (0) to green (0.5) to red (1), as Blender's weight paint.
    if (w < 0.5f) return {0.0f, 2.0f * w, 1.0f - 2.0f * w, 1.0f};
    return {2.0f * w - 1.0f, 2.0f - 2.0f * w, 0.0f, 1.0f};
}

float vertex_weight(const AttachmentMesh& mesh, std::size_t vertex, int bone, int slot_bone) {
    if (!mesh.is_weighted()) return bone == slot_bone ? 1.0f : 0.0f;
    if (vertex >= mesh.weights.size()) return 0.0f;
    const VertexWeights& w = mesh.weights[vertex];
    for (std::size_t i = 0; i < w.count; ++i) {
        if (static_cast<int>(w.bones[i]) == bone) return w.weights[static_cast<int>(i)];
    }
    return 0.0f;
}

}  // namespace marionette
