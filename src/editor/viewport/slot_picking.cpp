#include "editor/viewport/slot_picking.hpp"

#include <array>
#include <cmath>

namespace marionette {

namespace {

// Whether `p` lies in the parallelogram with corners c[0] and edges c[1] - c[0], c[3] - c[0]
// (a picture's quad, whatever its turn or mirroring).
bool inside(const std::array<glm::vec3, 4>& c, glm::vec2 p) {
    const glm::vec2 o(c[0]), u = glm::vec2(c[1]) - o, v = glm::vec2(c[3]) - o;
    const float det = u.x * v.y - u.y * v.x;
    if (!(std::abs(det) > 0.0f)) return false;
    const glm::vec2 d = p - o;
    const float a = (d.x * v.y - d.y * v.x) / det;  // along u
    const float b = (u.x * d.y - u.y * d.x) / det;  // along v
    return a >= 0.0f && a <= 1.0f && b >= 0.0f && b <= 1.0f;
}

}  // namespace

int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, glm::vec2 point) {
    if (!slots.fits(rig.slots.size())) return slot_under(rig, pose, world, point);
    if (!pose.fits(world.size())) return -1;
    for (std::size_t i = slots.order.size(); i-- > 0;) {
        const auto index = static_cast<std::size_t>(slots.order[i]);
        const Attachment* a = shown_drawing(rig.slots, slots, index, world.size());
        if (!a || !(a->tint.a * slots.colors[index].a > 0.0f)) continue;
        const auto b = static_cast<std::size_t>(rig.slots[index].bone);
        if (inside(attachment_world_corners(*a, world[b], pose.scales[b]), point)) return static_cast<int>(index);
    }
    return -1;
}

int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, glm::vec2 point) {
    return slot_under(rig, pose, world, setup_slot_pose(rig.slots), point);
}

}  // namespace marionette
