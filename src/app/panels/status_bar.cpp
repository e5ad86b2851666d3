#include "app/panels/status_bar.hpp"
#include "app/ui/ui_style.hpp"

#include <imgui.h>

#include <utility>

#include "core/base/utf8.hpp"

namespace marionette {

void draw_status_bar(const StatusBarInfo& info, float window_width, float window_height, float height, bool& toggle_mode,
                     std::optional<PictureTool>& set_tool) {
    ImGui::SetNextWindowPos(ImVec2(0.0f, window_height - height));
    ImGui::SetNextWindowSize(ImVec2(window_width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui_px(6.0f), ui_px(3.0f)));
    if (ImGui::Begin("##status", nullptr, flags)) {
        if (info.picture_tool) {
            constexpr std::pair<const char*, PictureTool> kTools[] = {
                {"Move (G)", PictureTool::Move}, {"Turn (R)", PictureTool::Rotate}, {"Scale (S)", PictureTool::Scale}};
            ImGui::TextUnformatted("Place:");
            for (const auto& [label, tool] : kTools) {
                ImGui::SameLine(0.0f, 4.0f);
                const bool current = *info.picture_tool == tool;
                if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]);
                if (ImGui::SmallButton(label)) set_tool = tool;
                if (current) ImGui::PopStyleColor();
            }
            ImGui::SameLine();
            ImGui::TextDisabled("| drag a picture to place it on its bone; Tab goes back to posing");
            ImGui::SameLine();
        } else {
            if (ImGui::SmallButton(info.mode == PoseMode::Ik ? "IK" : "FK")) toggle_mode = true;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Toggle FK / IK (Tab)");
            ImGui::SameLine();
        }
        if (info.chain) {
            const char* solver = info.chain->solver == SolverKind::Ccd ? "CCD" : "two-bone";
            if (info.chain->name == kAutoChainName) {
                ImGui::Text("| auto chain of %d (%s)", info.chain_bones, solver);
            } else {
                ImGui::Text("| chain %s (%s)", info.chain->name.c_str(), solver);
            }
            ImGui::SameLine();
        }
        if (info.last_solve) {
            ImGui::Text("| %d iterations, error %.3g%s", info.last_solve->iterations, static_cast<double>(info.last_solve->error),
                        info.last_solve->reached ? "" : (info.softened ? " (held short by softness)" : " (not reached)"));
            ImGui::SameLine();
        }
        if (!info.message.empty()) ImGui::TextDisabled("| %s", displayable_utf8(info.message).c_str());
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace marionette
