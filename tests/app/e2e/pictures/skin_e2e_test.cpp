// Skins in the real window: the outliner's skin list shows a skin, and each slot draws that
// skin's attachment of the name it asks for, else its own; "New skin" makes one and shows it;
// undo takes it back; the saved file holds what the window showed.

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette::testing;

namespace {

void write_plain_png(const std::filesystem::path& file, unsigned char r, unsigned char g, unsigned char b) {
    std::vector<unsigned char> rgba;
    for (int i = 0; i < 16; ++i) rgba.insert(rgba.end(), {r, g, b, 255});
    ASSERT_NE(stbi_write_png(file.c_str(), 4, 4, 4, rgba.data(), 16), 0) << file;
}

bool is_skin_red(const unsigned char* p) { return p[0] > 200 && p[1] < 40 && p[2] < 40; }
bool is_skin_blue(const unsigned char* p) { return p[2] > 200 && p[0] < 40 && p[1] < 40; }

}  // namespace

TEST(SkinViewport, TheOutlinersSkinListSwitchesWhatTheSlotsDrawAndNewSkinsAreSaved) {
    const auto dir = scratch_dir("e2e-skins");
    write_plain_png(dir / "red.png", 255, 0, 0);
    write_plain_png(dir / "blue.png", 0, 0, 255);
    // "body" asks for "look": its own is red, the girl's blue.
    write_file(dir / "dressed.json", R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 100 } ],
      "skins": ["girl"],
      "slots": [ { "name": "body", "bone": "body", "attachment": "look", "attachments": [
          { "name": "look", "image": "red.png", "size": [200, 200], "offset": [50, 0] },
          { "name": "look", "image": "blue.png", "size": [200, 200], "offset": [50, 0], "skin": "girl" } ] } ] })");
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 3},
        {"screenshot": ")" + shot("own.png") +
                                       R"("},
        {"click": {"ui": "outliner/skins/girl"}},
        {"wait": 2},
        {"screenshot": ")" + shot("girl.png") +
                                       R"("},
        {"save": "girl.json"},
        {"click": {"ui": "outliner/skins/new"}},
        {"wait": 2},
        {"screenshot": ")" + shot("new.png") +
                                       R"("},
        {"save": "new.json"},
        {"key": "ctrl+z"},
        {"wait": 2},
        {"screenshot": ")" + shot("undone.png") +
                                       R"("},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "dressed.json").string())), 0);
    const Image own = load_png(dir / "own.png"), girl = load_png(dir / "girl.png"), made = load_png(dir / "new.png"),
                undone = load_png(dir / "undone.png");
    ASSERT_GT(own.width, 0);
    EXPECT_GT(count_in_viewport(own, is_skin_red), 5000) << "no skin shown: the slot's own picture";
    EXPECT_EQ(count_in_viewport(own, is_skin_blue), 0);
    EXPECT_GT(count_in_viewport(girl, is_skin_blue), 5000) << "the girl's picture of the name the slot asks for";
    EXPECT_EQ(count_in_viewport(girl, is_skin_red), 0);
    EXPECT_GT(count_in_viewport(made, is_skin_red), 5000) << "a new skin has no picture of its own: the slot's own shows";
    EXPECT_GT(count_in_viewport(undone, is_skin_blue), 5000) << "undo: the girl again";

    const Rig shown = load(dir / "girl.json");
    EXPECT_EQ(shown.skin, 0);
    const Rig saved = load(dir / "new.json");
    ASSERT_EQ(saved.skins.size(), 2u);
    EXPECT_EQ(saved.skins[1].name, "skin");
    EXPECT_EQ(saved.skin, 1);
    const Rig back = load(dir / "undone.json");
    EXPECT_EQ(back.skins.size(), 1u);
    EXPECT_EQ(back.skin, 0);
    std::filesystem::remove_all(dir);
}
