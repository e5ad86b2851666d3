#include "app/panels/draw_order_list.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "editor/edits/slot_edits.hpp"

namespace marionette {

namespace {
constexpr const char* kSlotPayload = "marionette/slot";
}  // namespace

void draw_order_list(const Rig& rig, int selected_slot, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    if (rig.slots.empty()) return;
    const bool keys = keying && keying->shown && keying->shown->fits(rig.slots.size());
    std::vector<int> order(rig.slots.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    if (keys) order = keying->shown->order;
    ImGui::Separator();
    if (keys) {
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f), "Draw order, keying at %.2f s", static_cast<double>(keying->time));
    } else {
        ImGui::TextDisabled("Draw order (front first)");
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag a slot onto another to draw it in that place");
    ImGui::PushID("draw order");
    for (std::size_t n = order.size(); n-- > 0;) {
        const int index = order[n];
        const Slot& slot = rig.slots[static_cast<std::size_t>(index)];
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
                const std::string label = "draw " + rig.slots[static_cast<std::size_t>(from)].name + " in place of " + slot.name;
                if (from != index && keys) {
                    // The dragged slot takes this one's place in the state's order at the playhead.
                    std::vector<int> keyed = order;
                    keyed.erase(std::find(keyed.begin(), keyed.end(), from));
                    keyed.insert(keyed.begin() + static_cast<std::ptrdiff_t>(n), from);
                    out.apply("key " + label, key_draw_order(rig, keying->state, keying->time, std::move(keyed)));
                } else if (from != index) {
                    out.apply(label, move_slot(rig, from, index));
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
