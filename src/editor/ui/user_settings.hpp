#pragma once
// What the editor remembers between runs, per user: the window's size, the recent files and
// ImGui's panel layout. Kept in <config dir>/settings.json:
//   { "window": {"width": 1280, "height": 800, "maximized": false},
//     "recent_files": ["/home/ada/rigs/arm.json"],
//     "imgui_layout": "[Window][Outliner]\nPos=0,0\n...",
//     "recovery": {"interval_seconds": 60},
//     "ui": {"scale": "auto", "theme": "dark"},
//     "panels": {"outliner_width": 240, "inspector_width": 300, "state_panel_height": 290} }
// Every member is optional (a missing one keeps its default) and unknown members are ignored,
// so files written by other versions still load.

#include <filesystem>
#include <string>

#include "core/base/result.hpp"
#include "editor/files/recent_files.hpp"
#include "editor/ui/panel_sizes.hpp"
#include "editor/ui/ui_appearance.hpp"

namespace marionette {

struct UserSettings {
    static constexpr int min_window_size = 320;
    static constexpr int max_window_size = 16384;
    static constexpr double min_recovery_interval = 1.0;
    static constexpr double max_recovery_interval = 86400.0;

    int window_width = 1280;
    int window_height = 800;
    bool maximized = false;
    RecentFiles recent;
    std::string imgui_layout;  // ImGui's .ini text, kept as one string; checked when read (imgui_layout.hpp)
    // Seconds between recovery copies of unsaved work (recovery_keeper.hpp); clamped to
    // [min_recovery_interval, max_recovery_interval] when read.
    double recovery_interval = 60.0;
    // Where F12 puts viewport pictures; empty: default_screenshot_folder(). Never beside the rig:
    // a shipped asset folder is no place for them.
    std::filesystem::path screenshot_folder;
    // ui.scale: "auto" (the display's DPI) or a number, clamped to [UiAppearance::kMinScale,
    // kMaxScale]; ui.theme: "dark" or "light" (another word is a warning, and dark).
    UiAppearance appearance;
    // The panels' edges as dragged, in points at UI scale 1; each clamped to PanelSizes' range.
    PanelSizes panels;
};

// $HOME/Pictures/Marionette; the working folder when HOME is not set.
std::filesystem::path default_screenshot_folder();

// Where settings live: $MARIONETTE_CONFIG_DIR if set and non-empty, else
// $XDG_CONFIG_HOME/marionette if XDG_CONFIG_HOME is an absolute path, else
// $HOME/.config/marionette; an empty path when none of those is set (settings are not kept).
std::filesystem::path user_config_dir();
// user_config_dir() / "settings.json", or an empty path.
std::filesystem::path user_settings_file();

// A missing file gives the defaults. A file that is not JSON, or a member of the wrong type,
// gives an error naming the file and the member ("settings.json: window.width: expected an
// integer, got string"); the caller then goes on with the defaults. Window sizes are clamped
// to [min_window_size, max_window_size], the recovery interval and the UI scale likewise. Bad
// entries of recent_files, an unknown theme and the parts of imgui_layout that ImGui cannot
// safely read (imgui_layout.hpp) are skipped and described in `*warning` when it is given (left
// empty otherwise), without failing the load.
Result<UserSettings> load_user_settings(const std::filesystem::path& file, std::string* warning = nullptr);

// Writes `settings` to `file` atomically, creating its directory first if needed.
Status save_user_settings(const UserSettings& settings, const std::filesystem::path& file);

}  // namespace marionette
