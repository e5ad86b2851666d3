#include "editor/posing/root_drag.hpp"

#include "core/ik/pins.hpp"

namespace marionette {

Result<RootDrag> RootDrag::start(const Rig& rig, int bone, const glm::vec3& grab) {
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) return Error{"move: no bone " + std::to_string(bone)};
    if (rig.skeleton[static_cast<std::size_t>(bone)].parent >= 0) {
        return Error{"move: \"" + rig.skeleton[static_cast<std::size_t>(bone)].name + "\" is not a root bone"};
    }
    if (!is_finite(grab)) return Error{"move: the grab point is not finite"};
    RootDrag d;
    d.bone_ = bone;
    d.grab_ = grab;
    d.offset_at_start_ = rig.pose.root_offset;
    return d;
}

void RootDrag::drag(Rig& rig, const glm::vec3& cursor) const {
    if (!is_finite(cursor)) return;
    glm::vec3 offset = offset_at_start_ + (cursor - grab_);
    if (rig.is_2d()) offset.z = 0.0f;
    rig.pose.root_offset = offset;
    hold_pins(rig, rig.pose, {});
}

}  // namespace marionette
