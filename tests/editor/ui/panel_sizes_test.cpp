#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "editor/ui/panel_sizes.hpp"

namespace marionette {
namespace {

TEST(PanelSizes, AWideWindowGivesEachPanelItsSizeTimesTheScale) {
    const PanelSizes sizes;  // 240, 300, 290
    const PanelLayout one = lay_out_panels(sizes, 1.0f, 1280.0f, 800.0f, false);
    EXPECT_EQ(one.outliner_width, 240.0f);
    EXPECT_EQ(one.inspector_width, 300.0f);
    EXPECT_EQ(one.toolbar_height, kToolbarRowHeight);
    EXPECT_EQ(one.status_height, kStatusHeight);
    EXPECT_EQ(one.state_panel_height, 0.0f);
    EXPECT_EQ(one.viewport_x, 240.0f);
    EXPECT_EQ(one.viewport_y, kToolbarRowHeight);
    EXPECT_EQ(one.viewport_width, 1280.0f - 540.0f);
    EXPECT_EQ(one.viewport_height, 800.0f - kToolbarRowHeight - kStatusHeight);
    // At 4K and 200%: everything twice as large, the viewport the rest.
    const PanelLayout two = lay_out_panels(sizes, 2.0f, 3840.0f, 2160.0f, true);
    EXPECT_EQ(two.outliner_width, 480.0f);
    EXPECT_EQ(two.inspector_width, 600.0f);
    EXPECT_EQ(two.toolbar_height, 2.0f * kToolbarRowHeight);
    EXPECT_EQ(two.state_panel_height, 580.0f);
    EXPECT_EQ(two.viewport_width, 3840.0f - 1080.0f);
    EXPECT_EQ(two.viewport_height, 2160.0f - 2.0f * (kToolbarRowHeight + kStatusHeight) - 580.0f);
}

TEST(PanelSizes, ASmallWindowKeepsItsShareForTheViewport) {
    PanelSizes sizes;
    sizes.outliner = 500.0f;
    sizes.inspector = 500.0f;
    sizes.state_panel = 600.0f;
    const PanelLayout small = lay_out_panels(sizes, 1.0f, 800.0f, 600.0f, true);
    EXPECT_NEAR(small.viewport_width, kMinViewportShare * 800.0f, 1e-3f);
    EXPECT_NEAR(small.outliner_width, small.inspector_width, 1e-3f);  // in proportion: equal here
    const float under_bars = 600.0f - kToolbarRowHeight - kStatusHeight;
    EXPECT_NEAR(small.viewport_height, kMinViewportShare * under_bars, 1e-3f);
    EXPECT_NEAR(small.viewport_y + small.viewport_height + small.state_panel_height + small.status_height, 600.0f, 1e-3f);
    // Proportions kept when the defaults do not fit at a large scale.
    const PanelLayout big = lay_out_panels(PanelSizes{}, 3.0f, 800.0f, 600.0f, false);
    EXPECT_NEAR(big.outliner_width / big.inspector_width, 240.0f / 300.0f, 1e-5f);
    EXPECT_NEAR(big.viewport_width, kMinViewportShare * 800.0f, 1e-3f);
}

TEST(PanelSizes, AWrappedToolbarTakesItsRows) {
    const PanelLayout two_rows = lay_out_panels(PanelSizes{}, 1.5f, 800.0f, 600.0f, false, 2);
    EXPECT_EQ(two_rows.toolbar_height, 1.5f * (kToolbarRowHeight + kToolbarRowPitch));
    // Three rows at 1.5x: the bar's padding once, not three bars (it showed a fourth, empty row).
    EXPECT_EQ(lay_out_panels(PanelSizes{}, 1.5f, 1280.0f, 800.0f, false, 3).toolbar_height,
              1.5f * (kToolbarRowHeight + 2.0f * kToolbarRowPitch));
    EXPECT_EQ(two_rows.viewport_y, two_rows.toolbar_height);
    EXPECT_EQ(lay_out_panels(PanelSizes{}, 1.0f, 800.0f, 600.0f, false, 0).toolbar_height, kToolbarRowHeight);
}

TEST(PanelSizes, ATinyOrBadWindowGivesNoNegativeSize) {
    for (const float w : {0.0f, -5.0f, 10.0f}) {
        const PanelLayout l = lay_out_panels(PanelSizes{}, 1.0f, w, w, true);
        EXPECT_GE(l.viewport_width, 0.0f);
        EXPECT_GE(l.viewport_height, 0.0f);
        EXPECT_GE(l.outliner_width, 0.0f);
        EXPECT_GE(l.state_panel_height, 0.0f);
    }
}

TEST(PanelSizes, SizesStayInTheirRanges) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const PanelSizes bad = clamped({nan, 1e9f, -4.0f});
    EXPECT_EQ(bad.outliner, PanelSizes{}.outliner);
    EXPECT_EQ(bad.inspector, PanelSizes::kMaxInspector);
    EXPECT_EQ(bad.state_panel, PanelSizes::kMinStatePanel);
    // A drag at 200% stores the size at 100%: the panel keeps its share of the text.
    EXPECT_EQ(size_at_scale_one(600.0f, 2.0f, PanelSizes::kMinOutliner, PanelSizes::kMaxOutliner), 300.0f);
    EXPECT_EQ(size_at_scale_one(10.0f, 1.0f, PanelSizes::kMinOutliner, PanelSizes::kMaxOutliner), PanelSizes::kMinOutliner);
    EXPECT_EQ(size_at_scale_one(nan, 1.0f, PanelSizes::kMinOutliner, PanelSizes::kMaxOutliner), PanelSizes::kMinOutliner);
    EXPECT_EQ(size_at_scale_one(300.0f, 0.0f, PanelSizes::kMinOutliner, PanelSizes::kMaxOutliner), PanelSizes::kMinOutliner);
}

}  // namespace
}  // namespace marionette
