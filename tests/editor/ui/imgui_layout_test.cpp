#include "editor/ui/imgui_layout.hpp"

#include <gtest/gtest.h>

#include <string>

namespace marionette {
namespace {

using Rules = ImGuiLayoutRules;

// What ImGui 1.86's SaveIniSettingsToMemory wrote for four windows and two tables (one loaded
// with every column field, one with a twelfth column only): the layout the editor saves.
constexpr const char* kImGuiWrote =
    "[Window][Debug##Default]\nPos=60,60\nSize=400,400\nCollapsed=0\n\n"
    "[Window][Outliner]\nPos=10,20\nSize=300,200\nCollapsed=0\n\n"
    "[Window][Help]\nPos=60,60\nSize=32,48\nCollapsed=0\n\n"
    "[Window][States]\nPos=60,60\nSize=155,52\nCollapsed=0\n\n"
    "[Table][0x65468D7E,3]\nRefScale=13\n"
    "Column 0  Weight=0.7000 Visible=1 Order=1\n"
    "Column 1  UserID=00000042 Weight=1.3000 Visible=1 Order=0 Sort=0^\n"
    "Column 2  Width=35 Visible=0 Order=2\n\n"
    "[Table][0x00000ABC,12]\nColumn 0  Width=0\nColumn 10 Width=0\nColumn 11 Width=40\n\n";

// The layout kept from `text`, expecting no warning.
std::string kept_quietly(const std::string& text) {
    const CheckedImGuiLayout checked = check_imgui_layout(text);
    EXPECT_EQ(checked.warning, "") << text;
    return checked.text;
}

TEST(ImGuiLayout, WhatImGuiWritesComesBackUnchanged) {
    EXPECT_EQ(kept_quietly(kImGuiWrote), kImGuiWrote);
    EXPECT_EQ(kept_quietly(""), "");
    // Window names are ImGui's: any text, brackets and "###" ids included.
    const std::string names = "[Window][Imported a]b.glb with warnings###error]\nPos=-32768,32767\nSize=0,32767\nCollapsed=1\n";
    EXPECT_EQ(kept_quietly(names), names);
    const std::string widest =
        "[Table][0xffffffff,64]\nRefScale=19.5\nColumn 63 UserID=0xABCDEF01 Width=32767 Weight=1000 Order=63 Sort=63v\n";
    EXPECT_EQ(kept_quietly(widest), widest);
}

TEST(ImGuiLayout, ATableOfTwoBillionColumnsIsDroppedWithItsLines) {
    const CheckedImGuiLayout checked = check_imgui_layout(
        "[Window][Outliner]\nPos=0,0\n[Table][0x00000001,2000000000]\nColumn 0 Width=5\nRefScale=13\n\n[Window][Help]\nSize=300,200\n");
    EXPECT_EQ(checked.text, "[Window][Outliner]\nPos=0,0\n[Window][Help]\nSize=300,200\n");
    EXPECT_EQ(checked.warning,
              "imgui_layout line 3: [Table][0x00000001,2000000000]: 2000000000 columns; a table has at most 64; section dropped");
}

TEST(ImGuiLayout, TableHeadersOutOfRangeOrMisformedAreDropped) {
    const auto warning = [](const std::string& header) {
        const CheckedImGuiLayout checked = check_imgui_layout(header + "\nColumn 0 Width=5\n[Window][Help]\nCollapsed=0\n");
        EXPECT_EQ(checked.text, "[Window][Help]\nCollapsed=0\n") << header;
        return checked.warning;
    };
    EXPECT_EQ(warning("[Table][0x00000001,65]"),
              "imgui_layout line 1: [Table][0x00000001,65]: 65 columns; a table has at most 64; section dropped");
    EXPECT_EQ(warning("[Table][0x00000001,0]"),
              "imgui_layout line 1: [Table][0x00000001,0]: 0 columns; a table has at least 1; section dropped");
    EXPECT_EQ(warning("[Table][0x00000001,-3]"),
              "imgui_layout line 1: [Table][0x00000001,-3]: -3 columns; a table has at least 1; section dropped");
    EXPECT_EQ(warning("[Table][0x1,99999999999999999999999]"),
              "imgui_layout line 1: [Table][0x1,99999999999999999999999]: 99999999999999999999999 columns; a table has at most 64; section "
              "dropped");
    const std::string not_a_name = ": not a table's name (0x and up to 8 hex digits, a comma, the number of columns); section dropped";
    EXPECT_EQ(warning("[Table][0x1]"), "imgui_layout line 1: [Table][0x1]" + not_a_name);
    EXPECT_EQ(warning("[Table][1,3]"), "imgui_layout line 1: [Table][1,3]" + not_a_name);
    EXPECT_EQ(warning("[Table][0x123456789,3]"), "imgui_layout line 1: [Table][0x123456789,3]" + not_a_name);
    EXPECT_EQ(warning("[Table][0x1,+3]"), "imgui_layout line 1: [Table][0x1,+3]" + not_a_name);
    EXPECT_EQ(warning("[Table][0x1,03]"), "imgui_layout line 1: [Table][0x1,03]" + not_a_name);
}

TEST(ImGuiLayout, BadColumnLinesCostThemselves) {
    const std::string head = "[Table][0x00000001,3]\n";
    const auto problem = [&](const std::string& line) {
        const CheckedImGuiLayout checked = check_imgui_layout(head + line + "\nColumn 2 Width=9\n");
        EXPECT_EQ(checked.text, head + "Column 2 Width=9\n") << line;
        return checked.warning;
    };
    EXPECT_EQ(problem("Column 3 Width=5"), "imgui_layout line 2: Column 3 Width=5: column 3; the table has 3 (0 to 2); dropped");
    EXPECT_EQ(problem("Column -1 Width=5"), "imgui_layout line 2: Column -1 Width=5: column -1; the table has 3 (0 to 2); dropped");
    EXPECT_EQ(problem("Column x"), "imgui_layout line 2: Column x: Column: expected the column's number; dropped");
    EXPECT_EQ(problem("Column 0 Order=3"), "imgui_layout line 2: Column 0 Order=3: Order: expected 0 to 2; dropped");
    EXPECT_EQ(problem("Column 0 Order=-1"), "imgui_layout line 2: Column 0 Order=-1: Order: expected 0 to 2; dropped");
    EXPECT_EQ(problem("Column 0 Sort=3v"), "imgui_layout line 2: Column 0 Sort=3v: Sort: expected 0 to 2 followed by v or ^; dropped");
    EXPECT_EQ(problem("Column 0 Sort=1"), "imgui_layout line 2: Column 0 Sort=1: Sort: expected 0 to 2 followed by v or ^; dropped");
    EXPECT_EQ(problem("Column 0 Visible=2"), "imgui_layout line 2: Column 0 Visible=2: Visible: expected 0 or 1; dropped");
    EXPECT_EQ(problem("Column 0 Width=40000"),
              "imgui_layout line 2: Column 0 Width=40000: Width: expected a whole number from 0 to 32767; dropped");
    EXPECT_EQ(problem("Column 0 UserID=0x123456789"),
              "imgui_layout line 2: Column 0 UserID=0x123456789: UserID: expected up to 8 hex digits; dropped");
    EXPECT_EQ(problem("Column 0 Width=5 Width=6"), "imgui_layout line 2: Column 0 Width=5 Width=6: Width given twice; dropped");
    EXPECT_EQ(problem("Column 0 Hidden=1"), "imgui_layout line 2: Column 0 Hidden=1: unknown field \"Hidden\"; dropped");
    EXPECT_EQ(problem("Column 0 Width"), "imgui_layout line 2: Column 0 Width: \"Width\" is not a field (Key=value); dropped");
    EXPECT_EQ(problem("Row 0"), "imgui_layout line 2: Row 0: not a table's line (RefScale=S or Column I ...); dropped");
    for (const char* weight : {"0", "0.0000", "-1", "1e3", "nan", "inf", "1000.5", ".5", "5."}) {
        EXPECT_EQ(problem(std::string("Column 0 Weight=") + weight), std::string("imgui_layout line 2: Column 0 Weight=") + weight +
                                                                         ": Weight: expected a number above 0 and at most 1000; dropped");
    }
    for (const char* scale : {"0", "0.5", "1001", "-13", "1e2", "nan"}) {
        EXPECT_EQ(problem(std::string("RefScale=") + scale),
                  std::string("imgui_layout line 2: RefScale=") + scale + ": RefScale: expected a number from 1 to 1000; dropped");
    }
}

TEST(ImGuiLayout, BadWindowLinesCostThemselves) {
    const std::string head = "[Window][Help]\n";
    const auto problem = [&](const std::string& line) {
        const CheckedImGuiLayout checked = check_imgui_layout(head + line + "\nCollapsed=0\n");
        EXPECT_EQ(checked.text, head + "Collapsed=0\n") << line;
        return checked.warning;
    };
    const std::string pos = ": Pos: expected two whole numbers from -32768 to 32767; dropped";
    EXPECT_EQ(problem("Pos=40000,0"), "imgui_layout line 2: Pos=40000,0" + pos);
    EXPECT_EQ(problem("Pos=0,-40000"), "imgui_layout line 2: Pos=0,-40000" + pos);
    EXPECT_EQ(problem("Pos=010,0"), "imgui_layout line 2: Pos=010,0" + pos);  // ImGui's %i: octal
    EXPECT_EQ(problem("Pos=0x10,0"), "imgui_layout line 2: Pos=0x10,0" + pos);
    EXPECT_EQ(problem("Pos=1"), "imgui_layout line 2: Pos=1" + pos);
    EXPECT_EQ(problem("Pos=1,2,3"), "imgui_layout line 2: Pos=1,2,3" + pos);
    EXPECT_EQ(problem("Size=-1,5"), "imgui_layout line 2: Size=-1,5: Size: expected two whole numbers from 0 to 32767; dropped");
    EXPECT_EQ(problem("Collapsed=2"), "imgui_layout line 2: Collapsed=2: Collapsed: expected 0 or 1; dropped");
    EXPECT_EQ(problem(" Pos=1,1"), "imgui_layout line 2:  Pos=1,1: not a window's line (Pos=X,Y, Size=W,H or Collapsed=0|1); dropped");
}

TEST(ImGuiLayout, UnknownAndMisformedSectionsAreDroppedWithTheirLines) {
    const CheckedImGuiLayout checked = check_imgui_layout(
        "Pos=1,1\n[Docking][Data]\nDockSpace ID=0x1\n[Window]\nPos=2,2\n[Window][]\nPos=3,3\n[Window][Help\nPos=4,4\n"
        "[Window][Help]\nPos=5,5\n; a comment\n");
    EXPECT_EQ(checked.text, "[Window][Help]\nPos=5,5\n");
    EXPECT_EQ(checked.warning,
              "imgui_layout line 1: Pos=1,1: a line outside any section; dropped; "
              "imgui_layout line 2: [Docking][Data]: unknown section type \"Docking\"; ImGui 1.86 reads Window and Table sections; section "
              "dropped; "
              "imgui_layout line 4: [Window]: not a section header ([Type][Name]); section dropped; "
              "and 3 more parts of imgui_layout dropped");
}

TEST(ImGuiLayout, NulBytesDropTheirLineOrSection) {
    using namespace std::string_literals;
    CheckedImGuiLayout checked = check_imgui_layout("[Window][Help]\nPos=1,\0\nSize=9,9\n"s);
    EXPECT_EQ(checked.text, "[Window][Help]\nSize=9,9\n");
    EXPECT_EQ(checked.warning, "imgui_layout line 2: Pos=1,\\x00: a NUL byte; dropped");
    checked = check_imgui_layout("[Table]\0[0x1,2000000000]\nColumn 0 Width=1\n[Window][A]\n"s);
    EXPECT_EQ(checked.text, "[Window][A]\n");
    EXPECT_EQ(checked.warning, "imgui_layout line 1: [Table]\\x00[0x1,2000000000]: a NUL byte; section dropped");
}

TEST(ImGuiLayout, LineEndsAreImGuisAndTheLastLineNeedsNone) {
    EXPECT_EQ(kept_quietly("[Window][A]\r\nPos=1,1\r\n\r\n[Window][B]\rSize=9,9"), "[Window][A]\nPos=1,1\n\n[Window][B]\nSize=9,9\n");
    // A line of spaces is a blank line: ImGui skips it as well.
    EXPECT_EQ(kept_quietly("[Window][A]\n  \t\nPos=1,1"), "[Window][A]\n\nPos=1,1\n");
}

TEST(ImGuiLayout, AHugeLayoutKeepsItsFirstSectionsAndCountsTheRest) {
    std::string huge;
    for (int i = 0; i < 200'000; ++i) huge += "[Window][w" + std::to_string(i) + "]\nCollapsed=0\n";
    const CheckedImGuiLayout checked = check_imgui_layout(huge);
    std::string first;
    for (std::size_t i = 0; i < Rules::kMaxSections; ++i) first += "[Window][w" + std::to_string(i) + "]\nCollapsed=0\n";
    EXPECT_EQ(checked.text, first);
    EXPECT_EQ(checked.warning, "imgui_layout line 2001: [Window][w1000]: more than 1000 sections; it and the rest dropped");

    // Many bad lines: the first few described, the rest counted.
    std::string bad = "[Window][A]\n";
    for (int i = 0; i < 100'000; ++i) bad += "Pos=99999,0\n";
    const CheckedImGuiLayout many = check_imgui_layout(bad);
    EXPECT_EQ(many.text, "[Window][A]\n");
    const std::string pos = ": Pos=99999,0: Pos: expected two whole numbers from -32768 to 32767; dropped; ";
    EXPECT_EQ(many.warning, "imgui_layout line 2" + pos + "imgui_layout line 3" + pos + "imgui_layout line 4" + pos +
                                "and 99997 more parts of imgui_layout dropped");
}

TEST(ImGuiLayout, AMessageQuotesALongLineShortAndItsControlCharactersSpelledOut) {
    const std::string name(100, 'x');
    const CheckedImGuiLayout checked = check_imgui_layout("[Pane][" + name + "]\n");
    EXPECT_EQ(checked.warning, "imgui_layout line 1: [Pane][" + std::string(53, 'x') +
                                   "...: unknown section type \"Pane\"; ImGui 1.86 reads Window and Table sections; section dropped");
    // Cut on a character's first byte: "é" is two bytes, the 60th and 61st.
    const CheckedImGuiLayout accent = check_imgui_layout(std::string(59, 'p') + "\xc3\xa9 more\n");
    EXPECT_EQ(accent.warning, "imgui_layout line 1: " + std::string(59, 'p') + "...: a line outside any section; dropped");
    const CheckedImGuiLayout escape = check_imgui_layout("[Window][A]\n\x1b]0;title\x07\n");
    EXPECT_EQ(escape.warning, "imgui_layout line 2: \\x1b]0;title\\x07: not a window's line (Pos=X,Y, Size=W,H or Collapsed=0|1); dropped");
}

}  // namespace
}  // namespace marionette
