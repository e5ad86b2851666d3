// A picture's outline traced from its alpha: known shapes give the polygon they should (area,
// place, turn), in the picture's space with rows running down in the image and up in the
// picture; the margin grows it; the budget bounds it; nothing opaque is an error.

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/meshing/alpha_pictures.hpp"
#include "core/meshing/picture_outline.hpp"
#include "core/meshing/triangulation.hpp"

using namespace marionette;
using test::AlphaPicture;

namespace {

struct TracedOutline {
    std::string error;  // empty when traced
    std::vector<glm::vec2> outline;
};

TracedOutline trace_outline(const AlphaPicture& p, glm::vec2 size, OutlineSettings settings = {}) {
    TracedOutline t;
    const PictureOutlineJob job{p.rgba, p.width, p.height, size, settings, &t.outline, nullptr};
    if (Status s = job.run(); !s) t.error = s.message();
    return t;
}

// Settings that follow the pixels closely: no margin, a quarter pixel's tolerance (each corner
// of the traced pixels, cut by half a pixel, stays).
OutlineSettings close_settings() {
    OutlineSettings s;
    s.margin = 0;
    s.tolerance = 0.25f;
    s.max_vertices = 4096;
    return s;
}

glm::vec2 outline_low(const std::vector<glm::vec2>& polygon) {
    glm::vec2 low(HUGE_VALF);
    for (const glm::vec2& v : polygon) low = glm::min(low, v);
    return low;
}

glm::vec2 outline_high(const std::vector<glm::vec2>& polygon) {
    glm::vec2 high(-HUGE_VALF);
    for (const glm::vec2& v : polygon) high = glm::max(high, v);
    return high;
}

}  // namespace

TEST(PictureOutline, AFilledCircleIsACounterClockwiseCircle) {
    const AlphaPicture disc = test::disc_picture(64, 64, 32, 32, 24);
    const TracedOutline t = trace_outline(disc, {64, 64}, close_settings());
    ASSERT_EQ(t.error, "");
    EXPECT_FALSE(simple_polygon_problem(t.outline).has_value());
    // Marching squares runs through the middle of the edge pixels: the disc's area less about
    // half a pixel along its rim.
    const double expected = std::numbers::pi * 24.0 * 24.0;
    EXPECT_NEAR(test::polygon_area(t.outline), expected, 0.04 * expected);
    for (const glm::vec2& v : t.outline) EXPECT_NEAR(glm::length(v - glm::vec2(32, 32)), 24.0f, 1.5f);
    EXPECT_GE(t.outline.size(), 16u);

    // A coarser tolerance keeps fewer vertices, still within it.
    OutlineSettings coarse = close_settings();
    coarse.tolerance = 3.0f;
    const TracedOutline c = trace_outline(disc, {64, 64}, coarse);
    ASSERT_EQ(c.error, "");
    EXPECT_LT(c.outline.size(), t.outline.size());
    EXPECT_NEAR(test::polygon_area(c.outline), expected, 0.1 * expected);
}

TEST(PictureOutline, AMarginGrowsTheOutlineOverAntialiasedEdges) {
    // A disc with a soft rim of alpha 40: under a threshold of 64 the rim is cut; a margin of
    // two pixels takes it back in.
    const AlphaPicture soft = test::alpha_picture(64, 64, [](int x, int y) -> std::uint8_t {
        const float r = glm::length(glm::vec2(static_cast<float>(x) + 0.5f - 32.0f, static_cast<float>(y) + 0.5f - 32.0f));
        return r <= 20.0f ? 255 : r <= 22.0f ? 40 : 0;
    });
    OutlineSettings settings = close_settings();
    settings.alpha_threshold = 64;
    const TracedOutline tight = trace_outline(soft, {64, 64}, settings);
    settings.margin = 2;
    const TracedOutline grown = trace_outline(soft, {64, 64}, settings);
    ASSERT_EQ(tight.error, "");
    ASSERT_EQ(grown.error, "");
    for (const glm::vec2& v : tight.outline) EXPECT_NEAR(glm::length(v - glm::vec2(32, 32)), 20.0f, 1.5f);
    for (const glm::vec2& v : grown.outline) EXPECT_NEAR(glm::length(v - glm::vec2(32, 32)), 22.0f, 1.5f);
    // A margin never takes the outline out of the picture.
    settings.margin = kMaxOutlineMargin;
    const TracedOutline huge = trace_outline(soft, {64, 64}, settings);
    ASSERT_EQ(huge.error, "");
    EXPECT_GE(outline_low(huge.outline).x, 0.0f);
    EXPECT_LE(outline_high(huge.outline).y, 64.0f);
    EXPECT_NEAR(test::polygon_area(huge.outline), 64.0 * 64.0 - 4 * 0.125, 1e-3);  // the whole picture less its corners' cuts
}

TEST(PictureOutline, AnLShapeKeepsItsInnerCorner) {
    // Rows from the top: a bar 10 wide down the left, a foot 30 wide along the bottom.
    const AlphaPicture l = test::alpha_picture(40, 40, [](int x, int y) -> std::uint8_t {
        const bool bar = x >= 5 && x < 15 && y >= 5 && y < 35, foot = x >= 5 && x < 35 && y >= 25 && y < 35;
        return bar || foot ? 255 : 0;
    });
    const TracedOutline t = trace_outline(l, {40, 40}, close_settings());
    ASSERT_EQ(t.error, "");
    EXPECT_EQ(t.outline.size(), 12u);  // six corners, each cut by half a pixel
    EXPECT_NEAR(test::polygon_area(t.outline), 10.0 * 30.0 + 20.0 * 10.0 - 5 * 0.125 + 0.125, 1e-3);  // five corners out, one in
    // A tolerance past half a pixel takes each cut corner's two vertices down to one or none.
    OutlineSettings loose = close_settings();
    loose.tolerance = 1.0f;
    const TracedOutline l1 = trace_outline(l, {40, 40}, loose);
    ASSERT_EQ(l1.error, "");
    EXPECT_LE(l1.outline.size(), 8u);
    EXPECT_NEAR(test::polygon_area(l1.outline), 500.0, 0.5 * 120.0);  // within the tolerance along the perimeter
    // The image's bottom rows are the picture's bottom: the foot lies low, at y 5 to 15.
    EXPECT_NEAR(outline_low(t.outline).y, 5.0f, 0.6f);
    EXPECT_NEAR(outline_high(t.outline).y, 35.0f, 0.6f);
    std::size_t reflex = 0;
    for (std::size_t i = 0; i < t.outline.size(); ++i) {
        const std::size_t n = t.outline.size();
        reflex += triangle_cross(t.outline[(i + n - 1) % n], t.outline[i], t.outline[(i + 1) % n]) < 0.0 ? 1 : 0;
    }
    EXPECT_GE(reflex, 1u);
}

TEST(PictureOutline, TransparentMarginsAndTheSizeScaleIt) {
    // Opaque columns 20 to 79 and rows 10 to 29 of a 100 x 50 picture 10 x 5 rig units big.
    const AlphaPicture p =
        test::alpha_picture(100, 50, [](int x, int y) -> std::uint8_t { return x >= 20 && x < 80 && y >= 10 && y < 30 ? 200 : 0; });
    const TracedOutline t = trace_outline(p, {10, 5}, close_settings());
    ASSERT_EQ(t.error, "");
    EXPECT_NEAR(outline_low(t.outline).x, 2.0f, 0.06f);
    EXPECT_NEAR(outline_high(t.outline).x, 8.0f, 0.06f);
    EXPECT_NEAR(outline_low(t.outline).y, 2.0f, 0.06f);  // rows 29 up to 10 from the top are 20 to 39 from the bottom
    EXPECT_NEAR(outline_high(t.outline).y, 4.0f, 0.06f);
    EXPECT_NEAR(test::polygon_area(t.outline), 6.0 * 2.0 - 4 * 0.125 * 0.01, 1e-4);
}

TEST(PictureOutline, OnePixelAndEmptyPictures) {
    const AlphaPicture one = test::alpha_picture(1, 1, [](int, int) -> std::uint8_t { return 255; });
    OutlineSettings exact;
    exact.tolerance = 0.0f;
    const TracedOutline t = trace_outline(one, {2, 4}, exact);
    ASSERT_EQ(t.error, "");
    // The pixel's diamond (its sides' middles), the margin held inside the picture.
    EXPECT_EQ(t.outline, (std::vector<glm::vec2>{{0, 2}, {1, 0}, {2, 2}, {1, 4}}));
    // The same in pixels, on half pixels.
    std::vector<glm::vec2> rig, pixels;
    const PictureOutlineJob both{one.rgba, 1, 1, {2, 4}, exact, &rig, &pixels};
    ASSERT_TRUE(both.run().ok());
    EXPECT_EQ(rig, t.outline);
    EXPECT_EQ(pixels, (std::vector<glm::vec2>{{0, 0.5f}, {0.5f, 0}, {1, 0.5f}, {0.5f, 1}}));
    // A tolerance of a pixel leaves a triangle: never fewer than three vertices.
    const TracedOutline coarse = trace_outline(one, {2, 4});
    ASSERT_EQ(coarse.error, "");
    EXPECT_EQ(coarse.outline.size(), 3u);
    EXPECT_NEAR(test::polygon_area(coarse.outline), 2.0, 1e-6);

    const AlphaPicture empty = test::alpha_picture(16, 8, [](int, int) -> std::uint8_t { return 8; });
    EXPECT_EQ(trace_outline(empty, {16, 8}).error, "picture outline: no pixel has an alpha above 8");
}

TEST(PictureOutline, OnlyTheLargestIslandIsKept) {
    const AlphaPicture two = test::alpha_picture(40, 20, [](int x, int y) -> std::uint8_t {
        return (x >= 2 && x < 10 && y >= 12 && y < 18) || (x >= 20 && x < 38 && y >= 2 && y < 14) ? 255 : 0;  // the small one lowest
    });
    const TracedOutline t = trace_outline(two, {40, 20}, close_settings());
    ASSERT_EQ(t.error, "");
    EXPECT_GE(outline_low(t.outline).x, 19.5f);
    EXPECT_NEAR(test::polygon_area(t.outline), 18.0 * 12.0 - 0.5, 1e-3);
}

TEST(PictureOutline, TheVertexBudgetHoldsOnNoise) {
    // Speckle: thousands of tiny islands and holes; the outline stays simple and in budget.
    const AlphaPicture noise = test::alpha_picture(300, 200, [](int x, int y) -> std::uint8_t {
        unsigned h = static_cast<unsigned>(x) * 73856093u ^ static_cast<unsigned>(y) * 19349663u;
        h ^= h >> 13;
        h *= 0x5bd1e995u;
        return (h % 7u) < 4u ? 255 : 0;
    });
    for (const std::size_t budget : {std::size_t(3), std::size_t(8), std::size_t(64), std::size_t(300), std::size_t(4096)}) {
        OutlineSettings settings;
        settings.margin = 0;
        settings.tolerance = 2.0f;  // simplified far enough that unchecked chords would cross
        settings.max_vertices = budget;
        const TracedOutline t = trace_outline(noise, {30, 20}, settings);
        ASSERT_EQ(t.error, "") << budget;
        EXPECT_LE(t.outline.size(), budget);
        EXPECT_GE(t.outline.size(), 3u);
        EXPECT_FALSE(simple_polygon_problem(t.outline).has_value()) << budget;
    }
}

TEST(PictureOutline, BadInputsAreRefused) {
    const AlphaPicture one = test::alpha_picture(2, 2, [](int, int) -> std::uint8_t { return 255; });
    std::vector<glm::vec2> out;
    const auto refusal = [&](PictureOutlineJob job) {
        const Status s = job.validate();
        return s.ok() ? std::string("accepted") : s.message();
    };
    const PictureOutlineJob good{one.rgba, 2, 2, {1, 1}, {}, &out, nullptr};
    EXPECT_EQ(refusal(good), "accepted");
    PictureOutlineJob job = good;
    job.width = 3;
    EXPECT_EQ(refusal(job), "picture outline: the pixels are not 4 bytes each of a 3 x 2 picture");
    job = good;
    job.size = {0, 1};
    EXPECT_EQ(refusal(job), "picture outline: the size must be above 0 and at most 1e15 each way");
    job = good;
    job.settings.tolerance = std::nanf("");
    EXPECT_EQ(refusal(job), "picture outline: the tolerance must be finite and >= 0");
    job = good;
    job.settings.max_vertices = 2;
    EXPECT_EQ(refusal(job), "picture outline: the outline's vertices at most are 3 to 4096");
    job = good;
    job.height = 0;
    EXPECT_EQ(refusal(job), "picture outline: a picture is 1 to 8192 pixels a side, not 2 x 0");
}
