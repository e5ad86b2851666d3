#pragma once
// The strip above the viewport: FK / IK mode, undo and redo, reset pose, frame all.

#include "app/inspector_panel.hpp"
#include "app/viewport_controller.hpp"

namespace marionette {

struct ToolbarState {
    PoseMode mode = PoseMode::Ik;
    bool can_undo = false;
    bool can_redo = false;
};

struct ToolbarActions {
    std::optional<PoseMode> set_mode;
    bool undo = false;
    bool redo = false;
    bool reset_pose = false;
    bool frame_all = false;
};

ToolbarActions draw_toolbar(const ToolbarState& state, const PanelPlacement& at);

}  // namespace marionette
