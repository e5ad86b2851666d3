#include "editor/posing/picture_drag.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/extents.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

Result<PictureDrag> PictureDrag::start(const Rig& rig, int slot, int attachment, PictureTool tool, const Transform& bone_world,
                                       const glm::vec3& bone_scale, const glm::vec3& grab) {
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) return Error{"slot " + std::to_string(slot) + " does not exist"};
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (attachment < 0 || attachment >= static_cast<int>(s.attachments.size()))
        return Error{"slot \"" + s.name + "\" shows no picture to place"};
    if (!(std::abs(bone_scale.x) > 0.0f && std::abs(bone_scale.y) > 0.0f)) {
        return Error{"the picture of slot \"" + s.name + "\" cannot be placed: its bone is scaled to nothing"};
    }
    PictureDrag d;
    d.slot_ = slot;
    d.attachment_ = attachment;
    d.tool_ = tool;
    d.bone_world_ = bone_world;
    d.bone_scale_ = glm::vec2(bone_scale);
    d.start_ = s.attachments[static_cast<std::size_t>(attachment)];
    d.grab_ = d.local(grab);
    if (tool != PictureTool::Move && !(glm::length(d.grab_ - d.start_.offset) > 1e-6f * std::max(1.0f, glm::length(d.start_.size)))) {
        return Error{"grab the picture away from its pivot to turn or scale it"};
    }
    return d;
}

glm::vec2 PictureDrag::local(const glm::vec3& world) const {
    const glm::vec3 p = glm::inverse(bone_world_.rotation) * (world - bone_world_.translation);
    return glm::vec2(p) / bone_scale_;
}

void PictureDrag::drag(Rig& rig, const glm::vec3& cursor) const {
    if (slot_ >= static_cast<int>(rig.slots.size())) return;
    Slot& slot = rig.slots[static_cast<std::size_t>(slot_)];
    if (attachment_ >= static_cast<int>(slot.attachments.size())) return;
    Attachment& a = slot.attachments[static_cast<std::size_t>(attachment_)];
    const glm::vec2 at = local(cursor);
    if (!std::isfinite(at.x) || !std::isfinite(at.y)) return;
    a = start_;
    const glm::vec2 from = grab_ - start_.offset, to = at - start_.offset;
    switch (tool_) {
        case PictureTool::Move:
            a.offset = glm::clamp(start_.offset + (at - grab_), glm::vec2(-kMaxCoordinate), glm::vec2(kMaxCoordinate));
            break;
        case PictureTool::Rotate: {
            if (!(glm::length(to) > 0.0f)) return;
            float turn = std::atan2(to.y, to.x) - std::atan2(from.y, from.x);
            if (turn > kPi) turn -= 2.0f * kPi;
            if (turn < -kPi) turn += 2.0f * kPi;
            // Kept within one turn of zero: a long session of turning never walks out of range.
            a.rotation = std::remainder(start_.rotation + turn, 2.0f * kPi);
            break;
        }
        case PictureTool::Scale: {
            const float factor = glm::length(to) / glm::length(from);
            a.scale = glm::clamp(start_.scale * factor, glm::vec2(-kMaxAttachmentScale), glm::vec2(kMaxAttachmentScale));
            break;
        }
    }
}

}  // namespace marionette
