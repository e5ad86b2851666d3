#pragma once

#include <optional>
#include <string>

#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

struct StatusBarInfo {
    PoseMode mode;
    std::optional<IkChain> chain;
    std::optional<IkResult> last_solve;
    bool softened = false;  // the last solve is short of its target only by the chain's softness
    int chain_bones;        // how many bones the chain moves
    std::string message;
    std::optional<PictureTool> picture_tool;  // Place mode's tool, or none (posing)
};

// The bar along the bottom: the FK/IK toggle (in Place mode, the picture tools instead), the
// chain being posed and its solver, the last solve's iterations and remaining error, and the
// latest message. Sets `toggle_mode` when the mode button is pressed, `set_tool` when a picture
// tool is.
void draw_status_bar(const StatusBarInfo& info, float window_width, float window_height, float height, bool& toggle_mode,
                     std::optional<PictureTool>& set_tool);

}  // namespace marionette
