#pragma once
// Which ImGui window lies under a point, as the viewport's input sees it: a press on a panel, a
// panel's edge strip or a window floating over the viewport (Help) is ImGui's, not the
// viewport's, whatever ImGui's last frame said about the mouse.

namespace marionette {

// Whether a window ImGui showed last frame, other than a tooltip, covers the point (window
// pixels).
bool imgui_window_at(float x, float y);

}  // namespace marionette
