#include "app/ui/ui_marks.hpp"

#include <imgui.h>

namespace marionette {

void UiMarks::mark_last_item(std::string name) {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    marks_.push_back(UiMark{std::move(name), {lo.x, lo.y}, {hi.x, hi.y}});
}

}  // namespace marionette
