#pragma once
// How the editor's panels look: the size of everything (the UI scale: fonts, paddings, panel
// widths) and the colour theme. Remembered in the user settings; the app applies it to ImGui.

#include <optional>
#include <span>
#include <string_view>

namespace marionette {

enum class UiTheme { Dark, Light };

struct UiAppearance {
    static constexpr float kMinScale = 0.5f;
    static constexpr float kMaxScale = 3.0f;

    std::optional<float> scale;  // empty: from the display's DPI (ui_scale_for_dpi)
    UiTheme theme = UiTheme::Dark;

    bool operator==(const UiAppearance&) const = default;
};

// The DPI at which the UI scale is 1 (what X11 and Windows call 100%).
inline constexpr float kReferenceDpi = 96.0f;
// The text's height in pixels at scale 1: DejaVu Sans at 15 px reads as other desktop tools'
// 11-point text does.
inline constexpr float kBaseFontPixels = 15.0f;

// The scale a display's DPI asks for: DPI / 96 to the nearest quarter, within [1, kMaxScale].
// Below 1 only when asked for: X servers often report a made-up low DPI, and small text is the
// worse mistake. An unknown DPI (0, negative, not finite) gives 1.
float ui_scale_for_dpi(float dpi);
// The scale in use: the chosen one (clamped to [kMinScale, kMaxScale]) or the display's.
float ui_scale(const UiAppearance& appearance, float display_dpi);
// The font's pixel height at a scale, whole pixels (a fractional size blurs every glyph).
float ui_font_pixels(float scale);
// The scales the View menu offers.
std::span<const float> ui_scale_choices();

const char* theme_name(UiTheme theme);  // "dark", "light": the settings file's words
std::optional<UiTheme> theme_from_name(std::string_view name);

}  // namespace marionette
