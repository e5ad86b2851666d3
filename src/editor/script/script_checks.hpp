#pragma once
// What an input script sees of the editor in a frame, and the two things it does with it: find
// a script point in window pixels (a bone's tip as currently drawn) and evaluate a check.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/rig/rig.hpp"
#include "editor/script/input_script.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

// A panel widget as drawn this frame, named for scripts ("states/play"), in window pixels.
struct UiMark {
    std::string name;
    glm::vec2 min{0.0f};
    glm::vec2 max{0.0f};
};

struct ScriptView {
    const Rig* rig = nullptr;
    const Pose* pose = nullptr;        // the pose drawn this frame (the rig's, or a state's)
    std::span<const Transform> world;  // joint frames forward kinematics made of it
    const ViewCamera* camera = nullptr;
    Viewport viewport;               // where the rig is drawn in the window
    std::string_view mode;           // "fk" or "ik"
    int selected = -1;               // the active bone
    std::span<const int> selection;  // every selected bone
    bool modified = false;
    std::span<const UiMark> ui;
    // The state machine: the state shown (kRigPoseName for the rig's own pose), the one a
    // transition in progress blends from (nullopt: none), and the blend weight.
    std::string state;
    std::optional<std::string> blending_from;
    float blend_weight = 1.0f;
    std::string_view dialog;  // the modal dialog up (kScriptDialogNames), empty when none
    std::string_view status;  // the status bar's message, empty when none shows
};

// The world position of a bone's joint, middle or tip; an error when the bone does not exist.
Result<glm::vec3> bone_point_world(const ScriptView& view, const std::string& bone, BonePoint at);

// The point in window pixels. A bone point behind the 3D camera has no pixel: an error.
Result<glm::vec2> resolve_point(const ScriptView& view, const ScriptPoint& point);

// Success, or why the check failed, with what was found.
Status check_expectation(const ScriptView& view, const Expectation& expectation);

}  // namespace marionette
