#include "app/panels/playback_overlay.hpp"

#include <imgui.h>

#include <string>

#include "app/ui/icons.hpp"
#include "app/ui/ui_style.hpp"

namespace marionette {

bool draw_playback_overlay(const Rig& rig, const StatePlayer& player, const Viewport& view, UiMarks& marks) {
    const float margin = ui_px(8.0f);
    ImGui::SetNextWindowPos(ImVec2(view.x + margin, view.y + margin), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.65f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    bool pressed = false;
    if (ImGui::Begin("##playback", nullptr, flags)) {
        const std::string label = player.playing() ? icon_only(icons::kPause, "Pause") : icon_only(icons::kPlay, "Play");
        pressed = ImGui::Button(label.c_str());
        marks.mark_last_item("overlay/play");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip(player.playing() ? "Pause the state" : "Play the state");
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(playback_text(rig, player).c_str());
    }
    ImGui::End();
    return pressed;
}

}  // namespace marionette
