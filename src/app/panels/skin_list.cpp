#include "app/panels/skin_list.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "editor/edits/skin_edits.hpp"

namespace marionette {

void skin_list(const Rig& rig, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    if (rig.slots.empty() && rig.skins.empty()) return;
    const bool keys = keying && keying->shown && keying->shown->fits(rig.slots.size()) && keying->state >= 0 &&
                      keying->state < static_cast<int>(rig.states.size());
    const int shown = keys ? keying->shown->skin : rig.skin;
    ImGui::Separator();
    if (keys) {
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f), "Skin, keying at %.2f s", static_cast<double>(keying->time));
    } else {
        ImGui::TextDisabled("Skins");
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Sets of attachments (outfits): a slot shows the skin's attachment of the name it asks for, else its own");
    ImGui::PushID("skins");
    for (int k = -1; k < static_cast<int>(rig.skins.size()); ++k) {
        const std::string name = k < 0 ? std::string("(no skin)") : rig.skins[static_cast<std::size_t>(k)].name;
        ImGui::PushID(k);
        if (ImGui::RadioButton(name.c_str(), shown == k) && shown != k) {
            if (keys) {
                out.apply("key skin " + name, key_skin(rig, keying->state, keying->time, k));
            } else {
                out.apply("show skin " + name, show_skin(rig, k));
            }
        }
        if (marks) marks->mark_last_item("outliner/skins/" + name);
        ImGui::PopID();
    }
    if (ImGui::Button("New skin")) {
        Result<SkinEdit> made = add_skin(rig, "skin");
        out.apply("new skin", made ? Result<Rig>(std::move(made).value().rig) : Result<Rig>(Error{made.message()}));
    }
    if (marks) marks->mark_last_item("outliner/skins/new");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A new skin, shown: pictures added now go into it");
    if (keys) {
        const std::vector<SkinKey>& skin_keys = rig.states[static_cast<std::size_t>(keying->state)].skin_keys;
        const bool keyed_here = std::any_of(skin_keys.begin(), skin_keys.end(), [&](const SkinKey& k) { return k.time == keying->time; });
        if (keyed_here) {
            ImGui::SameLine();
            if (ImGui::Button("Remove key")) out.apply("remove skin key", unkey_skin(rig, keying->state, keying->time));
            if (marks) marks->mark_last_item("outliner/skins/unkey");
        }
    } else if (rig.skin >= 0) {
        const Skin& skin = rig.skins[static_cast<std::size_t>(rig.skin)];
        ImGui::SameLine();
        if (ImGui::Button("Delete skin")) out.apply("delete skin " + skin.name, delete_skin(rig, rig.skin));
        if (marks) marks->mark_last_item("outliner/skins/delete");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Deletes the skin shown and its attachments");
        // Applied on Enter, as a slot's name: one undo step.
        char name[256] = {};
        skin.name.copy(name, sizeof(name) - 1);
        if (ImGui::InputText("skin", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll))
            out.apply("rename skin " + skin.name, rename_skin(rig, rig.skin, name));
        if (marks) marks->mark_last_item("outliner/skins/name");
    }
    ImGui::PopID();
}

}  // namespace marionette
