#include "app/dialog_keys.hpp"

#include <imgui_internal.h>

namespace marionette {

void DialogKeys::arm() {
    // ImGui 1.86 tells whether we are inside a frame only through its internal context.
    const bool within_frame = ImGui::GetCurrentContext()->WithinFrameScope;
    first_frame_ = ImGui::GetFrameCount() + (within_frame ? 1 : 2);
}

bool DialogKeys::pressed(ImGuiKey key) const {
    return ImGui::GetFrameCount() >= first_frame_ && ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false);
}

}  // namespace marionette
