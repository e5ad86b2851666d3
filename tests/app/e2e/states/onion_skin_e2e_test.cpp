// The onion skin in the real window (issue 17, point 5): toggled from the toolbar, ghosts of the
// shown state before (red) and after (green) the playhead appear under the puppet, in 2D and 3D.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

struct Tints {
    int red = 0;    // pixels redder than the bones (yellow), the grid (grey) and the handles
    int green = 0;  // greener
};

// In the viewport, above the state panel and below where the toolbar's tooltips show.
Tints tints(const Image& shot) {
    Tints t;
    for (int y = 70; y < 480; ++y) {
        for (int x = 245; x < 975; ++x) {
            const unsigned char* p = shot.at(x, y);
            const int r = p[0], g = p[1], b = p[2];
            if (r > g + 25 && r > b + 25 && g < 150) ++t.red;
            if (g > r + 25 && g > b + 15) ++t.green;
        }
    }
    return t;
}

Tints onion(const std::string& rig, const std::string& state, const char* name) {
    const auto dir = scratch_dir(std::string("e2e-onion-") + name);
    const std::string file = std::string(MARIONETTE_ASSETS) + "/" + rig;
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/)" +
                                       state + R"("}},
        {"wait": 40},
        {"move": {"ui": "states/tab/timeline"}},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 2},
        {"click": {"ui": "timeline/ruler", "offset": [-60, 0]}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "off.png").string() +
                                       R"("},
        {"click": {"ui": "toolbar/onion"}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "on.png").string() +
                                       R"("},
        {"wait": 40},
        {"click": {"ui": "toolbar/onion"}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "off_again.png").string() +
                                       R"("}
    ]})");
    EXPECT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + file)), 0);
    const Tints off = tints(load_png(dir / "off.png"));
    const Tints on = tints(load_png(dir / "on.png"));
    const Tints again = tints(load_png(dir / "off_again.png"));
    EXPECT_EQ(off.red, again.red) << "toggled off, the ghosts go";
    EXPECT_EQ(off.green, again.green);
    return Tints{on.red - off.red, on.green - off.green};
}

}  // namespace

TEST(ScriptedOnionSkin, GhostsBeforeAndAfterThePlayheadIn2D) {
    const Tints added = onion("arm.json", "wave", "2d");
    EXPECT_GT(added.red, 300) << "ghosts before the playhead, red";
    EXPECT_GT(added.green, 300) << "ghosts after it, green";
}

TEST(ScriptedOnionSkin, GhostsIn3DToo) {
    const Tints added = onion("humanoid.json", "walk", "3d");
    EXPECT_GT(added.red, 100);
    EXPECT_GT(added.green, 100);
}
