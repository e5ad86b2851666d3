#include "app/ui/imgui_windows.hpp"

#include <imgui.h>
#include <imgui_internal.h>

namespace marionette {

bool imgui_window_at(float x, float y) {
    const ImGuiContext* context = ImGui::GetCurrentContext();
    if (!context) return false;
    const ImVec2 point(x, y);
    for (const ImGuiWindow* window : context->Windows) {
        // Active: shown in the last frame (the implicit "Debug" window is left inactive when
        // nothing was drawn in it). A child lies inside its parent, which is tested itself; a
        // tooltip follows the pointer and takes no clicks.
        if (!window->Active || window->Hidden || window->IsFallbackWindow) continue;
        if ((window->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip)) != 0) continue;
        if (window->Rect().Contains(point)) return true;
    }
    return false;
}

}  // namespace marionette
