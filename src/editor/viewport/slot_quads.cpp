#include "editor/viewport/slot_quads.hpp"

namespace marionette {

namespace {

// The picture's corners as attachment_corners orders them (bottom left, bottom right, top
// right, top left) in texture coordinates, whose origin is the picture's top left.
constexpr glm::vec2 kCornerUv[4] = {{0.0f, 1.0f}, {1.0f, 1.0f}, {1.0f, 0.0f}, {0.0f, 0.0f}};
constexpr int kQuadCorners[6] = {0, 1, 2, 0, 2, 3};

}  // namespace

void build_slot_quads(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, SlotQuads& out) {
    if (!pose.fits(world.size())) return;
    if (!slots.fits(rig.slots.size())) {
        build_slot_quads(rig, pose, world, out);
        return;
    }
    for (int index : slots.order) {
        const Attachment* drawing = shown_drawing(rig.slots, slots, static_cast<std::size_t>(index), world.size());
        if (!drawing) continue;
        const Attachment& a = *drawing;
        glm::vec4 color = a.tint * slots.colors[static_cast<std::size_t>(index)];
        if (!(color.a > 0.0f) || !(a.size.x * a.scale.x != 0.0f) || !(a.size.y * a.scale.y != 0.0f)) continue;
        color = glm::vec4(glm::vec3(color) * color.a, color.a);
        const auto b = static_cast<std::size_t>(rig.slots[static_cast<std::size_t>(index)].bone);
        const std::array<glm::vec3, 4> corners = attachment_world_corners(a, world[b], pose.scales[b]);
        const auto first = static_cast<int>(out.vertices.size());
        for (int c : kQuadCorners) out.vertices.push_back({corners[static_cast<std::size_t>(c)], kCornerUv[c], color});
        if (!out.batches.empty() && *out.batches.back().image == a.image) {
            out.batches.back().count += 6;
        } else {
            out.batches.push_back({&a.image, first, 6});
        }
    }
}

void build_slot_quads(const Rig& rig, const Pose& pose, std::span<const Transform> world, SlotQuads& out) {
    build_slot_quads(rig, pose, world, setup_slot_pose(rig.slots), out);
}

}  // namespace marionette
