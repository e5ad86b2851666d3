#include "editor/ui/overlay_corner.hpp"

#include <vector>

#include <gtest/gtest.h>

using namespace marionette;

namespace {

const Viewport kView{240.0f, 30.0f, 740.0f, 740.0f};  // x 240 to 980, y 30 to 770
const glm::vec2 kPanel{260.0f, 180.0f};

}  // namespace

TEST(OverlayCorner, EachCornerSitsInsideTheViewportAtTheMargin) {
    EXPECT_EQ(overlay_position(kView, OverlayCorner::TopRight, kPanel, 8.0f, 40.0f), glm::vec2(980.0f - 8.0f - 260.0f, 38.0f));
    EXPECT_EQ(overlay_position(kView, OverlayCorner::TopLeft, kPanel, 8.0f, 40.0f), glm::vec2(248.0f, 78.0f))
        << "under the playback overlay";
    EXPECT_EQ(overlay_position(kView, OverlayCorner::BottomRight, kPanel, 8.0f, 40.0f), glm::vec2(712.0f, 770.0f - 8.0f - 180.0f));
    EXPECT_EQ(overlay_position(kView, OverlayCorner::BottomLeft, kPanel, 8.0f, 40.0f), glm::vec2(248.0f, 582.0f));
}

TEST(OverlayCorner, TheTopRightUnlessThePuppetIsThere) {
    EXPECT_EQ(quietest_corner(kView, kPanel, 8.0f, 0.0f, {}), OverlayCorner::TopRight) << "nothing shown";
    const std::vector<glm::vec2> middle{{610.0f, 400.0f}, {600.0f, 300.0f}};
    EXPECT_EQ(quietest_corner(kView, kPanel, 8.0f, 0.0f, middle), OverlayCorner::TopRight) << "clear of every corner";
    // A hand raised into the top right: the panel goes to the top left.
    const std::vector<glm::vec2> raised{{610.0f, 400.0f}, {900.0f, 100.0f}, {920.0f, 90.0f}};
    EXPECT_EQ(quietest_corner(kView, kPanel, 8.0f, 0.0f, raised), OverlayCorner::TopLeft);
    // Both top corners busy (the top-left one under the playback overlay counts from lower
    // down): the bottom right.
    const std::vector<glm::vec2> both{{900.0f, 100.0f}, {300.0f, 150.0f}, {320.0f, 160.0f}};
    EXPECT_EQ(quietest_corner(kView, kPanel, 8.0f, 40.0f, both), OverlayCorner::BottomRight);
    // The fewest covered wins when none is clear.
    const std::vector<glm::vec2> everywhere{{900.0f, 100.0f}, {910.0f, 100.0f}, {300.0f, 150.0f},
                                            {900.0f, 700.0f}, {300.0f, 700.0f}, {310.0f, 700.0f}};
    EXPECT_EQ(quietest_corner(kView, kPanel, 8.0f, 40.0f, everywhere), OverlayCorner::TopLeft);
}
