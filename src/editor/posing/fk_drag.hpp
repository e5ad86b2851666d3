#pragma once
// Forward-kinematics dragging: the grabbed bone turns about its joint so that the grabbed point
// follows the cursor, and its children follow. The turn is always measured from the pose at the
// start of the drag (the bone does not snap to the cursor, and rounding does not accumulate), in
// the view plane through the joint: the app passes world points on that plane.
//
// A 3D hinge turns only about its axis, which may lie anywhere against the view: the turn is the
// one whose grabbed point, seen along the view, lands nearest the cursor. Seen along the axis
// that is the view-plane turn itself; seen from the side the point's circle is a flat ellipse and
// the hinge still turns as the cursor moves along it (a view-plane turn, clamped to the hinge,
// would turn nothing there).
//
// With several bones selected, each turns by the same turn about its own joint (Blender's
// individual origins, Spine's rotate tool): the turn the grabbed bone makes, seen from each
// bone's frame as it stands once its parents have turned, so a selected finger curls.

#include <span>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct TurningBone {
    int bone = -1;
    glm::quat start{1.0f, 0.0f, 0.0f, 0.0f};  // its pose rotation before the turn
};

// Each of `bones` (in skeleton order, so parents turn before their children) turned by `turn`,
// a world rotation, about its own joint: the turn seen in its frame as its already-turned
// parents place it, so that a selected chain curls. 2D rotations stay about z; each bone keeps
// within its limits.
void turn_bones_in_world(const Rig& rig, Pose& pose, std::span<const TurningBone> bones, const glm::quat& turn);

// The undo step of turning `bones` (the first named when alone): "Rotate forearm", "Rotate 3 bones".
std::string rotate_label(const Rig& rig, std::span<const int> bones);

class FkDrag {
public:
    // Starts turning `bone` from `grab` (a world point on the view plane through its joint, whose
    // normal is `view_direction`; 2D: the plane z = 0 seen along -z).
    // `also`: other bones that turn with it (out-of-range indices are an error).
    static Result<FkDrag> start(const Rig& rig, const Pose& pose, int bone, const glm::vec3& grab,
                                const glm::vec3& view_direction = {0.0f, 0.0f, -1.0f}, std::span<const int> also = {});

    // Writes the turning bones' pose rotations for the cursor at `cursor` (same plane), each
    // within its limits.
    void move(const Rig& rig, Pose& pose, const glm::vec3& cursor);

    // The grabbed bone.
    int bone() const { return bone_; }
    // Every bone that turns, the grabbed one included, in skeleton order.
    std::vector<int> bones() const;

private:
    FkDrag() = default;
    // The turn about the hinge's world axis taking the grabbed point nearest the cursor as seen
    // along the view; near-equal answers (a side view's front and back) go to the last one's side.
    float hinge_turn(const glm::vec3& to_cursor);

    std::vector<TurningBone> turning_;  // in skeleton order, so parents turn before their children
    int bone_ = -1;
    glm::vec3 joint_{0.0f};  // world position of the bone's joint
    glm::vec3 grab_dir_{1.0f, 0.0f, 0.0f};
    glm::quat world_at_start_{1.0f, 0.0f, 0.0f, 0.0f};
    glm::quat frame_{1.0f, 0.0f, 0.0f, 0.0f};  // parent's world rotation * rest rotation
    glm::vec3 view_{0.0f, 0.0f, -1.0f};        // unit
    std::optional<glm::vec3> hinge_;           // 3D hinges: the axis in world space, unit
    float hinge_angle_ = 0.0f;                 // the last turn about it
};

}  // namespace marionette
