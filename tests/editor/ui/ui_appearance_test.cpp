#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "editor/ui/ui_appearance.hpp"

namespace marionette {
namespace {

TEST(UiAppearance, TheDisplaysDpiGivesTheScaleToTheNearestQuarter) {
    EXPECT_EQ(ui_scale_for_dpi(96.0f), 1.0f);
    EXPECT_EQ(ui_scale_for_dpi(120.0f), 1.25f);
    EXPECT_EQ(ui_scale_for_dpi(144.0f), 1.5f);
    EXPECT_EQ(ui_scale_for_dpi(141.0f), 1.5f);  // a 15.6" 1920x1080 laptop
    EXPECT_EQ(ui_scale_for_dpi(192.0f), 2.0f);
    EXPECT_EQ(ui_scale_for_dpi(280.0f), 3.0f);  // a 4K 15.6" laptop
    EXPECT_EQ(ui_scale_for_dpi(600.0f), UiAppearance::kMaxScale);
}

TEST(UiAppearance, ALowOrUnknownDpiGivesOne) {
    EXPECT_EQ(ui_scale_for_dpi(72.0f), 1.0f);
    EXPECT_EQ(ui_scale_for_dpi(0.0f), 1.0f);
    EXPECT_EQ(ui_scale_for_dpi(-96.0f), 1.0f);
    EXPECT_EQ(ui_scale_for_dpi(std::numeric_limits<float>::quiet_NaN()), 1.0f);
    EXPECT_EQ(ui_scale_for_dpi(std::numeric_limits<float>::infinity()), 1.0f);
}

TEST(UiAppearance, AChosenScaleWinsOverTheDisplaysWithinItsRange) {
    UiAppearance a;
    EXPECT_EQ(ui_scale(a, 192.0f), 2.0f);
    a.scale = 0.75f;
    EXPECT_EQ(ui_scale(a, 192.0f), 0.75f);
    a.scale = 0.1f;
    EXPECT_EQ(ui_scale(a, 96.0f), UiAppearance::kMinScale);
    a.scale = 9.0f;
    EXPECT_EQ(ui_scale(a, 96.0f), UiAppearance::kMaxScale);
    a.scale = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(ui_scale(a, 144.0f), 1.5f);
}

TEST(UiAppearance, TheFontIsAWholeNumberOfPixels) {
    EXPECT_EQ(ui_font_pixels(1.0f), kBaseFontPixels);
    EXPECT_EQ(ui_font_pixels(1.25f), 19.0f);  // 18.75 rounded
    EXPECT_EQ(ui_font_pixels(2.0f), 30.0f);
    for (const float s : ui_scale_choices()) {
        EXPECT_EQ(ui_font_pixels(s), std::round(ui_font_pixels(s)));
        EXPECT_GE(s, UiAppearance::kMinScale);
        EXPECT_LE(s, UiAppearance::kMaxScale);
    }
}

TEST(UiAppearance, ThemesHaveTheSettingsFilesNames) {
    for (const UiTheme t : {UiTheme::Dark, UiTheme::Light}) EXPECT_EQ(theme_from_name(theme_name(t)), t);
    EXPECT_FALSE(theme_from_name("Dark").has_value());
    EXPECT_FALSE(theme_from_name("").has_value());
}

}  // namespace
}  // namespace marionette
