#include "app/panels/mesh_mode_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "app/ui/panel_widgets.hpp"
#include "app/ui/ui_style.hpp"
#include "editor/edits/mesh_edits.hpp"
#include "editor/edits/mesh_vertex_edits.hpp"

namespace marionette {

namespace {

// The bones the selected vertices follow (a rigid mesh's: its slot's), then the active bone.
std::vector<int> weight_rows(const Rig& rig, const MeshMode& mode, const AttachmentMesh& mesh, std::span<const std::uint32_t> selected,
                             int active_bone) {
    std::vector<int> bones;
    const int slot_bone = rig.slots[static_cast<std::size_t>(mode.slot)].bone;
    for (const std::uint32_t v : selected) {
        if (!mesh.is_weighted()) {
            bones.push_back(slot_bone);
            continue;
        }
        const VertexWeights& w = mesh.weights[v];
        for (std::size_t i = 0; i < w.count; ++i) bones.push_back(w.bones[i]);
    }
    if (active_bone >= 0 && active_bone < static_cast<int>(rig.skeleton.size())) bones.push_back(active_bone);
    std::sort(bones.begin(), bones.end());
    bones.erase(std::unique(bones.begin(), bones.end()), bones.end());
    return bones;
}

}  // namespace

MeshPanelActions draw_mesh_mode_panel(const Rig& rig, const MeshMode& mode, int active_bone, glm::vec2 at, PanelEdits& out,
                                      UiMarks& marks) {
    MeshPanelActions actions;
    // The rig may have changed under the mode since its last input (an undo from the toolbar):
    // a mesh that is gone ends it, vertices that are gone are not shown.
    if (mode.slot < 0 || mode.slot >= static_cast<int>(rig.slots.size()) || mode.attachment < 0 ||
        mode.attachment >= static_cast<int>(rig.slots[static_cast<std::size_t>(mode.slot)].attachments.size()) ||
        !rig.slots[static_cast<std::size_t>(mode.slot)].attachments[static_cast<std::size_t>(mode.attachment)].mesh) {
        actions.done = true;
        return actions;
    }
    const Slot& slot = rig.slots[static_cast<std::size_t>(mode.slot)];
    const AttachmentMesh& mesh = *slot.attachments[static_cast<std::size_t>(mode.attachment)].mesh;
    std::vector<std::uint32_t> selected = mode.selected;
    std::erase_if(selected, [&](std::uint32_t v) { return v >= mesh.vertices.size(); });
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(mesh_panel_width(), 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("##mesh mode", nullptr, flags)) {
        ImGui::AlignTextToFramePadding();
        ImGui::Text("Mesh: %s", slot.name.c_str());
        ImGui::SameLine(ImGui::GetContentRegionAvail().x - ui_px(48.0f) + ImGui::GetCursorPosX() - ImGui::GetStyle().ItemSpacing.x);
        if (ImGui::Button("Done", ImVec2(ui_px(48.0f), 0.0f))) actions.done = true;
        marks.mark_last_item("mesh/done");
        ImGui::TextDisabled("%zu vertices, %zu selected, %s", mesh.vertices.size(), selected.size(),
                            mesh.is_weighted() ? "weighted" : "rigid");
        if (ImGui::RadioButton("Vertices (V)", mode.tool == MeshTool::Vertices)) actions.tool = MeshTool::Vertices;
        marks.mark_last_item("mesh/vertices");
        ImGui::SameLine();
        if (ImGui::RadioButton("Weights (W)", mode.tool == MeshTool::Weights)) actions.tool = MeshTool::Weights;
        marks.mark_last_item("mesh/weights");
        if (mode.tool == MeshTool::Vertices) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("Drag a vertex to move the selection (with auto-key: the state's shape). Ctrl+click adds one.");
            ImGui::PopTextWrapPos();
            ImGui::BeginDisabled(selected.empty());
            if (ImGui::Button("Delete selected (X)")) actions.delete_vertices = true;
            marks.mark_last_item("mesh/delete");
            ImGui::EndDisabled();
        } else {
            // The bone painted: the active one, picked here among the rig's bones.
            std::vector<const char*> names;
            for (const Bone& b : rig.skeleton.bones()) names.push_back(b.name.c_str());
            int bone = active_bone;
            ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ui_px(40.0f));
            if (pick_one("bone", bone, names, &marks, "mesh/bone")) actions.paint_bone = bone;
            MeshBrush brush = mode.brush;
            bool changed = false;
            constexpr const char* kModes[] = {"Add", "Subtract", "Smooth"};
            constexpr const char* kMarks[] = {"mesh/add", "mesh/subtract", "mesh/smooth"};
            for (int m = 0; m < 3; ++m) {
                if (m > 0) ImGui::SameLine();
                if (ImGui::RadioButton(kModes[m], static_cast<int>(brush.mode) == m)) {
                    brush.mode = static_cast<WeightBrushMode>(m);
                    changed = true;
                }
                marks.mark_last_item(kMarks[m]);
            }
            ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ui_px(60.0f));
            changed |= ImGui::SliderFloat("radius", &brush.radius, kMinBrushRadius, kMaxBrushRadius, "%.0f px");
            marks.mark_last_item("mesh/radius");
            ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ui_px(60.0f));
            changed |= ImGui::SliderFloat("strength", &brush.strength, 0.0f, 1.0f, "%.2f");
            marks.mark_last_item("mesh/strength");
            if (changed) actions.brush = brush;
            ImGui::TextDisabled("Drag to paint; Ctrl takes away.");
        }
        if (!selected.empty()) {
            ImGui::Separator();
            ImGui::TextUnformatted("Weights of the selected vertices");
            const int slot_bone = slot.bone;
            for (const int b : weight_rows(rig, mode, mesh, selected, active_bone)) {
                float sum = 0.0f;
                for (const std::uint32_t v : selected) sum += vertex_weight(mesh, v, b, slot_bone);
                float value = sum / static_cast<float>(selected.size());
                const std::string& name = rig.skeleton[static_cast<std::size_t>(b)].name;
                ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
                const bool moved = ImGui::SliderFloat(("##w" + name).c_str(), &value, 0.0f, 1.0f, "%.3f");
                marks.mark_last_item("mesh/weight/" + name);
                track(out, "weight of " + name + " on " + std::to_string(selected.size()) + " vertices of " + slot.name, moved,
                      [&] { return set_mesh_vertex_weight(rig, mode.slot, mode.attachment, selected, b, std::clamp(value, 0.0f, 1.0f)); });
                ImGui::SameLine();
                ImGui::TextUnformatted(name.c_str());
            }
        }
        actions.size = {ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
    }
    ImGui::End();
    return actions;
}

float mesh_panel_width() { return ui_px(260.0f); }

}  // namespace marionette
