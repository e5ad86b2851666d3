#pragma once
// The windows that float over the viewport (the Help window, and any other ImGui window not laid
// out beside it), as the viewport's input sees them: a press on one is the window's, not the
// viewport's, whatever ImGui's last frame said about the mouse.

namespace marionette {

// Whether a window ImGui showed last frame, other than a tooltip, covers the point (window
// pixels). The panels lie beside the viewport, so over the viewport only a floating window can.
bool floating_window_at(float x, float y);

}  // namespace marionette
