#include "app/panels/pose_library_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/ui/ui_marks.hpp"
#include "editor/edits/pose_library_edits.hpp"

namespace marionette {

namespace {
// The blend slider's weight, in percent: the panel's own setting, like the inspector's Euler
// order, kept while the editor runs.
float g_blend_percent = 100.0f;
// Whether the library is unfolded: known before it draws, for the height it takes.
bool g_open = true;

}  // namespace

float pose_library_height(const Rig& rig, float room) {
    const float row = ImGui::GetFrameHeightWithSpacing();
    float height = ImGui::GetStyle().ItemSpacing.y + row;  // the separator and the header
    if (g_open) height += row * static_cast<float>(2 + std::max<std::size_t>(1, rig.poses.size()));
    return std::min(height, std::max(0.0f, room) * kPoseLibraryShare);
}

void draw_pose_library(const Rig& rig, std::span<const int> selection, PanelEdits& out, UiMarks* marks) {
    ImGui::Separator();
    ImGui::SetNextItemOpen(g_open);
    g_open = ImGui::CollapsingHeader("Poses");
    mark_last_item(marks, "poses/header");
    if (!g_open) return;
    ImGui::BeginChild("poses", ImVec2(0.0f, std::max(1.0f, ImGui::GetContentRegionAvail().y)), false);
    ImGui::PushID("poses");
    if (ImGui::Button("Store pose")) {
        const std::string name = unique_pose_name(rig, "pose");
        out.apply("store pose " + name, store_pose(rig, name, selection));
    }
    mark_last_item(marks, "poses/store");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(selection.empty() ? "Keep every bone's pose under a new name" : "Keep the selected bones' pose under a new name");
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderFloat("##blend", &g_blend_percent, 0.0f, 100.0f, "blend %.0f%%");
    mark_last_item(marks, "poses/blend");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How far Apply takes the bones toward a stored pose");
    const float weight = std::clamp(g_blend_percent, 0.0f, 100.0f) / 100.0f;
    for (std::size_t i = 0; i < rig.poses.size(); ++i) {
        const StoredPose& p = rig.poses[i];
        const int index = static_cast<int>(i);
        ImGui::PushID(index);
        if (ImGui::SmallButton("Apply")) {
            out.apply("apply pose " + p.name +
                          (weight < 1.0f ? " at " + std::to_string(static_cast<int>(std::lround(weight * 100.0f))) + "%" : ""),
                      apply_stored_pose(rig, index, weight));
        }
        mark_last_item(marks, "poses/" + p.name + "/apply");
        ImGui::SameLine();
        const std::string text = p.name + " (" + std::to_string(p.bones.size()) + (p.bones.size() == 1 ? " bone)" : " bones)");
        ImGui::Selectable(text.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick);
        mark_last_item(marks, "poses/" + p.name);
        if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
            out.apply("apply pose " + p.name, apply_stored_pose(rig, index, weight));
        if (ImGui::BeginPopupContextItem("pose menu")) {
            char name[256] = {};
            p.name.copy(name, sizeof(name) - 1);
            if (ImGui::InputText("name", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
                out.apply("rename pose " + p.name, rename_stored_pose(rig, index, name));
                ImGui::CloseCurrentPopup();
            }
            mark_last_item(marks, "poses/" + p.name + "/rename");
            if (ImGui::MenuItem("Delete")) out.apply("delete pose " + p.name, delete_stored_pose(rig, index));
            mark_last_item(marks, "poses/" + p.name + "/delete");
            ImGui::EndPopup();
        }
        ImGui::PopID();
    }
    if (rig.poses.empty()) ImGui::TextDisabled("No stored poses.");
    ImGui::PopID();
    ImGui::EndChild();
}

}  // namespace marionette
