#include "app/ui/ui_style.hpp"

#include <stb_truetype.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "app/ui/icons.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

// Larger is no UI font (DejaVu Sans is 0.7 MB).
constexpr std::size_t kMaxFontBytes = 32u << 20;

// Basic Latin to Latin Extended-B, Greek, Cyrillic, general punctuation (dashes, quotes,
// ellipsis), arrows and geometric shapes (the timeline's and outliner's marks). Kept static:
// ImGui reads the ranges when the atlas is built.
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x024F, 0x0370, 0x03FF, 0x0400, 0x052F, 0x2000, 0x206F, 0x2190, 0x21FF, 0x25A0, 0x25FF, 0};

constexpr ImWchar kIconRanges[] = {static_cast<ImWchar>(icons::kFirst), static_cast<ImWchar>(icons::kLast), 0};

float g_scale_in_use = 1.0f;

// Why `bytes` is no TrueType font stb_truetype can draw `glyphs` from ("Ag" for the text, a
// symbol for the icons; `lacking` says what a font without them is), or empty. ImGui's own
// loader asserts on such a file: it never sees one.
std::string font_problem(const std::string& bytes, std::initializer_list<int> glyphs, const char* lacking) {
    if (bytes.size() < 12) return "not a TrueType font";
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const int offset = stbtt_GetFontOffsetForIndex(data, 0);
    stbtt_fontinfo info;
    if (offset < 0 || stbtt_InitFont(&info, data, offset) == 0) return "not a TrueType font";
    for (const int glyph : glyphs) {
        if (stbtt_FindGlyphIndex(&info, glyph) == 0) return lacking;
    }
    return {};
}

// A copy of the font's bytes for ImGui's atlas, which owns it and frees it with ImGui's allocator.
void* atlas_copy(const std::string& bytes) {
    void* data = IM_ALLOC(bytes.size());
    std::memcpy(data, bytes.data(), bytes.size());
    return data;
}

// Merges the icon font into the font just added, when it reads; says whether it did.
bool merge_icon_font(float pixels) {
    Result<std::string> bytes = read_text_file(ui_icon_font_path(), kMaxFontBytes, "font");
    if (!bytes || !font_problem(bytes.value(), {0xF04B}, "a font without Font Awesome's symbols").empty()) return false;  // U+F04B: play
    void* copy = atlas_copy(bytes.value());
    ImFontConfig config;
    config.MergeMode = true;
    config.PixelSnapH = true;
    config.GlyphMinAdvanceX = pixels;  // every symbol as wide: buttons keep their size
    config.GlyphOffset.y = std::round(pixels * 0.05f);
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(copy, static_cast<int>(bytes.value().size()), pixels * 0.9f, &config, kIconRanges) !=
           nullptr;
}

}  // namespace

std::filesystem::path ui_icon_font_path() {
    if (const char* chosen = std::getenv("MARIONETTE_ICON_FONT"); chosen && *chosen) return chosen;
    return "/usr/share/fonts-font-awesome/fonts/fontawesome-webfont.ttf";
}

std::filesystem::path ui_font_path() {
    if (const char* chosen = std::getenv("MARIONETTE_UI_FONT"); chosen && *chosen) return chosen;
    return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}

float ui_scale_in_use() { return g_scale_in_use; }

std::string load_ui_font(float scale) {
    g_scale_in_use = scale;
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float pixels = ui_font_pixels(scale);
    const std::filesystem::path path = ui_font_path();
    std::string problem;
    Result<std::string> bytes = read_text_file(path, kMaxFontBytes, "font");
    if (!bytes) {
        problem = bytes.message();
    } else if (std::string why = font_problem(bytes.value(), {'A', 'g'}, "a font without Latin letters"); !why.empty()) {
        problem = path.string() + ": " + why;
    } else {
        void* data = atlas_copy(bytes.value());
        ImFontConfig config;
        config.OversampleH = 2;  // crisp enough at these sizes, and half the atlas of 3
        config.PixelSnapH = true;
        // As ImGui names a font it loads from a file (its metrics window shows it).
        std::snprintf(config.Name, sizeof config.Name, "%s, %.0fpx", path.filename().string().c_str(), static_cast<double>(pixels));
        if (io.Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes.value().size()), pixels, &config, kGlyphRanges) != nullptr) {
            // Without the symbols (no fonts-font-awesome) the labels are words alone.
            set_ui_icons_loaded(merge_icon_font(pixels));
            if (io.Fonts->Build()) return {};
        }
        io.Fonts->Clear();
        problem = path.string() + ": ImGui could not build its atlas from it";
    }
    set_ui_icons_loaded(false);
    ImFontConfig fallback;
    fallback.SizePixels = std::max(13.0f, std::round(13.0f * scale));  // ProggyClean's own size, scaled
    io.Fonts->AddFontDefault(&fallback);
    io.Fonts->Build();
    return problem + " (the built-in font stands in; Debian's fonts-dejavu-core has the UI font)";
}

ImGuiStyle ui_style(float scale, UiTheme theme) {
    ImGuiStyle style;
    if (theme == UiTheme::Light) {
        ImGui::StyleColorsLight(&style);
        style.FrameBorderSize = 1.0f;  // light frames on a light window need their edge
    } else {
        ImGui::StyleColorsDark(&style);
    }
    style.WindowRounding = 0.0f;  // the panels are tiled edge to edge
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.PopupRounding = 3.0f;
    style.ScrollbarRounding = 3.0f;
    style.TabRounding = 3.0f;
    style.ScaleAllSizes(scale);
    return style;
}

}  // namespace marionette
