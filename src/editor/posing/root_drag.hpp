#pragma once
// Dragging a root bone in IK mode moves the whole puppet (the pose's root offset) with the
// cursor, the way one grabs a character by the hips: pinned effectors stay where they are and
// their chains bend to keep them there.

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class RootDrag {
public:
    // Starts moving root bone `bone` from `grab` (a world point on the view plane through its
    // joint).
    static Result<RootDrag> start(const Rig& rig, int bone, const glm::vec3& grab);

    // Moves the root offset by the cursor's motion since the start; pinned chains hold.
    void drag(Rig& rig, const glm::vec3& cursor) const;

    int bone() const { return bone_; }

private:
    RootDrag() = default;
    int bone_ = -1;
    glm::vec3 grab_{0.0f};
    glm::vec3 offset_at_start_{0.0f};
};

}  // namespace marionette
