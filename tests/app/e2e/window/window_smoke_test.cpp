// Opens the real editor window under Xvfb, draws frames, saves a screenshot and exits; then
// checks the pixels: bones are drawn in bone colour, the background is the background.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"

using namespace marionette::testing;

namespace {

class WindowSmoke : public ::testing::TestWithParam<const char*> {};

}  // namespace

TEST_P(WindowSmoke, OpensDrawsBonesAndExits) {
    const auto shot =
        std::filesystem::temp_directory_path() / ("marionette-smoke-" + std::to_string(::getpid()) + "-" + GetParam() + ".png");
    std::filesystem::remove(shot);
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/" + GetParam() + ".json";
    ASSERT_EQ(run(xvfb("--frames 10 --screenshot " + shot.string() + " " + rig)), 0);

    const Image img = load_png(shot);
    ASSERT_EQ(img.width, 1280);
    ASSERT_EQ(img.height, 800);
    long bone = 0;
    for (int y = 0; y < img.height; ++y) {
        for (int x = 240; x < img.width - 300; ++x) bone += is_bone_coloured(img.at(x, y));  // the viewport, between the panels
    }
    // Hundreds of bone pixels in the viewport, but far from all of it.
    EXPECT_GT(bone, 300);
    EXPECT_LT(bone, static_cast<long>(img.width) * img.height / 10);
    // The viewport's top-right corner (left of the inspector, below the toolbar) is empty: the
    // background colour (0.13, 0.14, 0.16).
    const unsigned char* corner = img.at(img.width - 300 - 5, 32 + 5);
    EXPECT_NEAR(corner[0], 33, 3);
    EXPECT_NEAR(corner[1], 36, 3);
    EXPECT_NEAR(corner[2], 41, 3);
    std::filesystem::remove(shot);
}

INSTANTIATE_TEST_SUITE_P(Rigs, WindowSmoke, ::testing::Values("hero", "arm", "humanoid", "tentacle"));

TEST(WindowSmoke, DefaultRigOpensWithoutArguments) { EXPECT_EQ(run(xvfb("--frames 3")), 0); }

TEST(WindowSmoke, BadFileExitsOneBeforeOpeningAWindow) {
    // Appended step by step: GCC 12 with LTO warns wrongly (stringop-overflow) on one long sum.
    std::string command = MARIONETTE_BINARY;
    command.append(" ").append(MARIONETTE_ASSETS).append("/../../tests/data/bad/cycle.json").append(" 2>/dev/null");
    EXPECT_EQ(run(command), 1);
}

// A chain 100,000 bones deep (the outliner once drew the tree recursively and overflowed the
// stack): the editor opens it, draws it and exits normally.
TEST(WindowSmokeDeep, AHundredThousandBoneChainOpens) {
    const auto dir = scratch_dir("deep");
    std::string text = R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "b0", "length": 1})";
    for (int i = 1; i < 100000; ++i) {
        text += R"(, {"name": "b)" + std::to_string(i) + R"(", "parent": "b)" + std::to_string(i - 1) +
                R"(", "length": 1, "translation": [1, 0]})";
    }
    text += "]}";
    write_file(dir / "deep.json", text);
    EXPECT_EQ(run(xvfb("--frames 3 --screenshot " + (dir / "deep.png").string() + " " + (dir / "deep.json").string())), 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "deep.png"));
    std::filesystem::remove_all(dir);
}
