#pragma once
// Forward-kinematics dragging: the grabbed bone turns about its joint so that the grabbed point
// follows the cursor, and its children follow. The turn is always measured from the pose at the
// start of the drag (the bone does not snap to the cursor, and rounding does not accumulate), in
// the view plane through the joint: the app passes world points on that plane.

#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

class FkDrag {
public:
    // Starts turning `bone` from `grab` (a world point on the view plane through its joint).
    static Result<FkDrag> start(const Rig& rig, const Pose& pose, int bone, const glm::vec3& grab);

    // Writes the bone's pose rotation for the cursor at `cursor` (same plane), within its limits.
    void move(const Rig& rig, Pose& pose, const glm::vec3& cursor) const;

    int bone() const { return bone_; }

private:
    FkDrag() = default;
    int bone_ = -1;
    glm::vec3 joint_{0.0f};      // world position of the bone's joint
    glm::vec3 grab_dir_{1.0f, 0.0f, 0.0f};
    glm::quat world_at_start_{1.0f, 0.0f, 0.0f, 0.0f};
    glm::quat frame_{1.0f, 0.0f, 0.0f, 0.0f};  // parent's world rotation * rest rotation
};

}  // namespace marionette
