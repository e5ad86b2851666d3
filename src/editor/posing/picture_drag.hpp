#pragma once
// Placing a picture on its bone with the mouse, as Spine's setup tools do: moving it, turning it
// about its pivot, or scaling it about its pivot, so that the grabbed point of the picture
// follows the cursor. Measured from the attachment as it was when the drag started (nothing
// accumulates); the bone's frame stays as it was for the drag's length. Works in the rig's
// plane (world points; 2D: z = 0).

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

enum class PictureTool { Move, Rotate, Scale };

class PictureDrag {
public:
    // Starts placing slot `slot`'s attachment `attachment` (the drawing shown: a state's, or
    // the slot's own) with `tool` from `grab`. `bone_world` and `bone_scale` are its bone's
    // frame and pose scale as drawn. Refused for no drawing (-1), a bone scaled to nothing, or
    // (turning and scaling) a grab on the pivot itself.
    static Result<PictureDrag> start(const Rig& rig, int slot, int attachment, PictureTool tool, const Transform& bone_world,
                                     const glm::vec3& bone_scale, const glm::vec3& grab);

    // Writes the attachment for the cursor at `cursor`.
    void drag(Rig& rig, const glm::vec3& cursor) const;

    int slot() const { return slot_; }
    int attachment() const { return attachment_; }
    PictureTool tool() const { return tool_; }

private:
    PictureDrag() = default;
    // A world point in the bone's frame, before its pose scale: where offsets live.
    glm::vec2 local(const glm::vec3& world) const;

    int slot_ = -1;
    int attachment_ = -1;
    PictureTool tool_ = PictureTool::Move;
    Transform bone_world_;
    glm::vec2 bone_scale_{1.0f};
    Attachment start_;
    glm::vec2 grab_{0.0f};  // local
};

}  // namespace marionette
