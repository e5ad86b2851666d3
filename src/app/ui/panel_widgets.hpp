#pragma once
// Widget helpers the panels share.

#include <imgui.h>

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"

namespace marionette {

inline constexpr float kDegree = 0.0174532925f;

// A value as a field showing `decimals` places shows it: one that rounds to zero there is shown
// as 0, not "-0.00" (an angle read back from a rotation at rest is often -1e-7). Only what is
// shown: an untouched field edits nothing.
inline float shown_value(float v, int decimals) {
    float half_step = 0.5f;
    for (int k = 0; k < decimals; ++k) half_step *= 0.1f;
    return v > -half_step && v < half_step ? 0.0f : v;
}
inline glm::vec3 shown_value(const glm::vec3& v, int decimals) {
    return {shown_value(v.x, decimals), shown_value(v.y, decimals), shown_value(v.z, decimals)};
}

// The widths a row's next item takes: a button's, a checkbox's with its label.
inline float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}
inline float checkbox_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

// Keeps the next item, `width` wide, on the line of the last one while it fits in the window,
// else starts a new line: a row of controls wraps in a narrow panel instead of running off it.
inline void same_line_if_fits(float width) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// One numeric widget's edit: previewed while dragged, one undo step when let go. The edit is
// made only when the value changed: most frames change nothing and copy no rig.
template <class MakeEdit>
void track(PanelEdits& out, const std::string& label, bool changed, MakeEdit make_edit) {
    if (changed) out.preview(label, make_edit());
    if (ImGui::IsItemDeactivatedAfterEdit()) out.finish = true;
}

// A drop-down of `items` showing items[current]. ImGui 1.86's Combo reports a change when the
// current item is picked again (a joint re-picked as the hinge it was lost its axis and range),
// so this is true only when a different item was picked. With marks, names the box `mark` and
// each item in the open list `mark/<item>`, for scripts and tests.
inline bool pick_one(const char* label, int& current, std::span<const char* const> items, UiMarks* marks, const std::string& mark) {
    const int count = static_cast<int>(items.size());
    // The box, measured before it is drawn: once the list is open, the last item is the list's.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::CalcItemWidth(), ImGui::GetFrameHeight());
    if (marks) marks->mark(mark, at.x, at.y, at.x + size.x, at.y + size.y);
    const bool open = ImGui::BeginCombo(label, current >= 0 && current < count ? items[static_cast<std::size_t>(current)] : "");
    if (!open) return false;
    int picked = current;
    for (int i = 0; i < count; ++i) {
        if (ImGui::Selectable(items[static_cast<std::size_t>(i)], i == current)) picked = i;
        if (marks) marks->mark_last_item(mark + "/" + items[static_cast<std::size_t>(i)]);
        if (i == current) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
    if (picked == current) return false;
    current = picked;
    return true;
}

}  // namespace marionette
