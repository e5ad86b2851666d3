#include "app/status_bar.hpp"

#include <imgui.h>

#include "core/utf8.hpp"

namespace marionette {

void draw_status_bar(const StatusBarInfo& info, float window_width, float window_height, float height, bool& toggle_mode) {
    ImGui::SetNextWindowPos(ImVec2(0.0f, window_height - height));
    ImGui::SetNextWindowSize(ImVec2(window_width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6.0f, 3.0f));
    if (ImGui::Begin("##status", nullptr, flags)) {
        if (ImGui::SmallButton(info.mode == PoseMode::Ik ? "IK" : "FK")) toggle_mode = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Toggle FK / IK (Tab)");
        ImGui::SameLine();
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
                        info.last_solve->reached ? "" : " (not reached)");
            ImGui::SameLine();
        }
        if (!info.message.empty()) ImGui::TextDisabled("| %s", displayable_utf8(info.message).c_str());
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace marionette
