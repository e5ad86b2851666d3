#include "app/ui/help_window.hpp"
#include "app/ui/ui_style.hpp"

#include <imgui.h>

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "editor/ui/shortcuts.hpp"

namespace marionette {

namespace {

constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;

// Rows (each with a `group`) as one two-column table per group, the groups in the order the
// rows first name them; `draw_row` fills a row's two cells.
template <class Row, class DrawRow>
void grouped_tables(std::span<const Row> rows, float first_width, DrawRow draw_row) {
    std::vector<std::string_view> groups;
    for (const Row& r : rows) {
        if (std::find(groups.begin(), groups.end(), std::string_view(r.group)) == groups.end()) groups.emplace_back(r.group);
    }
    for (const std::string_view group : groups) {
        ImGui::TextDisabled("%.*s", static_cast<int>(group.size()), group.data());
        if (!ImGui::BeginTable(std::string(group).c_str(), 2, kTableFlags)) continue;
        ImGui::TableSetupColumn("first", ImGuiTableColumnFlags_WidthFixed, first_width);
        ImGui::TableSetupColumn("does");
        for (const Row& r : rows) {
            if (r.group != group) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            draw_row(r);
        }
        ImGui::EndTable();
        ImGui::Spacing();
    }
}

void shortcuts_tab(UiMarks* marks) {
    grouped_tables(shortcuts(), 150.0f, [&](const Shortcut& s) {
        const std::string chord = chord_text(s.key, s.mods);
        ImGui::TextUnformatted(chord.c_str());
        if (marks) marks->mark_last_item("help/key/" + chord + (s.context == ShortcutContext::Timeline ? " (timeline)" : ""));
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", s.what);
    });
}

void mouse_tab() {
    grouped_tables(mouse_gestures(), 230.0f, [](const Gesture& g) {
        ImGui::TextWrapped("%s", g.input);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", g.what);
    });
}

}  // namespace

void HelpWindow::draw(UiMarks* marks) {
    if (!open_) return;
    const ImGuiViewport* view = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(ui_px(620.0f), view->WorkSize.y * 0.8f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(view->WorkPos.x + view->WorkSize.x * 0.5f, view->WorkPos.y + view->WorkSize.y * 0.5f),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
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
            ImGui::TextWrapped(
                "A desktop editor for posing and animating 2D and 3D puppets: forward and inverse kinematics, "
                "states and keyed animation, rigs saved as JSON, glTF 2.0 in and out, Spine JSON out.");
            ImGui::Spacing();
            ImGui::TextWrapped(
                "The user guide (docs/user-guide.md) explains every panel. Built with SDL2, Dear ImGui, GLM, "
                "nlohmann/json, simdjson, tinygltf, stb_image and libpng.");
            if (!graphics_.empty()) {
                ImGui::Spacing();
                ImGui::TextWrapped("Graphics: %s.", graphics_.c_str());
            }
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
