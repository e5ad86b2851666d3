// The View menu's UI scale and theme in the real editor: chosen with the mouse, seen in the
// pixels (the panels twice as wide, light), remembered in the settings file for the next run,
// and --ui-scale / --theme over them for one run.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// A dark panel's share of light pixels: its text (bone names) only.
constexpr float kDarkPanel = 0.2f;

float luminance(const unsigned char* p) { return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]; }

// The share of a column strip's pixels (x in [x0, x1), the middle of the window's height) that
// are light: a light panel's background, not the dark viewport or a dark panel.
float light_share(const Image& img, int x0, int x1) {
    int light = 0, all = 0;
    for (int y = 300; y < 500; ++y) {
        for (int x = x0; x < x1; ++x, ++all) light += luminance(img.at(x, y)) > 180.0f ? 1 : 0;
    }
    return static_cast<float>(light) / static_cast<float>(all);
}

// The share of a strip's pixels that show the viewport's background: its dark bluish grey, not a
// panel's near-neutral window colour or its blue headers.
float viewport_share(const Image& img, int x0, int x1, int y0 = 300, int y1 = 500) {
    int bg = 0, all = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x, ++all) {
            // The viewport's clear colour (33, 36, 41) and its grid, bluish; a dark panel is a
            // near-neutral (16, 16, 17): its window colour, nearly opaque, over that.
            const unsigned char* p = img.at(x, y);
            const int blue = p[2] - p[0];
            const int green = p[1] - p[0];
            bg += blue >= 4 && blue <= 16 && green >= 0 && green <= 8 && luminance(p) > 25.0f && luminance(p) < 80.0f ? 1 : 0;
        }
    }
    return static_cast<float>(bg) / static_cast<float>(all);
}

}  // namespace

TEST(ScriptedAppearance, TheViewMenuScalesAndLightensThePanelsAndTheNextRunRemembers) {
    const auto dir = scratch_dir("e2e-appearance");
    shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"screenshot": "before.png"},
        {"click": {"ui": "toolbar/view"}},
        {"wait": 2},
        {"move": {"ui": "view/scale"}},
        {"wait": 3},
        {"click": {"ui": "view/scale/200%"}},
        {"wait": 3},
        {"screenshot": "scaled.png"},
        {"click": {"ui": "toolbar/view"}},
        {"wait": 2},
        {"move": {"ui": "view/theme"}},
        {"wait": 3},
        {"click": {"ui": "view/theme/light"}},
        {"wait": 3},
        {"screenshot": "light.png"}
    ]})");
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    ASSERT_EQ(run(env + xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "hero.json").string())), 0);

    // At 100% the outliner ends at 240 px: x in [260, 330) is viewport. At 200% the side
    // panels would take 1080 of 1280 px; they give way to keep 40% for the viewport: the
    // outliner is 341 wide (panel_sizes.hpp).
    const Image before = load_png(dir / "before.png");
    EXPECT_GT(viewport_share(before, 260, 330), 0.9f);
    EXPECT_LT(light_share(before, 20, 200), kDarkPanel);
    const Image scaled = load_png(dir / "scaled.png");
    EXPECT_LT(viewport_share(scaled, 260, 330), 0.05f) << "the outliner did not grow over x 260..330";
    EXPECT_GT(viewport_share(scaled, 400, 800), 0.5f) << "the viewport is gone";
    const Image light = load_png(dir / "light.png");
    EXPECT_GT(light_share(light, 20, 200), 0.6f) << "the outliner is not light";
    EXPECT_LT(light_share(scaled, 20, 200), kDarkPanel);

    // Remembered: the settings file says so, and a scripted run reading it starts that way.
    const std::string settings = read_file(dir / "config" / "settings.json");
    EXPECT_NE(settings.find(R"("scale": 2.0)"), std::string::npos) << settings;
    EXPECT_NE(settings.find(R"("theme": "light")"), std::string::npos) << settings;
    ASSERT_EQ(
        run(env + xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "again.png").string() + " " + (dir / "hero.json").string())),
        0);
    const Image again = load_png(dir / "again.png");
    EXPECT_GT(light_share(again, 20, 200), 0.6f);
    EXPECT_LT(viewport_share(again, 260, 330), 0.05f);

    // The command line wins for its run, and leaves the remembered choice as it was.
    ASSERT_EQ(run(env + xvfb("--window 1280x800 --ui-scale 1 --theme dark --frames 3 --screenshot " + (dir / "dark.png").string() + " " +
                             (dir / "hero.json").string())),
              0);
    const Image dark = load_png(dir / "dark.png");
    EXPECT_GT(viewport_share(dark, 260, 330), 0.9f);
    EXPECT_LT(light_share(dark, 20, 200), kDarkPanel);
    const std::string after = read_file(dir / "config" / "settings.json");
    EXPECT_NE(after.find(R"("scale": 2.0)"), std::string::npos) << after;
    EXPECT_NE(after.find(R"("theme": "light")"), std::string::npos) << after;
    std::filesystem::remove_all(dir);
}

TEST(ScriptedAppearance, WithoutItsFontTheEditorRunsOnTheBuiltInOneAndSaysSo) {
    const auto dir = scratch_dir("e2e-appearance-font");
    shipped_at_rest(dir, "hero.json");
    const std::string font = (dir / "nowhere.ttf").string();
    ASSERT_EQ(run("MARIONETTE_UI_FONT=" + font + " " +
                  xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "shot.png").string() + " " + (dir / "hero.json").string() +
                       " 2> " + (dir / "err.txt").string())),
              0);
    const std::string err = read_file(dir / "err.txt");
    EXPECT_NE(err.find(font + ": cannot open"), std::string::npos) << err;
    EXPECT_NE(err.find("the built-in font stands in"), std::string::npos) << err;
    // The panels still have their text: light pixels in the dark outliner (the bones' names).
    const Image shot = load_png(dir / "shot.png");
    int text = 0;
    for (int y = 40; y < 300; ++y) {
        for (int x = 10; x < 200; ++x) text += luminance(shot.at(x, y)) > 180.0f ? 1 : 0;
    }
    EXPECT_GT(text, 200);
    std::filesystem::remove_all(dir);
}

TEST(ScriptedPanelEdges, DraggingAnEdgeResizesThePanelAndTheNextRunRemembers) {
    const auto dir = scratch_dir("e2e-panel-edges");
    shipped_at_rest(dir, "hero.json");
    // The outliner's edge (x 240) grabbed 2 points inside the panel, on its drawn border,
    // and let go at 298: 300 wide; then grabbed at its strip's middle (x 301, 1 past it) and
    // let go at 361: 360. The inspector's at its strip's middle (979, 1 short of its 980) to
    // 919: 360. The viewport keeps 560 of 1280. Most of each strip lies over the viewport: a
    // press there is no box selection (which, catching no bone, would leave nothing selected).
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"select": ["body"]},
        {"wait": 2},
        {"drag": {"from": [238, 400], "to": [298, 400], "moves": 8}},
        {"wait": 2},
        {"screenshot": "grabbed.png"},
        {"drag": {"from": {"ui": "edge/outliner"}, "to": [361, 400], "moves": 8}},
        {"drag": {"from": {"ui": "edge/inspector"}, "to": [919, 400], "moves": 8}},
        {"expect": {"selected": ["body"]}},
        {"wait": 3},
        {"screenshot": "wide.png"}
    ]})");
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    ASSERT_EQ(run(env + xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "hero.json").string())), 0);
    EXPECT_LT(viewport_share(load_png(dir / "grabbed.png"), 250, 290), 0.05f) << "a press on the drawn border did not grab it";
    const Image wide = load_png(dir / "wide.png");
    EXPECT_LT(viewport_share(wide, 260, 350), 0.05f) << "the outliner did not grow to 360";
    EXPECT_GT(viewport_share(wide, 380, 420), 0.5f);
    EXPECT_LT(viewport_share(wide, 930, 1000), 0.05f) << "the inspector did not grow to 360";
    EXPECT_GT(viewport_share(wide, 860, 900), 0.5f);
    const std::string settings = read_file(dir / "config" / "settings.json");
    EXPECT_NE(settings.find(R"("outliner_width": 360.0)"), std::string::npos) << settings;
    EXPECT_NE(settings.find(R"("inspector_width": 360.0)"), std::string::npos) << settings;
    // The next run starts with them.
    ASSERT_EQ(
        run(env + xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "again.png").string() + " " + (dir / "hero.json").string())),
        0);
    const Image again = load_png(dir / "again.png");
    EXPECT_LT(viewport_share(again, 260, 350), 0.05f);
    EXPECT_LT(viewport_share(again, 930, 1000), 0.05f);
    std::filesystem::remove_all(dir);
}

TEST(ScriptedPanelEdges, AnEightHundredBySixHundredWindowWrapsTheToolbarAndKeepsAViewport) {
    const auto dir = scratch_dir("e2e-small-window");
    shipped_at_rest(dir, "hero.json");
    // Every toolbar button is reachable (a mark exists only where it is drawn): the state
    // panel's button opens it, the onion's and the help's work.
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 3},
        {"click": {"ui": "toolbar/onion"}},
        {"wait": 3},
        {"screenshot": "small.png"},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 3},
        {"expect": {"state": "walking"}}
    ]})");
    ASSERT_EQ(run(xvfb("--window 800x600 --script " + (dir / "steps.json").string() + " " + (dir / "hero.json").string())), 0);
    const Image small = load_png(dir / "small.png");
    ASSERT_EQ(small.width, 800);
    // The viewport keeps 40% of the width: its middle column shows the background.
    EXPECT_GT(viewport_share(small, 380, 420, 100, 250), 0.3f);
    std::filesystem::remove_all(dir);
}

// The look is applied as the editor starts; a rig saved with its camera (zoomed in here) opens
// with that camera, not framed anew (a change of the look later frames the puppet again).
TEST(ScriptedAppearance, ARigsSavedCameraSurvivesTheLookBeingAppliedAtStart) {
    const auto dir = scratch_dir("e2e-appearance-camera");
    shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"move": [700, 300]},
        {"wait": 2},
        {"wheel": 6},
        {"wait": 2},
        {"move": [640, 790]},
        {"wait": 3},
        {"save": "zoomed.json"},
        {"screenshot": "zoomed.png"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "hero.json").string())), 0);
    ASSERT_EQ(
        run(xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "reopened.png").string() + " " + (dir / "zoomed.json").string())),
        0);
    ASSERT_EQ(run(xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "framed.png").string() + " " + (dir / "hero.json").string())),
              0);
    const Image zoomed = load_png(dir / "zoomed.png");
    const Image reopened = load_png(dir / "reopened.png");
    const Image framed = load_png(dir / "framed.png");
    EXPECT_GT(viewport_differences(zoomed, framed), 20000) << "the wheel did not zoom";
    EXPECT_LT(viewport_differences(zoomed, reopened), 500) << "the saved camera was not kept";
    std::filesystem::remove_all(dir);
}

// At 1.5x in the default 1280x800 window the toolbar, across the window, is one row: the
// viewport starts under it (in the viewport's column alone it took three rows, and the
// outliner's pose library fell under the window's edge; pose_clipboard_e2e_test has that).
// Where the words do not all fit, the buttons show their symbols alone rather than wrap.
TEST(ScriptedPanelEdges, AtOneAndAHalfTimesTheToolbarIsOneRowAcrossTheWindow) {
    const auto dir = scratch_dir("e2e-toolbar-scaled");
    ASSERT_EQ(run(xvfb("--window 1280x800 --ui-scale 1.5 --frames 4 --screenshot " + (dir / "scaled.png").string() + " " +
                       std::string(MARIONETTE_ASSETS) + "/io.json")),
              0);
    const Image img = load_png(dir / "scaled.png");
    // Under one row of 1.5x buttons (about 50 pixels), above Io's head: the viewport's grid.
    EXPECT_GT(viewport_share(img, 560, 720, 58, 66), 0.5f) << "the toolbar reaches past one row";
    EXPECT_LT(viewport_share(img, 560, 720, 10, 30), 0.05f) << "no toolbar row at the top";
}
