#include "app/ui/dialog_keys.hpp"

#include <imgui_internal.h>

namespace marionette {

void DialogKeys::arm() {
    // Asked for before ImGui started (an error found while reading the settings, say): frame 1
    // is the first, and it carries the keys of the events polled before it.
    if (!ImGui::GetCurrentContext()) {
        first_frame_ = 2;
        return;
    }
    // ImGui 1.86 tells whether we are inside a frame only through its internal context.
    const bool within_frame = ImGui::GetCurrentContext()->WithinFrameScope;
    first_frame_ = ImGui::GetFrameCount() + (within_frame ? 1 : 2);
}

bool DialogKeys::pressed(ImGuiKey key) const {
    return ImGui::GetFrameCount() >= first_frame_ && ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false);
}

}  // namespace marionette
