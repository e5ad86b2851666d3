#include "app/draw_order_list.hpp"

#include <imgui.h>

#include <string>

#include "editor/slot_edits.hpp"

namespace marionette {

namespace {
constexpr const char* kSlotPayload = "marionette/slot";
}  // namespace

void draw_order_list(const Rig& rig, int selected_slot, PanelEdits& out, UiMarks* marks) {
    if (rig.slots.empty()) return;
    ImGui::Separator();
    ImGui::TextDisabled("Draw order (front first)");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag a slot onto another to draw it in that place");
    ImGui::PushID("draw order");
    for (std::size_t n = rig.slots.size(); n-- > 0;) {
        const Slot& slot = rig.slots[n];
        const int index = static_cast<int>(n);
        const std::string text = slot.name + "  (" + rig.skeleton[static_cast<std::size_t>(slot.bone)].name + ")";
        ImGui::PushID(index);
        if (ImGui::Selectable(text.c_str(), index == selected_slot)) out.select_slot = index;
        if (marks) marks->mark_last_item("outliner/slots/" + slot.name);
        if (ImGui::BeginDragDropSource()) {
            ImGui::SetDragDropPayload(kSlotPayload, &index, sizeof index);
            ImGui::TextUnformatted(slot.name.c_str());
            ImGui::EndDragDropSource();
        }
        if (ImGui::BeginDragDropTarget()) {
            if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(kSlotPayload)) {
                const int from = *static_cast<const int*>(p->Data);
                if (from != index) {
                    out.apply("draw " + rig.slots[static_cast<std::size_t>(from)].name + " in place of " + slot.name, move_slot(rig, from, index));
                    out.select_slot = index;
                }
            }
            ImGui::EndDragDropTarget();
        }
        ImGui::PopID();
    }
    ImGui::PopID();
}

}  // namespace marionette
