#pragma once
// The panel layout Dear ImGui saves (its .ini text, kept in the user settings as "imgui_layout"),
// checked before ImGui reads it back. ImGui 1.86 trusts that text: "[Table][0x00000001,2000000000]"
// makes its table handler allocate and fill the settings of two billion columns, a crash inside
// ImGui at every start, and a settings file that is never rewritten keeps it so. Only what
// ImGui 1.86's two handlers (imgui.cpp: WindowSettingsHandler_*, imgui_tables.cpp:
// TableSettingsHandler_*) read safely is kept; everything else is dropped and said:
//
//   [Window][NAME]          Pos=X,Y  Size=W,H  Collapsed=0|1
//   [Table][0xID,N]         RefScale=S
//                           Column I [UserID=[0x]HEX] [Width=W] [Weight=F] [Visible=0|1] [Order=O] [Sort=O(v|^)]
//
// with whole numbers written as ImGui writes them (%d: no sign but a minus, no leading zero,
// which ImGui's %i would read as octal), N from 1 to kMaxTableColumns, I, O below N. A bad line
// costs itself; a bad section header costs its whole section, since ImGui would otherwise read
// the section's lines into the section before it. Lines end at "\n", "\r" or "\r\n", as for
// ImGui's loader; the text kept ends every line with "\n", so what ImGui writes comes back
// byte for byte.

#include <cstddef>
#include <string>
#include <string_view>

namespace marionette {

struct ImGuiLayoutRules {
    // IMGUI_TABLE_MAX_COLUMNS in 1.86's imgui_internal.h: tables keep column sets in 64-bit masks,
    // and TableLoadSettings shifts by a column's saved order.
    static constexpr long long kMaxTableColumns = 64;
    // ImGuiWindowSettings keeps positions and sizes as shorts; ImGui casts a larger number.
    static constexpr long long kMinPosition = -32768;
    static constexpr long long kMaxExtent = 32767;
    // A stretched column's share: ImGui divides by the sum of the weights and asserts each is
    // above 0 when it resizes a column.
    static constexpr double kMaxWeight = 1000.0;
    // A table's reference font size; ImGui scales the saved widths by font size / RefScale.
    static constexpr double kMinRefScale = 1.0;
    static constexpr double kMaxRefScale = 1000.0;
    // ImGui finds a section's settings by a linear search for each section it reads, so reading
    // takes the square of the sections: a settings file full of tiny sections holds the start
    // long. The editor itself saves a few dozen.
    static constexpr std::size_t kMaxSections = 1000;
    // The problems described one by one; the others are counted.
    static constexpr std::size_t kProblemsDescribed = 3;
};

struct CheckedImGuiLayout {
    std::string text;  // the sections and lines kept, each line ended by "\n"
    // Empty when nothing was dropped; else "imgui_layout line 3: [Table][0x00000001,2000000000]:
    // 2000000000 columns; a table has at most 64; section dropped", the first
    // kProblemsDescribed problems joined by "; ", then "; and 5 more parts of imgui_layout dropped".
    std::string warning;
};

CheckedImGuiLayout check_imgui_layout(std::string_view layout);

}  // namespace marionette
