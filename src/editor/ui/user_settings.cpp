#include "editor/ui/user_settings.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <system_error>

#include "core/io/json/json_document.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/ui/imgui_layout.hpp"

namespace marionette {

namespace {

using json = Json;

// A member of the wrong type; caught in load_user_settings and turned into its Error.
struct SettingsFieldError {
    std::string message;
};

// `where` is the member's path, empty for the document itself.
[[noreturn]] void wrong_type(const std::string& where, const char* expected, const json& value) {
    const std::string place = where.empty() ? std::string() : where + ": ";
    throw SettingsFieldError{place + "expected " + expected + ", got " + value.type_name()};
}

const json* optional_member(const json& object, const char* key) {
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

// Any integer is accepted, then clamped, so a window saved on a huge display still loads.
int window_size(const json& value, const std::string& where) {
    if (!value.is_number_integer()) wrong_type(where, "an integer", value);
    constexpr std::int64_t lo = UserSettings::min_window_size;
    constexpr std::int64_t hi = UserSettings::max_window_size;
    // JSON keeps non-negative integers unsigned, possibly beyond what int64 holds.
    const std::int64_t v = value.is_number_unsigned() ? static_cast<std::int64_t>(std::min<std::uint64_t>(value.get<std::uint64_t>(), hi))
                                                      : value.get<std::int64_t>();
    return static_cast<int>(std::clamp(v, lo, hi));
}

void read_window(const json& window, UserSettings& settings) {
    if (!window.is_object()) wrong_type("window", "an object", window);
    if (const json* width = optional_member(window, "width")) settings.window_width = window_size(*width, "window.width");
    if (const json* height = optional_member(window, "height")) settings.window_height = window_size(*height, "window.height");
    if (const json* maximized = optional_member(window, "maximized")) {
        if (!maximized->is_boolean()) wrong_type("window.maximized", "true or false", *maximized);
        settings.maximized = maximized->get<bool>();
    }
}

void read_recovery(const json& recovery, UserSettings& settings) {
    if (!recovery.is_object()) wrong_type("recovery", "an object", recovery);
    if (const json* interval = optional_member(recovery, "interval_seconds")) {
        if (!interval->is_number()) wrong_type("recovery.interval_seconds", "a number", *interval);
        settings.recovery_interval =
            std::clamp(interval->get<double>(), UserSettings::min_recovery_interval, UserSettings::max_recovery_interval);
    }
}

void read_screenshots(const json& screenshots, UserSettings& settings) {
    if (!screenshots.is_object()) wrong_type("screenshots", "an object", screenshots);
    if (const json* folder = optional_member(screenshots, "folder")) {
        if (!folder->is_string()) wrong_type("screenshots.folder", "a path", *folder);
        settings.screenshot_folder = folder->get<std::string>();
    }
}

void read_ui(const json& ui, UserSettings& settings, std::string& warning) {
    if (!ui.is_object()) wrong_type("ui", "an object", ui);
    if (const json* scale = optional_member(ui, "scale")) {
        if (scale->is_string() && scale->get<std::string>() == "auto") {
            settings.appearance.scale.reset();
        } else if (scale->is_number()) {
            // A number too large for a float clamps like any other.
            const double v = std::clamp(scale->get<double>(), double{UiAppearance::kMinScale}, double{UiAppearance::kMaxScale});
            settings.appearance.scale = static_cast<float>(v);
        } else {
            wrong_type("ui.scale", "a number or \"auto\"", *scale);
        }
    }
    if (const json* theme = optional_member(ui, "theme")) {
        if (!theme->is_string()) wrong_type("ui.theme", "\"dark\" or \"light\"", *theme);
        if (const std::optional<UiTheme> t = theme_from_name(theme->get<std::string>())) {
            settings.appearance.theme = *t;
        } else {
            // Perhaps a later version's theme: this one keeps its default and says so.
            if (!warning.empty()) warning += "; ";
            warning += "ui.theme: \"" + theme->get<std::string>() + "\" is not a theme (dark or light): using dark";
        }
    }
}

// Any number, clamped to the size's range: a layout saved on a huge display still loads.
float panel_size(const json& value, const std::string& where, float lo, float hi) {
    if (!value.is_number()) wrong_type(where, "a number", value);
    return static_cast<float>(std::clamp(value.get<double>(), double{lo}, double{hi}));
}

void read_panels(const json& panels, UserSettings& settings) {
    if (!panels.is_object()) wrong_type("panels", "an object", panels);
    for (const PanelSizeRule& r : kPanelSizeRules) {
        if (const json* v = optional_member(panels, r.settings_key)) {
            settings.panels.*r.size = panel_size(*v, std::string("panels.") + r.settings_key, r.lo, r.hi);
        }
    }
}

json panels_json(const PanelSizes& sizes) {
    const PanelSizes s = clamped(sizes);
    json out = json::object();
    for (const PanelSizeRule& r : kPanelSizeRules) out[r.settings_key] = s.*r.size;
    return out;
}

UserSettings read_settings(const json& root, std::string& warning) {
    if (!root.is_object()) wrong_type("", "a JSON object", root);
    UserSettings settings;
    if (const json* window = optional_member(root, "window")) read_window(*window, settings);
    if (const json* recent = optional_member(root, "recent_files")) {
        // A list that is not a list is a wrong type; single bad entries in it only cost themselves.
        if (!recent->is_array()) wrong_type("recent_files", "an array of paths", *recent);
        settings.recent = RecentFiles::from_json(*recent, warning);
    }
    if (const json* layout = optional_member(root, "imgui_layout")) {
        if (!layout->is_string()) wrong_type("imgui_layout", "a string", *layout);
        // Checked here, the one way settings are read: ImGui is never handed a layout that
        // crashes it, and the next save writes the file back without the parts dropped.
        CheckedImGuiLayout checked = check_imgui_layout(layout->get_ref<const std::string&>());
        settings.imgui_layout = std::move(checked.text);
        if (!checked.warning.empty()) warning += (warning.empty() ? "" : "; ") + checked.warning;
    }
    if (const json* recovery = optional_member(root, "recovery")) read_recovery(*recovery, settings);
    if (const json* screenshots = optional_member(root, "screenshots")) read_screenshots(*screenshots, settings);
    if (const json* ui = optional_member(root, "ui")) read_ui(*ui, settings, warning);
    if (const json* panels = optional_member(root, "panels")) read_panels(*panels, settings);
    return settings;
}

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

}  // namespace

std::filesystem::path user_config_dir() {
    if (std::string dir = environment("MARIONETTE_CONFIG_DIR"); !dir.empty()) return dir;
    // The XDG base directory spec says a relative XDG_CONFIG_HOME is invalid and to be ignored.
    if (std::filesystem::path xdg = environment("XDG_CONFIG_HOME"); xdg.is_absolute()) return xdg / "marionette";
    if (std::string home = environment("HOME"); !home.empty()) return std::filesystem::path(home) / ".config" / "marionette";
    return {};
}

std::filesystem::path default_screenshot_folder() {
    if (std::string home = environment("HOME"); !home.empty()) return std::filesystem::path(home) / "Pictures" / "Marionette";
    return ".";
}

std::filesystem::path user_settings_file() {
    std::filesystem::path dir = user_config_dir();
    return dir.empty() ? dir : dir / "settings.json";
}

Result<UserSettings> load_user_settings(const std::filesystem::path& file, std::string* warning) {
    if (warning) warning->clear();
    const std::string where = file.string() + ": ";
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(file, ec);
    if (status.type() == std::filesystem::file_type::not_found) return UserSettings{};
    if (ec) return Error{where + ec.message()};
    if (!std::filesystem::is_regular_file(status)) return Error{where + "not a regular file"};

    // The layout and recent files take a few kilobytes; more is not a settings file of ours.
    Result<std::string> text = read_text_file(file, 4'000'000, "settings file");
    if (!text) return Error{text.message()};

    Result<Json> root = parse_json_document(text.value());
    if (!root) return Error{where + root.message()};
    try {
        std::string skipped;
        UserSettings settings = read_settings(root.value(), skipped);
        if (warning && !skipped.empty()) *warning = where + skipped;
        return settings;
    } catch (const SettingsFieldError& e) {
        return Error{where + e.message};
    }
}

Status save_user_settings(const UserSettings& settings, const std::filesystem::path& file) {
    if (file.empty()) return Error{"settings: no file to save to"};
    const std::filesystem::path dir = file.parent_path();
    if (!dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        if (ec) return Error{file.string() + ": cannot create the folder " + dir.string() + ": " + ec.message()};
    }
    const json root = {
        {"window", {{"width", settings.window_width}, {"height", settings.window_height}, {"maximized", settings.maximized}}},
        {"recent_files", settings.recent.to_json()},
        {"imgui_layout", settings.imgui_layout},
        {"recovery", {{"interval_seconds", settings.recovery_interval}}},
        {"screenshots", {{"folder", settings.screenshot_folder.string()}}},
        {"ui",
         {{"scale", settings.appearance.scale ? json(*settings.appearance.scale) : json("auto")},
          {"theme", theme_name(settings.appearance.theme)}}},
        {"panels", panels_json(settings.panels)},
    };
    // A path that is not UTF-8 (Linux allows any bytes) would make dump() throw; it is written
    // with U+FFFD in place of the bad bytes instead, and that entry no longer opens.
    return write_file_atomically(file, root.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

}  // namespace marionette
