#pragma once
// The toolbar's and the timeline's symbols: Font Awesome 4.7 (Debian's fonts-font-awesome),
// merged into the UI font when it loads (ui_style.cpp). Where that font is missing the labels
// are their words alone, so nothing shows as an empty box.

#include <string>

namespace marionette {

namespace icons {
inline constexpr const char* kFile = "\xef\x81\xbc";       // U+F07C folder-open
inline constexpr const char* kView = "\xef\x84\x88";       // U+F108 desktop
inline constexpr const char* kHelp = "\xef\x81\x99";       // U+F059 question-circle
inline constexpr const char* kFk = "\xef\x80\xa1";         // U+F021 refresh: turn a bone
inline constexpr const char* kIk = "\xef\x81\x9b";         // U+F05B crosshairs: a chain's end to a target
inline constexpr const char* kPlace = "\xef\x81\x87";      // U+F047 arrows: move a picture
inline constexpr const char* kUndo = "\xef\x83\xa2";       // U+F0E2 undo
inline constexpr const char* kRedo = "\xef\x80\x9e";       // U+F01E repeat
inline constexpr const char* kResetPose = "\xef\x88\x9d";  // U+F21D street-view: the rest pose
inline constexpr const char* kSelect = "\xef\x89\x85";     // U+F245 mouse-pointer
inline constexpr const char* kPose = "\xef\x83\xaa";       // U+F0EA clipboard
inline constexpr const char* kFrame = "\xef\x82\xb2";      // U+F0B2 arrows-alt
inline constexpr const char* kStates = "\xef\x80\x88";     // U+F008 film
inline constexpr const char* kOnion = "\xef\x89\x8d";      // U+F24D clone
inline constexpr const char* kImages = "\xef\x80\xbe";     // U+F03E picture-o
inline constexpr const char* kMesh = "\xef\x86\xb2";       // U+F1B2 cube
inline constexpr const char* kXray = "\xef\x81\xae";       // U+F06E eye
inline constexpr const char* kToStart = "\xef\x81\x88";    // U+F048 step-backward
inline constexpr const char* kPlay = "\xef\x81\x8b";       // U+F04B play
inline constexpr const char* kPause = "\xef\x81\x8c";      // U+F04C pause
inline constexpr const char* kKey = "\xef\x82\x84";        // U+F084 key
// The code points merged into the atlas: Font Awesome 4.7's private-use block.
inline constexpr unsigned kFirst = 0xF000, kLast = 0xF2E0;
}  // namespace icons

// Whether the icon font merged (set by load_ui_font).
bool ui_icons_loaded();
void set_ui_icons_loaded(bool loaded);

// A button's label: "ICON text", or "text" without the icon font.
std::string with_icon(const char* icon, const char* text);
// An icon alone, its text as the ImGui id ("ICON##text"), or "text" without the icon font.
std::string icon_only(const char* icon, const char* text);

}  // namespace marionette
