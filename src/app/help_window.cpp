#include "app/help_window.hpp"

#include <imgui.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>
#include <string_view>

#include "editor/shortcuts.hpp"

namespace marionette {

namespace {

constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;

// The groups in the order the table first names them.
template <class Row>
std::vector<std::string_view> groups_of(std::span<const Row> rows) {
    std::vector<std::string_view> groups;
    for (const Row& r : rows) {
        if (std::find(groups.begin(), groups.end(), std::string_view(r.group)) == groups.end()) groups.emplace_back(r.group);
    }
    return groups;
}

void shortcuts_tab(UiMarks* marks) {
    for (const std::string_view group : groups_of(shortcuts())) {
        ImGui::TextDisabled("%.*s", static_cast<int>(group.size()), group.data());
        if (!ImGui::BeginTable(std::string(group).c_str(), 2, kTableFlags)) continue;
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 150.0f);
        ImGui::TableSetupColumn("does");
        for (const Shortcut& s : shortcuts()) {
            if (s.group != group) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string chord = chord_text(s.key, s.mods);
            ImGui::TextUnformatted(chord.c_str());
            if (marks) marks->mark_last_item("help/key/" + chord + (s.context == ShortcutContext::Timeline ? " (timeline)" : ""));
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", s.what);
        }
        ImGui::EndTable();
        ImGui::Spacing();
    }
}

void mouse_tab() {
    for (const std::string_view group : groups_of(mouse_gestures())) {
        ImGui::TextDisabled("%.*s", static_cast<int>(group.size()), group.data());
        if (!ImGui::BeginTable(std::string(group).c_str(), 2, kTableFlags)) continue;
        ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthFixed, 230.0f);
        ImGui::TableSetupColumn("does");
        for (const Gesture& g : mouse_gestures()) {
            if (g.group != group) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", g.input);
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", g.what);
        }
        ImGui::EndTable();
        ImGui::Spacing();
    }
}

}  // namespace

void HelpWindow::draw(UiMarks* marks) {
    if (!open_) return;
    const ImGuiViewport* view = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(620.0f, view->WorkSize.y * 0.8f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(view->WorkPos.x + view->WorkSize.x * 0.5f, view->WorkPos.y + view->WorkSize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin("Help", &open_, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    // The tabs scroll above the Close button, which stays in view.
    ImGui::BeginChild("help body", ImVec2(0.0f, -ImGui::GetFrameHeightWithSpacing()));
    if (ImGui::BeginTabBar("help tabs")) {
        if (ImGui::BeginTabItem("Keys")) {
            shortcuts_tab(marks);
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Mouse")) {
            mouse_tab();
            ImGui::EndTabItem();
        }
        const bool about = ImGui::BeginTabItem("About");
        if (marks) marks->mark_last_item("help/about");
        if (about) {
            ImGui::Text("Marionette %s", MARIONETTE_VERSION);
            ImGui::TextWrapped("A desktop editor for posing and animating 2D and 3D puppets: forward and inverse kinematics, "
                               "states and keyed animation, rigs saved as JSON, glTF 2.0 in and out, Spine JSON out.");
            ImGui::Spacing();
            ImGui::TextWrapped("The user guide (docs/user-guide.md) explains every panel. Built with SDL2, Dear ImGui, GLM, "
                               "nlohmann/json, tinygltf and stb_image.");
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    if (ImGui::Button("Close")) open_ = false;
    if (marks) marks->mark_last_item("help/close");
    ImGui::End();
}

}  // namespace marionette
