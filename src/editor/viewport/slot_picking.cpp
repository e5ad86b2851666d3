#include "editor/viewport/slot_picking.hpp"

#include <vector>

#include "core/mesh/attachment_skinning.hpp"

namespace marionette {

namespace {

// Whether `p` lies in the triangle a, b, c, whichever way it turns (a mirrored picture's turn
// the other way); a triangle of no area holds nothing.
bool inside(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, glm::vec2 p) {
    if (!((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) != 0.0f)) return false;
    const auto side = [&](const glm::vec3& u, const glm::vec3& v) { return (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x); };
    const float d1 = side(a, b), d2 = side(b, c), d3 = side(c, a);
    return (d1 >= 0.0f && d2 >= 0.0f && d3 >= 0.0f) || (d1 <= 0.0f && d2 <= 0.0f && d3 <= 0.0f);
}

// Whether `p` lies on one of the attachment's triangles, placed at `v`.
bool on_triangles(const Attachment& a, const std::vector<glm::vec3>& v, glm::vec2 p) {
    if (v.empty()) return false;
    for (const auto& t : attachment_triangles(a)) {
        if (inside(v[t[0]], v[t[1]], v[t[2]], p)) return true;
    }
    return false;
}

}  // namespace

int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, glm::vec2 point) {
    if (!slots.fits(rig.slots.size())) return slot_under(rig, pose, world, point);
    if (!pose.fits(world.size())) return -1;
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
    std::vector<glm::vec3> placed;
    for (std::size_t i = slots.order.size(); i-- > 0;) {
        const auto index = static_cast<std::size_t>(slots.order[i]);
        const Attachment* a = shown_drawing(rig.slots, slots, index, world.size());
        if (!a || !(a->tint.a * slots.colors[index].a > 0.0f)) continue;
        attachment_world_vertices(*a, rig.slots[index].bone, world, pose, skinning, placed, shown_deform(slots, index, *a));
        if (on_triangles(*a, placed, point)) return static_cast<int>(index);
    }
    return -1;
}

int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, glm::vec2 point) {
    return slot_under(rig, pose, world, setup_slot_pose(rig.slots, rig.skin), point);
}

}  // namespace marionette
