// Whatever check_imgui_layout keeps, the ImGui the editor links (Debian 12's 1.86) reads and
// uses: layouts made of lines at and past the edges of every range, and of the bad forms the
// check drops, are checked and loaded into a real ImGui context whose window draws a table of
// the layouts' table id, for a few frames each. A rule that let through what ImGui cannot take
// fails here as a crash, an ImGui assertion, or under scripts/sanitize.sh a bad memory access.

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "app/headless_imgui.hpp"
#include "editor/ui/imgui_layout.hpp"

namespace marionette {
namespace {

// Picks from the given choices, edges of the check's ranges and the forms it drops.
class LayoutDice {
public:
    explicit LayoutDice(unsigned seed) : random_(seed) {}
    std::string pick(const std::vector<std::string>& choices) {
        return choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(random_)];
    }
    bool chance(int percent) { return number(0, 99) < percent; }
    int number(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }

private:
    std::mt19937 random_;
};

// A layout of a window named "Panel", a table of `table_id` and a few other sections.
std::string random_layout(LayoutDice& dice, const std::string& table_id) {
    const std::vector<std::string> counts = {"1", "2", "8", "9", "12", "63", "64", "65", "127", "128", "255", "0", "-1", "2000000000"};
    const std::vector<std::string> indices = {"0", "1", "7", "8", "9", "11", "63", "64", "127", "-1", "200"};
    const std::vector<std::string> widths = {"0", "1", "40", "32767", "32768", "-1", "2000000000"};
    const std::vector<std::string> weights = {"0.0001", "1.0000", "0.7000", "1000", "0", "-1", "1e30", "nan"};
    const std::vector<std::string> flags = {"0", "1", "2", "-1"};
    const std::vector<std::string> sorts = {"0v", "1^", "8v", "63v", "64v", "127^", "-1v", "0"};
    const std::vector<std::string> scales = {"13", "1", "1000", "0", "0.0001", "-13", "1e38"};
    const std::vector<std::string> extents = {"0", "1", "-32768", "32767", "40000", "-2000000000", "2000000000"};
    std::string text;
    const int sections = 1 + static_cast<int>(dice.chance(50)) + static_cast<int>(dice.chance(50));
    for (int s = 0; s < sections; ++s) {
        if (dice.chance(30)) {
            text += "[Window][Panel]\nPos=" + dice.pick(extents) + "," + dice.pick(extents) + "\nSize=" + dice.pick(extents) + "," +
                    dice.pick(extents) + "\nCollapsed=" + dice.pick(flags) + "\n\n";
            continue;
        }
        text += "[Table][" + table_id + "," + dice.pick(counts) + "]\n";
        if (dice.chance(50)) text += "RefScale=" + dice.pick(scales) + "\n";
        const int lines = dice.number(0, 12);
        for (int l = 0; l < lines; ++l) {
            text += "Column " + dice.pick(indices);
            if (dice.chance(30)) text += " UserID=0x" + dice.pick({"00000042", "FFFFFFFF", "123456789"});
            if (dice.chance(50)) text += " Width=" + dice.pick(widths);
            if (dice.chance(50)) text += " Weight=" + dice.pick(weights);
            if (dice.chance(50)) text += " Visible=" + dice.pick(flags);
            if (dice.chance(60)) text += " Order=" + dice.pick(indices);
            if (dice.chance(40)) text += " Sort=" + dice.pick(sorts);
            text += "\n";
        }
        text += "\n";
    }
    return text;
}

TEST(ImGuiLayoutLoad, WhatTheCheckKeepsImGuiReadsAndUses) {
    testing::HeadlessImGui imgui;
    ImGuiID table_id = 0;
    imgui.on_frame([&] {
        ImGui::Begin("Panel");
        table_id = ImGui::GetID("channels");
        const ImGuiTableFlags table_flags = ImGuiTableFlags_Resizable | ImGuiTableFlags_Reorderable | ImGuiTableFlags_Hideable |
                                            ImGuiTableFlags_Sortable | ImGuiTableFlags_SortMulti | ImGuiTableFlags_ScrollY;
        if (ImGui::BeginTable("channels", 9, table_flags, ImVec2(400.0f, 200.0f))) {
            for (int c = 0; c < 9; ++c) {
                const std::string name = "c" + std::to_string(c);
                ImGui::TableSetupColumn(name.c_str(), c == 8 ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
                                        c == 8 ? 20.0f : 1.0f);
            }
            ImGui::TableHeadersRow();
            if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) specs->SpecsDirty = false;
            for (int r = 0; r < 3; ++r) {
                ImGui::TableNextRow();
                for (int c = 0; c < 9; ++c) {
                    ImGui::TableSetColumnIndex(c);
                    ImGui::TextUnformatted("x");
                }
            }
            ImGui::EndTable();
        }
        ImGui::End();
    });
    imgui.frames(2);
    char id[16];
    std::snprintf(id, sizeof id, "0x%08X", table_id);

    LayoutDice dice(57);
    int kept_tables = 0;
    for (int run = 0; run < 1500; ++run) {
        const std::string layout = random_layout(dice, id);
        const CheckedImGuiLayout checked = check_imgui_layout(layout);
        kept_tables += checked.text.find("[Table]") != std::string::npos ? 1 : 0;
        ImGui::LoadIniSettingsFromMemory(checked.text.c_str(), checked.text.size());
        imgui.frames(2);
        std::size_t size = 0;
        ImGui::SaveIniSettingsToMemory(&size);
    }
    // The runs reached ImGui's table settings, not only the check's refusals.
    EXPECT_GT(kept_tables, 300);
}

}  // namespace
}  // namespace marionette
