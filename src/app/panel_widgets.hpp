#pragma once
// Widget helpers the panels share.

#include <imgui.h>

#include <string>

#include "app/panel_edits.hpp"

namespace marionette {

inline constexpr float kDegree = 0.0174532925f;

// One numeric widget's edit: previewed while dragged, one undo step when let go. The edit is
// made only when the value changed: most frames change nothing and copy no rig.
template <class MakeEdit>
void track(PanelEdits& out, const std::string& label, bool changed, MakeEdit make_edit) {
    if (changed) out.preview(label, make_edit());
    if (ImGui::IsItemDeactivatedAfterEdit()) out.finish = true;
}

}  // namespace marionette
