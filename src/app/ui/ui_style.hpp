#pragma once
// Dear ImGui's font and style for a UI scale and theme (editor/ui/ui_appearance.hpp): the app's
// side of the appearance, applied between frames (GlWindow::set_appearance).

#include <imgui.h>

#include <filesystem>
#include <string>

#include "editor/ui/ui_appearance.hpp"

namespace marionette {

// DejaVu Sans from Debian's fonts-dejavu-core; MARIONETTE_UI_FONT, when set, names another
// TrueType file (or one that is not there, to see the stand-in).
std::filesystem::path ui_font_path();
// Font Awesome 4.7 from Debian's fonts-font-awesome, merged into the UI font for the toolbar's
// and timeline's symbols (icons.hpp); MARIONETTE_ICON_FONT, when set, names another file.
std::filesystem::path ui_icon_font_path();

// Rebuilds ImGui's font atlas with the UI font at ui_font_pixels(scale), with Latin, Greek,
// Cyrillic and the punctuation and arrows the panels use. A font file that is missing, too
// large or not TrueType is not handed to ImGui (whose loader asserts on it): ImGui's built-in
// font stands in, scaled, and the message says why (empty when the UI font loaded).
std::string load_ui_font(float scale);

// The scale load_ui_font last built the fonts at (1 before it is called: the headless tests).
float ui_scale_in_use();
// A size given in points at scale 1 (a field's width, a gap), at the scale in use.
inline float ui_px(float points) { return points * ui_scale_in_use(); }

// The theme's colours, with the editor's roundings and borders, and every size scaled.
ImGuiStyle ui_style(float scale, UiTheme theme);

}  // namespace marionette
