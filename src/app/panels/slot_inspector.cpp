#include "app/panels/slot_inspector.hpp"

#include <imgui.h>

#include <string>
#include <vector>

#include "app/panels/mesh_inspector.hpp"
#include "app/ui/panel_widgets.hpp"
#include "app/ui/ui_marks.hpp"
#include "editor/edits/slot_edits.hpp"

namespace marionette {

namespace {

void slot_fields(const Rig& rig, int index, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    const Slot& slot = rig.slots[static_cast<std::size_t>(index)];
    // Applied on Enter, as a bone's name: one undo step, no half-typed duplicates.
    char name[256] = {};
    slot.name.copy(name, sizeof(name) - 1);
    if (ImGui::InputText("slot", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
        Slot renamed = slot;
        renamed.name = name;
        out.apply("rename slot " + slot.name, set_slot(rig, index, renamed));
    }
    // Keying: the state's drawing and colour at the playhead, changed by keys there.
    const bool keys = keying && keying->shown && keying->shown->fits(rig.slots.size());
    const auto i = static_cast<std::size_t>(index);
    if (keys) ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f), "keying at %.2f s", static_cast<double>(keying->time));
    // Each drawing once per skin it is in: picking one asks for its name (skin.hpp).
    std::vector<std::string> labels;
    for (const Attachment& a : slot.attachments)
        labels.push_back(a.skin < 0 ? a.name : a.name + "  (" + rig.skins[static_cast<std::size_t>(a.skin)].name + ")");
    std::vector<const char*> drawings{"(none)"};
    for (const std::string& l : labels) drawings.push_back(l.c_str());
    // The drawing asked for, named as the one drawn when the skin shown has its own of the name.
    const int asked = keys ? keying->shown->shown[i] : slot.shown;
    const int drawn_now = drawn_attachment(slot, asked, keys ? keying->shown->skin : rig.skin);
    int shown = (drawn_now >= 0 ? drawn_now : asked) + 1;
    if (pick_one("shows", shown, drawings, marks, "inspector/slot/shows")) {
        if (keys) {
            SlotKey key;
            key.attachment = shown - 1;
            out.apply("key drawing of " + slot.name, key_slot(rig, keying->state, index, SlotProperty::Attachment, keying->time, key));
        } else {
            Slot switched = slot;
            switched.shown = shown - 1;
            out.apply("switch slot " + slot.name, set_slot(rig, index, switched));
        }
    }
    glm::vec4 color = keys ? keying->shown->colors[i] : slot.color;
    bool changed = ImGui::ColorEdit4("colour", &color.x, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_AlphaBar);
    track(out, (keys ? "key colour of " : "colour of slot ") + slot.name, changed, [&] {
        if (keys) {
            SlotKey key;
            key.color = glm::clamp(color, 0.0f, 1.0f);
            return key_slot(rig, keying->state, index, SlotProperty::Color, keying->time, key);
        }
        Slot tinted = slot;
        tinted.color = glm::clamp(color, 0.0f, 1.0f);
        return set_slot(rig, index, tinted);
    });
    if (ImGui::Button("Add drawing...")) out.add_picture = PanelEdits::PictureTarget{slot.bone, index};
    mark_last_item(marks, "inspector/add drawing");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Another picture of this part (eyes closed, a hand's other shape), shown in its place");
    ImGui::SameLine();
    if (ImGui::Button("Delete slot")) out.apply("delete slot " + slot.name, delete_slot(rig, index));
    mark_last_item(marks, "inspector/slot/delete");
    // The drawing the viewport shows: the state's at the playhead when keying, else the setup's,
    // under the skin shown.
    const int which = keys ? drawn_index(rig.slots, *keying->shown, i) : drawn_attachment(slot, slot.shown, rig.skin);
    if (which < 0) return;
    const Attachment& a = slot.attachments[static_cast<std::size_t>(which)];
    ImGui::Separator();
    ImGui::TextDisabled("drawing %s: %s", a.name.c_str(), a.image.c_str());
    const std::string label = "picture " + a.name + " of " + slot.name;
    const auto edit = [&](auto change) {
        Attachment changed_attachment = a;
        change(changed_attachment);
        return set_attachment(rig, index, which, changed_attachment);
    };
    glm::vec2 v = a.offset;
    changed = ImGui::DragFloat2("offset", &v.x, 0.5f);
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.offset = v; }); });
    float turn = shown_value(a.rotation / kDegree, 2);
    changed = ImGui::DragFloat("turn", &turn, 0.5f, -360.0f, 360.0f, "%.2f deg");
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.rotation = turn * kDegree; }); });
    v = a.scale;
    changed = ImGui::DragFloat2("scale", &v.x, 0.01f, -kMaxAttachmentScale, kMaxAttachmentScale, "%.3f");
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.scale = v; }); });
    v = a.pivot;
    changed = ImGui::SliderFloat2("pivot", &v.x, 0.0f, 1.0f, "%.2f");
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.pivot = v; }); });
    v = a.size;
    changed = ImGui::DragFloat2("size", &v.x, 0.5f, 0.0f, 1e6f, "%.1f");
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.size = glm::max(v, glm::vec2(0.0f)); }); });
    if (!rig.skins.empty()) {
        std::vector<const char*> skins{"(no skin)"};
        for (const Skin& s : rig.skins) skins.push_back(s.name.c_str());
        int skin = a.skin + 1;
        if (pick_one("skin", skin, skins, marks, "inspector/slot/skin")) {
            out.apply("move " + label + " to " + skins[static_cast<std::size_t>(skin)], edit([&](Attachment& x) { x.skin = skin - 1; }));
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The skin this drawing belongs to; (no skin): shown where the skin has none of its name");
    }
    glm::vec4 tint = a.tint;
    changed = ImGui::ColorEdit4("tint", &tint.x, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_AlphaBar);
    track(out, label, changed, [&] { return edit([&](Attachment& x) { x.tint = glm::clamp(tint, 0.0f, 1.0f); }); });
    if (ImGui::Button("Remove drawing")) out.apply("remove " + label, delete_attachment(rig, index, which));
    mark_last_item(marks, "inspector/slot/remove drawing");
    mesh_rows(rig, index, which, out, marks);
}

}  // namespace

void slot_section(const Rig& rig, int bone, int selected_slot, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    ImGui::PushID("slots");
    bool any = false;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        if (slot.bone != bone) continue;
        any = true;
        const int showing = keying && keying->shown && keying->shown->fits(rig.slots.size()) ? keying->shown->shown[s] : slot.shown;
        const std::string text =
            slot.name + (showing < 0 ? "  (shows nothing)" : "  (" + slot.attachments[static_cast<std::size_t>(showing)].name + ")");
        if (ImGui::Selectable(text.c_str(), static_cast<int>(s) == selected_slot)) out.select_slot = static_cast<int>(s);
        mark_last_item(marks, "inspector/slots/" + slot.name);
    }
    if (!any) ImGui::TextDisabled("No pictures on this bone.");
    if (ImGui::Button("Add picture...")) out.add_picture = PanelEdits::PictureTarget{bone, -1};
    mark_last_item(marks, "inspector/add picture");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A PNG or JPEG on this bone, in a new slot drawn on top (or drop the file on the window)");
    if (selected_slot >= 0 && selected_slot < static_cast<int>(rig.slots.size()) &&
        rig.slots[static_cast<std::size_t>(selected_slot)].bone == bone) {
        ImGui::Separator();
        slot_fields(rig, selected_slot, out, marks, keying);
    }
    ImGui::PopID();
}

}  // namespace marionette
