// The UI font and style (app/ui/ui_style.hpp) in a headless ImGui context: the font ImGui draws
// with, its size at a scale, the stand-in when the font cannot be used, and the theme.

#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "app/headless_imgui.hpp"
#include "app/ui/ui_style.hpp"
#include "core/test_files.hpp"

namespace marionette {
namespace {

using testing::HeadlessImGui;
using testing::ScratchDir;
using testing::write_file;

// MARIONETTE_UI_FONT set (or unset) for one test.
class FontChoice {
public:
    explicit FontChoice(const std::optional<std::string>& path) {
        if (const char* old = std::getenv("MARIONETTE_UI_FONT")) old_ = old;
        if (path) {
            ::setenv("MARIONETTE_UI_FONT", path->c_str(), 1);
        } else {
            ::unsetenv("MARIONETTE_UI_FONT");
        }
    }
    ~FontChoice() {
        if (old_) {
            ::setenv("MARIONETTE_UI_FONT", old_->c_str(), 1);
        } else {
            ::unsetenv("MARIONETTE_UI_FONT");
        }
        load_ui_font(1.0f);  // the next test starts from scale 1
    }
    FontChoice(const FontChoice&) = delete;
    FontChoice& operator=(const FontChoice&) = delete;

private:
    std::optional<std::string> old_;
};

// Debian's package that the install script adds; without it the stand-in tests still run.
bool dejavu_installed() { return std::filesystem::exists("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"); }

TEST(UiStyle, DejaVuSansAtTheScalesPixelSize) {
    if (!dejavu_installed()) GTEST_SKIP() << "fonts-dejavu-core is not installed (scripts/install-deps.sh installs it)";
    HeadlessImGui imgui;
    FontChoice font(std::nullopt);
    for (const float scale : {1.0f, 1.5f, 2.0f}) {
        EXPECT_EQ(load_ui_font(scale), "");
        ImFont* f = ImGui::GetIO().Fonts->Fonts[0];
        EXPECT_EQ(f->FontSize, ui_font_pixels(scale));
        EXPECT_NE(std::string(f->ConfigData->Name).find("DejaVuSans.ttf"), std::string::npos) << f->ConfigData->Name;
        EXPECT_EQ(ui_scale_in_use(), scale);
        EXPECT_EQ(ui_px(10.0f), 10.0f * scale);
        // Beyond Latin-1: a bone named in Greek or Russian shows its letters, not '?'.
        for (const ImWchar c : {ImWchar{0x03B1}, ImWchar{0x0436}, ImWchar{0x2014}, ImWchar{0x00B0}}) {
            const ImFontGlyph* g = f->FindGlyphNoFallback(c);
            EXPECT_NE(g, nullptr) << "U+" << std::hex << c;
        }
    }
    imgui.frame();  // the atlas is whole: a frame draws with it
}

TEST(UiStyle, AMissingFontLeavesTheBuiltInOneScaledAndSaysWhy) {
    HeadlessImGui imgui;
    ScratchDir dir;
    const std::string missing = (dir / "nowhere.ttf").string();
    FontChoice font(missing);
    const std::string problem = load_ui_font(2.0f);
    EXPECT_NE(problem.find(missing), std::string::npos) << problem;
    EXPECT_NE(problem.find("fonts-dejavu-core"), std::string::npos) << problem;
    ASSERT_EQ(ImGui::GetIO().Fonts->Fonts.Size, 1);
    EXPECT_EQ(ImGui::GetIO().Fonts->Fonts[0]->FontSize, 26.0f);  // ProggyClean's 13 px, twice
    imgui.frame();
}

TEST(UiStyle, AFileThatIsNoFontIsNotGivenToImGui) {
    HeadlessImGui imgui;
    ScratchDir dir;
    for (const std::string& bytes :
         {std::string("{\"bones\": []}\n"), std::string(4096, '\0'), std::string("\x00\x01\x00\x00 short", 10)}) {
        const std::string path = (dir / "font.ttf").string();
        write_file(path, bytes);
        FontChoice font(path);
        const std::string problem = load_ui_font(1.0f);
        EXPECT_NE(problem.find(path), std::string::npos) << problem;
        EXPECT_NE(problem.find("not a TrueType font"), std::string::npos) << problem;
        EXPECT_EQ(ImGui::GetIO().Fonts->Fonts[0]->FontSize, 13.0f);
        imgui.frame();
    }
    // A folder by that name: the reader's own message.
    FontChoice font(dir.path().string());
    EXPECT_NE(load_ui_font(1.0f).find(dir.path().string()), std::string::npos);
}

TEST(UiStyle, SizesGrowWithTheScale) {
    const ImGuiStyle one = ui_style(1.0f, UiTheme::Dark);
    const ImGuiStyle two = ui_style(2.0f, UiTheme::Dark);
    EXPECT_FLOAT_EQ(two.FramePadding.x, 2.0f * one.FramePadding.x);
    EXPECT_FLOAT_EQ(two.ItemSpacing.y, 2.0f * one.ItemSpacing.y);
    EXPECT_FLOAT_EQ(two.ScrollbarSize, 2.0f * one.ScrollbarSize);
    EXPECT_FLOAT_EQ(two.FrameRounding, 2.0f * one.FrameRounding);
    EXPECT_EQ(one.WindowRounding, 0.0f);  // tiled panels meet square
}

TEST(UiStyle, TheLightThemeIsLightAndTheDarkDark) {
    const auto luminance = [](const ImVec4& c) { return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z; };
    const ImGuiStyle dark = ui_style(1.0f, UiTheme::Dark);
    const ImGuiStyle light = ui_style(1.0f, UiTheme::Light);
    EXPECT_LT(luminance(dark.Colors[ImGuiCol_WindowBg]), 0.2f);
    EXPECT_GT(luminance(light.Colors[ImGuiCol_WindowBg]), 0.8f);
    // Text reads against its window in both.
    EXPECT_GT(luminance(dark.Colors[ImGuiCol_Text]) - luminance(dark.Colors[ImGuiCol_WindowBg]), 0.6f);
    EXPECT_GT(luminance(light.Colors[ImGuiCol_WindowBg]) - luminance(light.Colors[ImGuiCol_Text]), 0.6f);
    EXPECT_GT(light.FrameBorderSize, 0.0f);
}

}  // namespace
}  // namespace marionette
