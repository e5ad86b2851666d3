#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "core/test_files.hpp"
#include "editor/ui/user_settings.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

// Sets (or unsets, with nullopt) an environment variable for one test and restores it after.
class ScopedEnv {
public:
    ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value) {
            ::setenv(name, value->c_str(), 1);
        } else {
            ::unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (old_) {
            ::setenv(name_, old_->c_str(), 1);
        } else {
            ::unsetenv(name_);
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

UserSettings load_ok(const fs::path& file) {
    Result<UserSettings> loaded = load_user_settings(file);
    EXPECT_TRUE(loaded.ok()) << loaded.message();
    return loaded.ok() ? loaded.value() : UserSettings{};
}

std::string load_error(const fs::path& file) {
    Result<UserSettings> loaded = load_user_settings(file);
    EXPECT_FALSE(loaded.ok());
    return loaded.ok() ? std::string() : loaded.message();
}

TEST(UserSettingsTest, RoundTrip) {
    ScratchDir dir;
    UserSettings settings;
    settings.window_width = 1600;
    settings.window_height = 900;
    settings.maximized = true;
    settings.recent.add("/rigs/a.json");
    settings.recent.add("/rigs/b.json");
    settings.imgui_layout = "[Window][Outliner]\nPos=0,24\nSize=240,776\n\n[Window][\"quoted\"]\n";
    const fs::path file = dir / "settings.json";
    ASSERT_TRUE(save_user_settings(settings, file).ok());

    const UserSettings back = load_ok(file);
    EXPECT_EQ(back.window_width, 1600);
    EXPECT_EQ(back.window_height, 900);
    EXPECT_TRUE(back.maximized);
    EXPECT_EQ(back.recent.entries(), settings.recent.entries());
    EXPECT_EQ(back.imgui_layout, settings.imgui_layout);
}

TEST(UserSettingsTest, SaveCreatesTheFolderAndWritesReadableJson) {
    ScratchDir dir;
    const fs::path file = dir / "config" / "marionette" / "settings.json";
    ASSERT_TRUE(save_user_settings(UserSettings{}, file).ok());
    const nlohmann::json json = nlohmann::json::parse(read_file(file));
    EXPECT_EQ(json["window"]["width"], 1280);
    EXPECT_EQ(json["window"]["height"], 800);
    EXPECT_EQ(json["window"]["maximized"], false);
    EXPECT_EQ(json["recent_files"], nlohmann::json::array());
    EXPECT_EQ(json["imgui_layout"], "");
    // Nothing else is left beside it (the atomic write's temporary file is gone).
    EXPECT_EQ(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()), 1);
}

TEST(UserSettingsTest, SaveReplacesAnOlderFile) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, "not json at all");
    UserSettings settings;
    settings.window_width = 700;
    ASSERT_TRUE(save_user_settings(settings, file).ok());
    EXPECT_EQ(load_ok(file).window_width, 700);
}

TEST(UserSettingsTest, SaveIntoAFolderThatCannotBeMadeFails) {
    ScratchDir dir;
    write_file(dir / "blocker", "a file where the folder should be");
    const fs::path file = dir / "blocker" / "settings.json";
    const Status saved = save_user_settings(UserSettings{}, file);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.message().find(file.string() + ": cannot create the folder"), std::string::npos) << saved.message();
    EXPECT_FALSE(save_user_settings(UserSettings{}, "").ok());
}

TEST(UserSettingsTest, PathsThatAreNotUtf8DoNotStopTheSave) {
    ScratchDir dir;
    UserSettings settings;
    settings.recent.add("/rigs/good.json");
    settings.recent.add(std::string("/rigs/bad\xff.json"));
    const fs::path file = dir / "settings.json";
    ASSERT_TRUE(save_user_settings(settings, file).ok());
    const UserSettings back = load_ok(file);
    ASSERT_EQ(back.recent.entries().size(), 2u);
    EXPECT_EQ(back.recent.entries()[0], fs::path("/rigs/bad\xEF\xBF\xBD.json"));  // U+FFFD
    EXPECT_EQ(back.recent.entries()[1], fs::path("/rigs/good.json"));
}

TEST(UserSettingsTest, MissingFileGivesDefaults) {
    ScratchDir dir;
    const UserSettings settings = load_ok(dir / "absent" / "settings.json");
    EXPECT_EQ(settings.window_width, 1280);
    EXPECT_EQ(settings.window_height, 800);
    EXPECT_FALSE(settings.maximized);
    EXPECT_TRUE(settings.recent.empty());
    EXPECT_EQ(settings.imgui_layout, "");
}

TEST(UserSettingsTest, MissingMembersKeepTheirDefaultsAndUnknownOnesAreIgnored) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"window": {"height": 1000}, "theme": "dark", "version": 7})");
    const UserSettings settings = load_ok(file);
    EXPECT_EQ(settings.window_width, 1280);
    EXPECT_EQ(settings.window_height, 1000);
    EXPECT_FALSE(settings.maximized);
}

TEST(UserSettingsTest, MalformedJsonIsAnErrorNamingTheFile) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"window": {"width": 1280,)");
    const std::string message = load_error(file);
    EXPECT_EQ(message.rfind(file.string() + ": not valid JSON", 0), 0u) << message;

    write_file(file, "");
    EXPECT_EQ(load_error(file).rfind(file.string() + ": not valid JSON", 0), 0u);
}

TEST(UserSettingsTest, WrongTypesAreErrorsNamingFileAndMember) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    const auto error_for = [&](const std::string& text) {
        write_file(file, text);
        return load_error(file);
    };
    EXPECT_EQ(error_for(R"({"window": {"width": "wide"}})"), file.string() + ": window.width: expected an integer, got string");
    EXPECT_EQ(error_for(R"({"window": {"height": 800.5}})"), file.string() + ": window.height: expected an integer, got number");
    EXPECT_EQ(error_for(R"({"window": {"maximized": 1}})"), file.string() + ": window.maximized: expected true or false, got number");
    EXPECT_EQ(error_for(R"({"window": [1280, 800]})"), file.string() + ": window: expected an object, got array");
    EXPECT_EQ(error_for(R"({"recent_files": "/a.json"})"), file.string() + ": recent_files: expected an array of paths, got string");
    EXPECT_EQ(error_for(R"({"imgui_layout": null})"), file.string() + ": imgui_layout: expected a string, got null");
    EXPECT_EQ(error_for(R"([1, 2])"), file.string() + ": expected a JSON object, got array");
}

// What aborted the editor at every start, or overflowed its stack: reported, file left alone.
TEST(UserSettingsTest, HostileJsonIsAnErrorAndTheFileIsLeftAlone) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    const auto error_for = [&](const std::string& text) {
        write_file(file, text);
        std::string message = load_error(file);
        EXPECT_EQ(read_file(file), text) << "never rewritten by reading";
        return message;
    };
    EXPECT_EQ(error_for("{\"recovery\": {\"interval_seconds\": 1e999}}"),
              file.string() +
                  ": not valid JSON: line 1, column 35 (recovery.interval_seconds): number 1e999 is out of range (numbers must be finite)");
    EXPECT_EQ(error_for("{\"window\": {\"width\": 1280, \"width\": 640}}"), file.string() + ": window: \"width\" is given twice");
    const std::string deep = error_for("{\"window\": " + std::string(100'000, '[') + std::string(100'000, ']') + "}");
    EXPECT_NE(deep.find("window[0][0][0]"), std::string::npos) << deep;
    EXPECT_NE(deep.find("nested deeper than 64 levels"), std::string::npos) << deep;
    // Numbers in range of a double but not of the setting: clamped where read, as documented.
    write_file(file, R"({"recovery": {"interval_seconds": -1e300}, "window": {"width": 18446744073709551615}})");
    const Result<UserSettings> clamped = load_user_settings(file);
    ASSERT_TRUE(clamped.ok()) << clamped.message();
    EXPECT_EQ(clamped.value().recovery_interval, UserSettings::min_recovery_interval);
    EXPECT_EQ(clamped.value().window_width, UserSettings::max_window_size);
}

TEST(UserSettingsTest, BadRecentEntriesAreSkippedWithAWarning) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"recent_files": ["/a.json", 42, "/b.json"], "window": {"width": 999}})");
    std::string warning;
    Result<UserSettings> loaded = load_user_settings(file, &warning);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().window_width, 999);
    ASSERT_EQ(loaded.value().recent.entries().size(), 2u);
    EXPECT_EQ(warning, file.string() + ": recent_files[1]: expected a string, got number; skipped");

    write_file(file, R"({"recent_files": ["/a.json"]})");
    ASSERT_TRUE(load_user_settings(file, &warning).ok());
    EXPECT_EQ(warning, "");
}

TEST(UserSettingsTest, WindowSizesAreClamped) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"window": {"width": 10, "height": 100000}})");
    UserSettings settings = load_ok(file);
    EXPECT_EQ(settings.window_width, 320);
    EXPECT_EQ(settings.window_height, 16384);

    write_file(file, R"({"window": {"width": -5000, "height": 18446744073709551615}})");
    settings = load_ok(file);
    EXPECT_EQ(settings.window_width, 320);
    EXPECT_EQ(settings.window_height, 16384);

    write_file(file, R"({"window": {"width": 320, "height": 16384}})");
    settings = load_ok(file);
    EXPECT_EQ(settings.window_width, 320);
    EXPECT_EQ(settings.window_height, 16384);
}

TEST(UserSettingsTest, AFolderInsteadOfAFileIsAnError) {
    ScratchDir dir;
    fs::create_directories(dir / "settings.json");
    EXPECT_EQ(load_error(dir / "settings.json"), (dir / "settings.json").string() + ": not a regular file");
}

TEST(UserSettingsTest, UnreadableFileIsAnError) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads any file";
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, "{}");
    fs::permissions(file, fs::perms::none);
    EXPECT_EQ(load_error(file), file.string() + ": cannot open: Permission denied");
}

TEST(UserSettingsTest, ConfigDirPrefersMarionetteConfigDir) {
    ScopedEnv own("MARIONETTE_CONFIG_DIR", "/tmp/marionette-own");
    ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg");
    ScopedEnv home("HOME", "/home/ada");
    EXPECT_EQ(user_config_dir(), fs::path("/tmp/marionette-own"));
    EXPECT_EQ(user_settings_file(), fs::path("/tmp/marionette-own/settings.json"));
}

TEST(UserSettingsTest, ConfigDirUsesXdgConfigHomeWhenAbsolute) {
    ScopedEnv own("MARIONETTE_CONFIG_DIR", "");  // empty counts as unset
    ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg");
    ScopedEnv home("HOME", "/home/ada");
    EXPECT_EQ(user_config_dir(), fs::path("/xdg/marionette"));
}

TEST(UserSettingsTest, ConfigDirIgnoresARelativeXdgConfigHome) {
    ScopedEnv own("MARIONETTE_CONFIG_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CONFIG_HOME", "relative/config");
    ScopedEnv home("HOME", "/home/ada");
    EXPECT_EQ(user_config_dir(), fs::path("/home/ada/.config/marionette"));
}

TEST(UserSettingsTest, ConfigDirFallsBackToHome) {
    ScopedEnv own("MARIONETTE_CONFIG_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CONFIG_HOME", std::nullopt);
    ScopedEnv home("HOME", "/home/ada");
    EXPECT_EQ(user_config_dir(), fs::path("/home/ada/.config/marionette"));
}

TEST(UserSettingsTest, NoConfigDirWithoutAnyVariable) {
    ScopedEnv own("MARIONETTE_CONFIG_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CONFIG_HOME", "");
    ScopedEnv home("HOME", std::nullopt);
    EXPECT_TRUE(user_config_dir().empty());
    EXPECT_TRUE(user_settings_file().empty());
}

TEST(UserSettingsTest, EnvironmentIsRestoredAfterAScopedChange) {
    ScopedEnv outer("MARIONETTE_CONFIG_DIR", "/outer");
    {
        ScopedEnv inner("MARIONETTE_CONFIG_DIR", std::nullopt);
        EXPECT_EQ(std::getenv("MARIONETTE_CONFIG_DIR"), nullptr);
    }
    ASSERT_NE(std::getenv("MARIONETTE_CONFIG_DIR"), nullptr);
    EXPECT_EQ(std::string(std::getenv("MARIONETTE_CONFIG_DIR")), "/outer");
}

TEST(UserSettingsTest, TheUiScaleAndThemeAreRemembered) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    UserSettings settings;
    settings.appearance.scale = 1.25f;
    settings.appearance.theme = UiTheme::Light;
    ASSERT_TRUE(save_user_settings(settings, file).ok());
    EXPECT_NE(read_file(file).find(R"("theme": "light")"), std::string::npos) << read_file(file);
    UserSettings back = load_ok(file);
    EXPECT_EQ(back.appearance.scale, std::optional<float>{1.25f});
    EXPECT_EQ(back.appearance.theme, UiTheme::Light);

    // "auto", the default, is written as the word: a later display's DPI decides again.
    settings.appearance.scale.reset();
    ASSERT_TRUE(save_user_settings(settings, file).ok());
    EXPECT_NE(read_file(file).find(R"("scale": "auto")"), std::string::npos) << read_file(file);
    back = load_ok(file);
    EXPECT_FALSE(back.appearance.scale.has_value());

    // A file without "ui" (an older version's) keeps the defaults.
    write_file(file, R"({"window": {"width": 1000}})");
    back = load_ok(file);
    EXPECT_FALSE(back.appearance.scale.has_value());
    EXPECT_EQ(back.appearance.theme, UiTheme::Dark);
}

TEST(UserSettingsTest, AUiScaleOutOfRangeIsClampedAndAWrongOneIsAnError) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"ui": {"scale": 40}})");
    EXPECT_EQ(load_ok(file).appearance.scale, std::optional<float>{UiAppearance::kMaxScale});
    write_file(file, R"({"ui": {"scale": -1e300}})");
    EXPECT_EQ(load_ok(file).appearance.scale, std::optional<float>{UiAppearance::kMinScale});
    write_file(file, R"({"ui": {"scale": 1e300}})");
    EXPECT_EQ(load_ok(file).appearance.scale, std::optional<float>{UiAppearance::kMaxScale});
    write_file(file, R"({"ui": {"scale": "big"}})");
    EXPECT_EQ(load_error(file), file.string() + R"(: ui.scale: expected a number or "auto", got string)");
    write_file(file, R"({"ui": {"theme": 2}})");
    EXPECT_EQ(load_error(file), file.string() + R"(: ui.theme: expected "dark" or "light", got number)");
    write_file(file, R"({"ui": "light"})");
    EXPECT_EQ(load_error(file), file.string() + ": ui: expected an object, got string");
}

TEST(UserSettingsTest, AnUnknownThemeIsAWarningAndDark) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"ui": {"theme": "sepia", "scale": 2}, "window": {"width": 999}})");
    std::string warning;
    Result<UserSettings> loaded = load_user_settings(file, &warning);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().appearance.theme, UiTheme::Dark);
    EXPECT_EQ(loaded.value().appearance.scale, std::optional<float>{2.0f});
    EXPECT_EQ(loaded.value().window_width, 999);
    EXPECT_EQ(warning, file.string() + R"(: ui.theme: "sepia" is not a theme (dark or light): using dark)");
}

TEST(UserSettingsTest, ALayoutImGuiCannotReadIsCleanedWithAWarningAndSavedClean) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    write_file(file, R"({"recent_files": [42], "window": {"width": 999},
        "imgui_layout": "[Window][Outliner]\nPos=0,0\n[Table][0x00000001,2000000000]\nColumn 0 Width=5\n"})");
    std::string warning;
    Result<UserSettings> loaded = load_user_settings(file, &warning);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().window_width, 999);
    EXPECT_EQ(loaded.value().imgui_layout, "[Window][Outliner]\nPos=0,0\n");
    EXPECT_EQ(warning, file.string() +
                           ": recent_files[0]: expected a string, got number; skipped; imgui_layout line 3: "
                           "[Table][0x00000001,2000000000]: 2000000000 columns; a table has at most 64; section dropped");
    ASSERT_TRUE(save_user_settings(loaded.value(), file).ok());
    EXPECT_EQ(read_file(file).find("2000000000"), std::string::npos) << read_file(file);
    ASSERT_TRUE(load_user_settings(file, &warning).ok());
    EXPECT_EQ(warning, "");
}

TEST(UserSettingsTest, PanelSizesAreRememberedAndClamped) {
    ScratchDir dir;
    const fs::path file = dir / "settings.json";
    UserSettings settings;
    settings.panels = {320.0f, 260.0f, 400.0f};
    ASSERT_TRUE(save_user_settings(settings, file).ok());
    EXPECT_EQ(load_ok(file).panels, settings.panels);
    write_file(file, R"({"panels": {"outliner_width": 5, "inspector_width": 1e300, "state_panel_height": 333.5}})");
    const PanelSizes back = load_ok(file).panels;
    EXPECT_EQ(back.outliner, PanelSizes::kMinOutliner);
    EXPECT_EQ(back.inspector, PanelSizes::kMaxInspector);
    EXPECT_EQ(back.state_panel, 333.5f);
    write_file(file, R"({"panels": {"outliner_width": "wide"}})");
    EXPECT_EQ(load_error(file), file.string() + ": panels.outliner_width: expected a number, got string");
    write_file(file, R"({"panels": [240, 300]})");
    EXPECT_EQ(load_error(file), file.string() + ": panels: expected an object, got array");
}

}  // namespace
}  // namespace marionette
