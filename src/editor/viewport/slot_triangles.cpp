#include "editor/viewport/slot_triangles.hpp"

#include "core/mesh/attachment_skinning.hpp"

namespace marionette {

void build_slot_triangles(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, SlotTriangles& out) {
    if (!pose.fits(world.size())) return;
    if (!slots.fits(rig.slots.size())) {
        build_slot_triangles(rig, pose, world, out);
        return;
    }
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
    for (int index : slots.order) {
        const Attachment* drawing = shown_drawing(rig.slots, slots, static_cast<std::size_t>(index), world.size());
        if (!drawing) continue;
        const Attachment& a = *drawing;
        glm::vec4 color = a.tint * slots.colors[static_cast<std::size_t>(index)];
        if (!(color.a > 0.0f) || !(a.size.x * a.scale.x != 0.0f) || !(a.size.y * a.scale.y != 0.0f)) continue;
        color = glm::vec4(glm::vec3(color) * color.a, color.a);
        attachment_world_vertices(a, rig.slots[static_cast<std::size_t>(index)].bone, world, pose, skinning, out.placed,
                                  shown_deform(slots, static_cast<std::size_t>(index), a));
        if (out.placed.empty()) continue;
        const auto base = static_cast<std::uint32_t>(out.vertices.size());
        for (std::size_t v = 0; v < out.placed.size(); ++v) {
            // Texture rows start at the picture's top: v runs down.
            const glm::vec2 uv = attachment_uv(a, v);
            out.vertices.push_back({out.placed[v], {uv.x, 1.0f - uv.y}, color});
        }
        const auto first = static_cast<int>(out.indices.size());
        for (const auto& triangle : attachment_triangles(a)) {
            for (std::uint16_t v : triangle) out.indices.push_back(base + v);
        }
        const int count = static_cast<int>(out.indices.size()) - first;
        if (!out.batches.empty() && *out.batches.back().image == a.image) {
            out.batches.back().count += count;
        } else {
            out.batches.push_back({&a.image, first, count});
        }
    }
}

void build_slot_triangles(const Rig& rig, const Pose& pose, std::span<const Transform> world, SlotTriangles& out) {
    build_slot_triangles(rig, pose, world, setup_slot_pose(rig.slots, rig.skin), out);
}

}  // namespace marionette
