#include "app/ui/panel_edges.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/ui/ui_style.hpp"

namespace marionette {

namespace {

// The strip's rectangle in window points: ui_px(8) across, straddling the edge, most of it on
// the viewport's side. Wide enough to find without aiming (the drawn border itself is in it),
// narrow enough not to take much of the viewport; the part over the panel stays clear of its
// scrollbar, which sits inside the panel's padding.
struct EdgeStrip {
    float x0 = 0.0f, y0 = 0.0f, x1 = 0.0f, y1 = 0.0f;
};

EdgeStrip edge_strip(const PanelEdge& edge) {
    const float thickness = ui_px(8.0f);
    const float over_panel = ui_px(3.0f);
    const float lo = edge.side > 0.0f ? edge.at - over_panel : edge.at + over_panel - thickness;
    const float length = std::max(1.0f, edge.to - edge.from);
    if (edge.vertical) return {lo, edge.from, lo + thickness, edge.from + length};
    return {edge.from, lo, edge.from + length, lo + thickness};
}

}  // namespace

PanelEdgeDrag panel_edge(const PanelEdge& edge, UiMarks* marks) {
    PanelEdgeDrag drag;
    const EdgeStrip strip = edge_strip(edge);
    const ImVec2 min(strip.x0, strip.y0);
    const ImVec2 size(strip.x1 - strip.x0, strip.y1 - strip.y0);
    ImGui::SetNextWindowPos(min);
    ImGui::SetNextWindowSize(size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
    const std::string window = std::string("##edge ") + edge.id;
    if (ImGui::Begin(window.c_str(), nullptr, flags)) {
        ImGui::InvisibleButton(edge.id, size);
        if (marks) marks->mark_last_item(std::string("edge/") + edge.id);
        const bool hovered = ImGui::IsItemHovered();
        const bool active = ImGui::IsItemActive();
        if (hovered || active) {
            ImGui::SetMouseCursor(edge.vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
            // The panel's edge itself lights up.
            const ImU32 colour = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered);
            const float line = edge.at;
            ImDrawList* draw = ImGui::GetWindowDrawList();
            if (edge.vertical) {
                draw->AddLine(ImVec2(line, edge.from), ImVec2(line, edge.to), colour, ui_px(2.0f));
            } else {
                draw->AddLine(ImVec2(edge.from, line), ImVec2(edge.to, line), colour, ui_px(2.0f));
            }
            if (hovered && !active) ImGui::SetTooltip("Drag to resize; double-click for the default size");
        }
        // Where along the strip it was grabbed: the edge keeps that distance from the pointer,
        // so it does not jump to the pointer on the first motion.
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const float pointer = edge.vertical ? mouse.x : mouse.y;
        ImGuiStorage* storage = ImGui::GetStateStorage();
        const ImGuiID grab = ImGui::GetID("grab");
        if (ImGui::IsItemActivated()) storage->SetFloat(grab, pointer - edge.at);
        if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
            drag.reset = true;
        } else if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
            drag.moved_to = pointer - storage->GetFloat(grab, 0.0f);
        }
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
    return drag;
}

}  // namespace marionette
