#pragma once
// Blender's R and G in pose mode: a transform that starts from a key, follows the pointer
// without a button held, and ends on Enter or a click (confirm) or Escape or a right click
// (cancel, the pose as it was).
//
// R turns the selected bones, each about its own joint (individual origins): by default about
// the axis toward the viewer, by the pointer's angle round the active bone's joint on screen.
// X, Y or Z locks the turn to that world axis; pressed again, to each bone's own axis; a third
// time, free again. A typed number is the angle in degrees (right-handed about the axis).
// G moves the active bone: a root moves the puppet (pinned chains hold), any other bone's tip
// is an IK target, its chain solved as a drag solves it. The axes lock the move the same way; a
// typed number is the distance along the locked axis (world X unless one is).
// A turn and a root's move are computed from the pose at the start, so a change of axis leaves
// nothing behind; a chain end's move solves on from where the last step left the chain, as a
// drag does. A cancel puts back the pose and pins as they were.

#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"
#include "editor/posing/fk_drag.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/root_drag.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

enum class ModalKind { Rotate, Grab };
enum class AxisSpace { Free, World, Local };

class ModalTransform {
public:
    // Starts on `rig`'s pose with the pointer at `pointer`. Rotate needs a selection; grab an
    // active bone. `auto_chain_length`: as an IK drag's automatic chain (ik_drag.hpp).
    static Result<ModalTransform> start(ModalKind kind, const Rig& rig, std::span<const int> selection, int active, glm::vec2 pointer,
                                        const ViewCamera& camera, const Viewport& viewport, int auto_chain_length);

    // The pointer moved (a typed number, while there is one, wins over it).
    void pointer(glm::vec2 pixel);
    // X, Y or Z (0, 1, 2): world axis, then local, then free again. A 2D rig turns about Z
    // only: X and Y are refused there (false) for a turn.
    bool lock(int axis);
    // A typed character: a digit, '.', or '-' (flips the sign). False for anything else.
    bool type(char c);
    // Backspace: the last typed character off (back to the pointer when none is left).
    void erase();
    // The turn set outright, in radians about the locked axis (the rotation gizmo's rings):
    // the pointer no longer counts, a typed number still does.
    void turn_to(float radians) { turned_ = radians; }

    // Writes the transform as it stands into `rig` (its pose, and pins a grab carries), from
    // `start`, the rig as it was when the transform began. A grab of a chain's end solves on
    // from where the last call left the chain, as a drag does.
    void apply(Rig& rig, const Rig& start);

    // "Rotate 35° about global X" as the status bar shows it while the transform runs, with
    // the keys it takes (`with_keys`: R and G, not a gizmo ring's drag).
    std::string describe(bool with_keys = true) const;
    // The undo step's name: "Rotate forearm", "Rotate 3 bones", "Move hips", "Drag hand".
    std::string label(const Rig& rig) const;

    ModalKind kind() const { return kind_; }
    AxisSpace space() const { return space_; }
    int axis() const { return axis_; }
    // The amount now: radians for a turn, world units (a vector) for a move.
    float angle() const;
    glm::vec3 offset() const;

private:
    ModalTransform() = default;
    std::optional<float> typed_value() const;
    glm::vec3 world_axis(const glm::quat& frame) const;  // the locked axis for a bone whose world rotation is `frame`

    ModalKind kind_ = ModalKind::Rotate;
    bool is_2d_ = true;
    ViewCamera camera_ = ViewCamera::for_2d();
    Viewport viewport_;
    std::vector<TurningBone> turning_;  // rotate: the selection, skeleton order
    std::vector<glm::quat> frames_;     // rotate: each turning bone's world rotation at the start
    int active_ = -1;
    glm::quat active_frame_{1.0f, 0.0f, 0.0f, 0.0f};  // the active bone's world rotation at the start
    glm::vec3 anchor_{0.0f};                          // rotate: the active joint; grab: the point moved (the tip, or a root's joint)
    glm::vec2 anchor_pixel_{0.0f};
    glm::vec2 start_pixel_{0.0f};
    glm::vec2 pixel_{0.0f};
    float pointer_angle_ = 0.0f;  // rotate: the pointer's turn round the anchor on screen so far
    float last_bearing_ = 0.0f;
    AxisSpace space_ = AxisSpace::Free;
    int axis_ = 2;
    std::string typed_;
    std::optional<float> turned_;
    bool out_of_range_ = false;  // grab: the last apply's point lay beyond kMaxCoordinate
    std::variant<std::monostate, RootDrag, IkDrag> grab_;
};

}  // namespace marionette
