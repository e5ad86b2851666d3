#include "app/panels/mesh_inspector.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/ui/panel_widgets.hpp"
#include "editor/edits/mesh_edits.hpp"
#include "editor/files/picture_mesh_file.hpp"

namespace marionette {

namespace {

// "upper, lower and hand".
std::string bone_names(const Rig& rig, const std::vector<int>& bones) {
    std::string text;
    for (std::size_t i = 0; i < bones.size(); ++i) {
        if (i > 0) text += i + 1 == bones.size() ? " and " : ", ";
        text += rig.skeleton[static_cast<std::size_t>(bones[i])].name;
    }
    return text;
}

}  // namespace

void mesh_rows(const Rig& rig, int slot, int attachment, PanelEdits& out, UiMarks* marks) {
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    const Attachment& a = s.attachments[static_cast<std::size_t>(attachment)];
    ImGui::PushID("mesh");
    ImGui::Separator();
    std::string what = "mesh: none (a plain picture)";
    if (a.mesh) {
        what = "mesh: " + std::to_string(a.mesh->vertices.size()) + " vertices, " + std::to_string(a.mesh->triangles.size()) +
               " triangles, " +
               (a.mesh->is_weighted() ? "weighted over " + bone_names(rig, weighted_bones(*a.mesh))
                                      : "rigid on " + rig.skeleton[static_cast<std::size_t>(s.bone)].name);
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", what.c_str());
    ImGui::PopStyleColor();
    // Tool settings, not rig data: kept in ImGui's storage for the window, as a slider's own.
    ImGuiStorage* storage = ImGui::GetStateStorage();
    float& detail = *storage->GetFloatRef(ImGui::GetID("detail value"), kDefaultMeshDetail);
    ImGui::SliderFloat("detail", &detail, 0.0f, 1.0f, "%.2f");
    mark_last_item(marks, "inspector/mesh/detail");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How closely a traced mesh follows the picture, and how dense its inside is");
    if (ImGui::Button(a.mesh ? "Trace again" : "Trace mesh")) out.trace_mesh = PanelEdits::MeshTrace{slot, attachment, detail};
    mark_last_item(marks, "inspector/mesh/trace");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Cut the picture into triangles inside its outline, traced from its alpha");
    ImGui::SameLine();
    if (ImGui::Button("Grid")) {
        const glm::ivec2 cells = grid_cells(a.size, detail);
        out.apply("grid mesh of " + s.name, make_attachment_grid(rig, slot, attachment, cells.x, cells.y),
                  "A grid of " + std::to_string(cells.x) + " x " + std::to_string(cells.y) + " cells over " + a.name);
    }
    mark_last_item(marks, "inspector/mesh/grid");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Cut the picture's whole rectangle into a grid of square cells");
    if (!a.mesh) {
        ImGui::PopID();
        return;
    }
    int& method = *storage->GetIntRef(ImGui::GetID("weights by value"), 0);
    const std::vector<const char*> methods{"heat", "distance"};
    pick_one("weights by", method, methods, marks, "inspector/mesh/weights by");
    const std::vector<int> bones = default_bind_bones(rig, slot);
    const std::string names = bone_names(rig, bones);
    if (ImGui::Button("Bind")) {
        const AutoWeightsMethod by = method == 1 ? AutoWeightsMethod::distance : AutoWeightsMethod::heat;
        out.apply("bind " + s.name, bind_attachment_mesh(rig, slot, attachment, bones, by),
                  "Bound " + a.name + " to " + names + " by " + methods[static_cast<std::size_t>(method == 1)]);
    }
    mark_last_item(marks, "inspector/mesh/bind");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Weights over %s, computed at the rest pose: the picture bends with them", names.c_str());
    if (a.mesh->is_weighted()) {
        ImGui::SameLine();
        if (ImGui::Button("Unbind")) out.apply("unbind " + s.name, unbind_attachment_mesh(rig, slot, attachment));
        mark_last_item(marks, "inspector/mesh/unbind");
    }
    if (ImGui::Button("Edit mesh (M)")) out.edit_mesh = slot;
    mark_last_item(marks, "inspector/mesh/edit");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Mesh mode: move, add and delete its vertices, key its shape, paint its weights");
    ImGui::SameLine();
    if (ImGui::Button("Remove mesh")) out.apply("remove mesh of " + s.name, remove_attachment_mesh(rig, slot, attachment));
    mark_last_item(marks, "inspector/mesh/remove");
    ImGui::PopID();
}

}  // namespace marionette
