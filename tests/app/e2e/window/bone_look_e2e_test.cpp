// How bones look in the real editor's pixels: a darker outline round a lighter fill, smoothed
// edges, a hollow ring at each joint, a bone's own colour from the file, the selection outlined.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include <glm/glm.hpp>

#include "app/app_test_support.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// Four roots, 2 pixels a unit, off the grid's axes: "arm" 200 long along x (the default
// colour), "marker" of no length 120 above its joint (only its ring shows), "blue" 200 long 120
// below, in its own colour, and "short", 4 pixels long, 60 above and 100 right of the arm's joint
// (too short on screen for a ring).
constexpr const char* kRig = R"({"format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [
    {"name": "arm", "length": 200, "translation": [20, 10]},
    {"name": "marker", "length": 0, "translation": [20, 130]},
    {"name": "blue", "length": 200, "translation": [20, -110], "color": [0.2, 0.4, 0.9]},
    {"name": "short", "length": 2, "translation": [120, 70]}
  ],
  "editor": {"camera": {"center": [120, 10], "pixels_per_unit": 2}}})";
constexpr int kPixelsPerUnit = 2;

bool is_default_fill(const unsigned char* p) { return std::abs(p[0] - 245) < 12 && std::abs(p[1] - 189) < 12 && std::abs(p[2] - 82) < 12; }
bool is_blue_fill(const unsigned char* p) { return std::abs(p[0] - 51) < 12 && std::abs(p[1] - 102) < 12 && std::abs(p[2] - 230) < 12; }

// The arm's axis: the row with the longest run of default-fill pixels.
int find_arm_axis(const Image& img) {
    int axis = -1;
    int best = 0;
    for (int y = 70; y < 770; ++y) {
        int run = 0;
        for (int x = 0; x < img.width; ++x) {
            run = is_default_fill(img.at(x, y)) ? run + 1 : 0;
            if (run > best) {
                best = run;
                axis = y;
            }
        }
    }
    return axis;
}

// The centre of the warm pixels in rows [y0, y1) of the viewport: a ring's, when it is the only
// warm thing there.
glm::ivec2 warm_centre(const Image& img, int y0, int y1) {
    double sx = 0, sy = 0, n = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = 245; x < 975; ++x) {
            if (!is_warm(img.at(x, y))) continue;
            sx += static_cast<double>(x);
            sy += static_cast<double>(y);
            n += 1.0;
        }
    }
    if (n == 0.0) return {-1, -1};
    return {static_cast<int>(std::lround(sx / n)), static_cast<int>(std::lround(sy / n))};
}

Image run_script(const std::filesystem::path& dir, const std::string& steps, const std::string& env = "") {
    write_file(dir / "look.json", kRig);
    write_file(dir / "steps.json", steps);
    EXPECT_EQ(run(env + script_on(dir, "look.json")), 0);
    return load_png(dir / "shot.png");
}

// Pixels between the arm's dark outline and the background above its axis, right of its waist:
// what smoothing its slanted edges leaves.
int blended_edge_pixels(const Image& img, int waist_x, int axis_y) {
    int blended = 0;
    for (int x = waist_x; x < waist_x + 300; ++x) {
        for (int y = axis_y - 30; y < axis_y; ++y) {
            const unsigned char* p = img.at(x, y);
            blended += p[0] > 42 && p[0] < 88 && p[0] > p[2] + 6 ? 1 : 0;
        }
    }
    return blended;
}

}  // namespace

TEST(ScriptedBoneLook, TwoDimensionalBonesHaveADarkerOutlineSmoothEdgesAndHollowJointRings) {
    const auto dir = scratch_dir("e2e-bone-look");
    const Image img = run_script(dir, R"({"steps": [{"wait": 2}, {"screenshot": "shot.png"}]})");
    ASSERT_GT(img.width, 0);
    const int axis_y = find_arm_axis(img);
    ASSERT_GT(axis_y, 0) << "the arm's fill was not found";
    // The marker's ring, 120 units above the arm's joint, the only warm thing in its rows.
    const int above = axis_y - 120 * kPixelsPerUnit;
    const glm::ivec2 c = warm_centre(img, above - 20, above + 20);
    ASSERT_GE(c.x, 0) << "no ring at the marker's joint";
    EXPECT_NEAR(c.y, above, 1);
    const int joint_x = c.x;

    // Up and down the arm's widest column (its waist, 15% along): fill, then the darker outline,
    // then the background.
    const int waist_x = joint_x + static_cast<int>(0.15f * 200 * kPixelsPerUnit);
    for (const int dir_y : {-1, 1}) {
        int y = axis_y;
        while (is_default_fill(img.at(waist_x, y))) y += dir_y;
        int outline = 0;
        for (int k = 0; k < 4; ++k)
            outline += is_dark_warm(img.at(waist_x, y + dir_y * k)) && img.at(waist_x, y + dir_y * k)[0] < 120 ? 1 : 0;
        EXPECT_GE(outline, 1) << "no dark outline past the fill at (" << waist_x << ", " << y << ")";
        EXPECT_TRUE(is_background(img.at(waist_x, y + dir_y * 6))) << "the shape does not end by " << y + dir_y * 6;
    }
    // The slanted edges are smoothed: pixels part outline, part background, between the two.
    EXPECT_GT(blended_edge_pixels(img, waist_x, axis_y), 40) << "the edges are jagged: no pixel between the outline and the background";

    // The ring is hollow (the background at its centre), the bone's colour round it.
    const int cx = c.x;
    const int cy = c.y;
    EXPECT_TRUE(is_background(img.at(cx, cy))) << "the ring is not hollow";
    int ring = 0;
    for (int y = cy - 6; y <= cy + 6; ++y) {
        for (int x = cx - 6; x <= cx + 6; ++x) {
            const unsigned char* p = img.at(x, y);
            ring += p[0] > 150 && p[0] > p[2] + 40 ? 1 : 0;
        }
    }
    EXPECT_GE(ring, 20) << "no ring round the marker's joint";
    // A bone a few pixels long on screen has no ring over it (a ring is at most a quarter of its
    // bone's length on screen): only the bone's own faint pixels.
    const int short_x = cx + 100 * kPixelsPerUnit;
    const int short_y = axis_y - 60 * kPixelsPerUnit;
    int short_drawn = 0;
    int short_warm = 0;
    for (int y = short_y - 6; y <= short_y + 6; ++y) {
        for (int x = short_x - 6; x <= short_x + 6; ++x) {
            const unsigned char* p = img.at(x, y);
            short_drawn += p[0] > p[2] + 10 ? 1 : 0;  // warmer than the grey-blue background
            short_warm += p[0] > 150 && p[0] > p[2] + 40 ? 1 : 0;
        }
    }
    EXPECT_GE(short_drawn, 1) << "the short bone is not drawn at (" << short_x << ", " << short_y << ")";
    EXPECT_LT(short_warm, 12) << "a ring covers the short bone";

    // The blue bone is drawn in the colour its file gives it.
    int blue = 0;
    for (int y = 70; y < 770; ++y) {
        for (int x = 0; x < img.width; ++x) blue += is_blue_fill(img.at(x, y)) ? 1 : 0;
    }
    EXPECT_GT(blue, 400) << "the bone's own colour is not drawn";
    std::filesystem::remove_all(dir);
}

TEST(ScriptedBoneLook, TheSelectedBoneIsOutlinedInLight) {
    const auto dir = scratch_dir("e2e-bone-look-selected");
    const Image img = run_script(dir, R"({"steps": [{"select": ["arm"]}, {"wait": 2}, {"screenshot": "shot.png"}]})");
    ASSERT_GT(img.width, 0);
    // The arm is orange now; find its axis as the row with most selection-orange pixels.
    int axis_y = -1;
    int best = 0;
    int first_x = -1;
    for (int y = 70; y < 770; ++y) {
        int n = 0;
        int x0 = -1;
        for (int x = 0; x < img.width; ++x) {
            if (is_selected_orange(img.at(x, y))) {
                ++n;
                if (x0 < 0) x0 = x;
            }
        }
        if (n > best) {
            best = n;
            axis_y = y;
            first_x = x0;
        }
    }
    ASSERT_GT(best, 300) << "the selected arm is not orange";
    // Past the fill, up the waist's column, the light outline, two or three pixels of it.
    const int waist_x = first_x + static_cast<int>(0.15f * 200 * kPixelsPerUnit);
    int y = axis_y;
    while (is_selected_orange(img.at(waist_x, y))) --y;
    int light = 0;
    for (int k = 0; k < 5; ++k) light += is_light_outline(img.at(waist_x, y - k)) ? 1 : 0;
    EXPECT_GE(light, 2) << "no light outline round the selected bone at (" << waist_x << ", " << y << ")";
    // An unselected bone has none (the arm is 48 pixels wide either side of its axis).
    int unselected_light = 0;
    for (int yy = 70; yy < 770; ++yy) {
        for (int x = 0; x < img.width; ++x) {
            const unsigned char* p = img.at(x, yy);
            unselected_light += is_light_outline(p) && std::abs(yy - axis_y) > 60 && x > 245 && x < 975 ? 1 : 0;
        }
    }
    EXPECT_LT(unselected_light, 20) << "light outlines away from the selected bone";
    std::filesystem::remove_all(dir);
}

TEST(ScriptedBoneLook, WithoutMultisamplingTheShadersStillSmoothTheEdges) {
    const auto dir = scratch_dir("e2e-bone-look-no-msaa");
    const Image img = run_script(dir, R"({"steps": [{"wait": 2}, {"screenshot": "shot.png"}]})", "MARIONETTE_MSAA=0 ");
    ASSERT_GT(img.width, 0);
    const int axis_y = find_arm_axis(img);
    ASSERT_GT(axis_y, 0);
    const int above = axis_y - 120 * kPixelsPerUnit;
    const glm::ivec2 c = warm_centre(img, above - 20, above + 20);
    ASSERT_GE(c.x, 0);
    EXPECT_GT(blended_edge_pixels(img, c.x + static_cast<int>(0.15f * 200 * kPixelsPerUnit), axis_y), 40);
    std::filesystem::remove_all(dir);
}
