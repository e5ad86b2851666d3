#include "editor/ui/ui_appearance.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace marionette {

float ui_scale_for_dpi(float dpi) {
    if (!(dpi > 0.0f) || !std::isfinite(dpi)) return 1.0f;
    const float quarters = std::round(4.0f * dpi / kReferenceDpi) / 4.0f;
    return std::clamp(quarters, 1.0f, UiAppearance::kMaxScale);
}

float ui_scale(const UiAppearance& appearance, float display_dpi) {
    if (appearance.scale && std::isfinite(*appearance.scale)) {
        return std::clamp(*appearance.scale, UiAppearance::kMinScale, UiAppearance::kMaxScale);
    }
    return ui_scale_for_dpi(display_dpi);
}

float ui_font_pixels(float scale) { return std::max(6.0f, std::round(kBaseFontPixels * scale)); }

std::span<const float> ui_scale_choices() {
    static constexpr std::array<float, 9> choices{0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.25f, 2.5f, 3.0f};
    return choices;
}

const char* theme_name(UiTheme theme) { return theme == UiTheme::Light ? "light" : "dark"; }

std::optional<UiTheme> theme_from_name(std::string_view name) {
    if (name == "dark") return UiTheme::Dark;
    if (name == "light") return UiTheme::Light;
    return std::nullopt;
}

}  // namespace marionette
