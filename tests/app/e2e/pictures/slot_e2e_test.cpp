// A 2D puppet's pictures in the real window: drawn in slot order with premultiplied alpha (a
// half-transparent picture over another mixes them; a see-through edge picks up no colour from
// the invisible pixels beside it), filtered linearly, the bones over them or under them (X-ray,
// Alt+Z), hidden with Alt+H, and a missing picture shown as a magenta checker.

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image_write.h>
#include <nlohmann/json.hpp>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette::testing;

namespace {

void write_png(const std::filesystem::path& file, int width, int height, const std::vector<unsigned char>& rgba) {
    ASSERT_NE(stbi_write_png(file.c_str(), width, height, 4, rgba.data(), width * 4), 0) << file;
}

// A `side` x `side` picture of one colour.
std::vector<unsigned char> plain(unsigned char r, unsigned char g, unsigned char b, unsigned char a, int side = 4) {
    std::vector<unsigned char> out;
    for (int i = 0; i < side * side; ++i) out.insert(out.end(), {r, g, b, a});
    return out;
}

std::string slot(const std::string& name, const std::string& image, int width, int height, int x, int y) {
    return R"({ "name": ")" + name + R"(", "bone": "body", "attachment": "a", "attachments": [ { "name": "a", "image": ")" + image +
           R"(", "size": [)" + std::to_string(width) + ", " + std::to_string(height) + R"(], "offset": [)" + std::to_string(x) + ", " +
           std::to_string(y) + "] } ] }";
}

// One bone, 100 long, at `origin`, with `slots` (bottom first).
std::string puppet(const std::string& origin, const std::vector<std::string>& slots) {
    std::string list;
    for (const std::string& s : slots) list += (list.empty() ? "" : ", ") + s;
    return R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 100, "translation": )" +
           origin + R"( } ], "slots": [ )" + list + " ] }";
}

bool is_red(const unsigned char* p) { return p[0] > 200 && p[1] < 40 && p[2] < 40; }
// Half-transparent blue over red, premultiplied: (128, 0, 127).
bool is_purple(const unsigned char* p) { return p[0] > 100 && p[0] < 156 && p[2] > 100 && p[2] < 156 && p[1] < 30; }
bool is_magenta(const unsigned char* p) { return p[0] > 200 && p[2] > 200 && p[1] < 60; }

}  // namespace

TEST(SlotViewport, PicturesAreDrawnInSlotOrderBlendedWithBonesOverOrUnderThem) {
    const auto dir = scratch_dir("e2e-slots");
    write_png(dir / "red.png", 4, 4, plain(255, 0, 0, 255));
    write_png(dir / "blue.png", 4, 4, plain(0, 0, 255, 128));
    // Bottom to top: red, half-transparent blue over its middle (the bone inside both), and a
    // picture whose file is missing, beside them.
    const std::string red = slot("back", "red.png", 200, 200, 50, 0), blue = slot("front", "blue.png", 100, 100, 50, 0),
                      lost = slot("lost", "pictures/lost.png", 60, 60, 200, 0);
    write_file(dir / "puppet.json", puppet("[0, 0]", {red, blue, lost}));
    write_file(dir / "swapped.json", puppet("[0, 0]", {blue, red, lost}));
    write_file(dir / "slots.json", R"({"steps": [
        {"wait": 3},
        {"screenshot": "over.png"},
        {"key": "alt+z"},
        {"wait": 2},
        {"screenshot": "under.png"},
        {"key": "alt+z"},
        {"key": "alt+h"},
        {"wait": 2},
        {"screenshot": "hidden.png"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "slots.json").string() + " " + (dir / "puppet.json").string())), 0);
    ASSERT_EQ(
        run(xvfb("--window 1280x800 --frames 3 --screenshot " + (dir / "swapped.png").string() + " " + (dir / "swapped.json").string())),
        0);
    const Image over = load_png(dir / "over.png"), under = load_png(dir / "under.png"), hidden = load_png(dir / "hidden.png"),
                swapped = load_png(dir / "swapped.png");
    ASSERT_GT(over.width, 0);
    ASSERT_GT(swapped.width, 0);
    const int purple = count_in_viewport(over, is_purple);
    EXPECT_GT(count_in_viewport(over, is_red), 5000) << "the red picture shows around the blue one";
    EXPECT_GT(purple, 5000) << "the half-transparent blue mixes with the red under it";
    EXPECT_GT(count_in_viewport(over, is_magenta), 1000) << "the missing picture shows a magenta checker";
    EXPECT_LT(count_in_viewport(swapped, is_purple), purple / 50) << "drawn first, the blue is covered by the opaque red";
    EXPECT_GT(count_in_viewport(swapped, is_red), count_in_viewport(over, is_red) + purple / 2);
    // The bone lies inside both pictures: drawn over them, or covered (X-ray off).
    const int bones_over = count_in_viewport(over, is_bone_coloured), bones_under = count_in_viewport(under, is_bone_coloured);
    EXPECT_GT(bones_over, 500);
    EXPECT_LT(bones_under, bones_over / 10) << bones_over << " vs " << bones_under;
    EXPECT_GT(count_in_viewport(under, is_purple), purple) << "the pictures show where the bone was";
    EXPECT_EQ(count_in_viewport(hidden, is_red) + count_in_viewport(hidden, is_purple) + count_in_viewport(hidden, is_magenta), 0)
        << "Alt+H hides the pictures";
    EXPECT_GT(count_in_viewport(hidden, is_bone_coloured), bones_over / 2) << "and leaves the bones";
    std::filesystem::remove_all(dir);
}

TEST(SlotViewport, PicturesAreFilteredLinearlyAndTheirSeeThroughEdgesPickUpNoColour) {
    const auto dir = scratch_dir("e2e-slot-filtering");
    // Two pixels each, stretched over 200 units: black to white, and opaque black to a green
    // that is fully transparent. Far from the world's origin, so no axis line is in view.
    write_png(dir / "ramp.png", 2, 1, {0, 0, 0, 255, 255, 255, 255, 255});
    write_png(dir / "edge.png", 2, 1, {0, 0, 0, 255, 0, 255, 0, 0});
    write_file(dir / "puppet.json",
               puppet("[5000, 5000]", {slot("ramp", "ramp.png", 200, 40, 50, -40), slot("edge", "edge.png", 200, 40, 50, 40)}));
    const auto shot = dir / "filtered.png";
    ASSERT_EQ(run(xvfb("--window 1280x800 --frames 3 --screenshot " + shot.string() + " " + (dir / "puppet.json").string())), 0);
    const Image img = load_png(shot);
    ASSERT_GT(img.width, 0);
    // Linear filtering makes greys between the two pixels; nearest would give black and white.
    const auto mid_grey = [](const unsigned char* p) {
        return p[0] > 100 && p[0] < 200 && std::abs(p[0] - p[1]) < 8 && std::abs(p[1] - p[2]) < 8;
    };
    EXPECT_GT(count_in_viewport(img, mid_grey), 3000);
    // Straight alpha would blend the invisible green into the fading edge; premultiplied, it
    // fades from black to the background (grey, green at most a few levels above red).
    const auto greenish = [](const unsigned char* p) { return p[1] > p[0] + 30; };
    EXPECT_EQ(count_in_viewport(img, greenish), 0);
    std::filesystem::remove_all(dir);
}

TEST(SlotViewport, APictureIsAddedPlacedAndDrawnBehindAnotherAsAUserDoes) {
    const auto dir = scratch_dir("e2e-slot-editing");
    // Io's bones without its own pictures.
    marionette::Rig io = marionette::testing::load(std::string(MARIONETTE_ASSETS) + "/io.json");
    io.slots.clear();
    ASSERT_TRUE(marionette::save_rig_file(io, dir / "io.json").ok());
    std::filesystem::create_directories(dir / "parts");
    write_png(dir / "parts" / "ball.png", 80, 80, plain(40, 120, 230, 255, 80));
    write_png(dir / "box.png", 60, 60, plain(230, 200, 60, 255, 60));
    write_file(dir / "not-a-picture.png", "text");
    // Select head, Add picture... from the inspector, choose parts/ball.png; select body and
    // drop box.png on the window (a file that is no picture first); E, drag the ball; Tab; drag
    // box onto ball in the draw order list; save.
    write_file(dir / "edit.json", R"({"steps": [
        {"wait": 3},
        {"click": {"bone": "head", "at": "middle"}},
        {"wait": 2},
        {"click": {"ui": "inspector/add picture"}},
        {"wait": 2},
        {"expect": {"dialog": "file chooser"}},
        {"text": "parts/ball.png"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}},
        {"screenshot": "added.png"},
        {"click": {"bone": "body", "at": "middle"}},
        {"drop": "not-a-picture.png"},
        {"drop": "box.png"},
        {"wait": 2},
        {"key": "e"},
        {"wait": 1},
        {"drag": {"from": {"slot": "ball"}, "to": {"slot": "ball", "offset": [60, 0]}, "moves": 6}},
        {"wait": 2},
        {"key": "Tab"},
        {"drag": {"from": {"ui": "outliner/slots/box"}, "to": {"ui": "outliner/slots/ball"}, "moves": 6}},
        {"wait": 2},
        {"save": "puppet.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "edit.json").string() + " " + (dir / "io.json").string())), 0);
    const auto blue = [](const unsigned char* p) { return p[2] > 200 && p[0] < 80 && p[1] > 90 && p[1] < 150; };
    EXPECT_GT(count_in_viewport(load_png(dir / "added.png"), blue), 5000) << "the ball is drawn on the head";
    const marionette::Rig saved = marionette::testing::load(dir / "puppet.json");
    ASSERT_EQ(saved.slots.size(), 2u) << "the file that is no picture added nothing";
    EXPECT_EQ(saved.slots[0].name, "box") << "moved behind the ball";
    EXPECT_EQ(saved.slots[1].name, "ball");
    EXPECT_EQ(saved.slots[0].bone, saved.skeleton.find("body"));
    EXPECT_EQ(saved.slots[1].bone, saved.skeleton.find("head"));
    EXPECT_EQ(saved.slots[1].attachments[0].image, "parts/ball.png");
    EXPECT_EQ(saved.slots[1].attachments[0].size, glm::vec2(80, 80)) << "one rig unit a pixel";
    // Dragged 60 pixels right in the world: the head points up, so its frame's -y.
    const glm::vec2 moved = saved.slots[1].attachments[0].offset - glm::vec2(50, 0);
    EXPECT_NEAR(moved.x, 0.0f, 1.0f);
    EXPECT_LT(moved.y, -10.0f);
    // One undo takes back the reordering alone.
    const marionette::Rig undone = marionette::testing::load(dir / "undone.json");
    ASSERT_EQ(undone.slots.size(), 2u);
    EXPECT_EQ(undone.slots[0].name, "ball");
    EXPECT_EQ(undone.slots[0].attachments[0].offset, saved.slots[1].attachments[0].offset);
    std::filesystem::remove_all(dir);
}

TEST(SlotViewport, PicturesThatAreNoPicturesOrTooLargeShowTheCheckerAndTheEditorRuns) {
    const auto dir = scratch_dir("e2e-slot-bad-pictures");
    // A PNG header claiming 100,000 x 100,000 pixels and nothing after it; a text file named .png.
    std::string huge = std::string("\x89PNG\r\n\x1a\n", 8) + std::string("\0\0\0\x0dIHDR", 8);
    for (std::uint32_t v : {100000u, 100000u}) {
        for (int shift = 24; shift >= 0; shift -= 8) huge.push_back(static_cast<char>((v >> shift) & 0xff));
    }
    huge += std::string("\x08\x06\0\0\0\0\0\0\0", 9);
    write_file(dir / "huge.png", huge);
    write_file(dir / "notes.png", "not a picture");
    write_file(dir / "puppet.json",
               puppet("[0, 0]", {slot("huge", "huge.png", 100, 100, 0, 0), slot("notes", "notes.png", 100, 100, 150, 0)}));
    const auto shot = dir / "bad.png";
    ASSERT_EQ(run(xvfb("--window 1280x800 --frames 3 --screenshot " + shot.string() + " " + (dir / "puppet.json").string())), 0);
    const Image img = load_png(shot);
    ASSERT_GT(img.width, 0);
    // Each checker covers about 29,000 pixels here: both show it.
    EXPECT_GT(count_in_viewport(img, is_magenta), 45000) << "both pictures show the checker";
    std::filesystem::remove_all(dir);
}

// File > Export Spine JSON on Io, chosen as a user chooses it: the skeleton, its atlas and its
// pictures are written beside the name typed into the chooser.
TEST(SlotViewport, FileExportSpineJsonWritesTheSkeletonItsAtlasAndItsPictures) {
    const auto dir = scratch_dir("e2e-spine-export");
    std::filesystem::copy(std::filesystem::path(MARIONETTE_ASSETS) / "io", dir / "io", std::filesystem::copy_options::recursive);
    std::filesystem::copy_file(std::filesystem::path(MARIONETTE_ASSETS) / "io.json", dir / "io.json");
    write_file(dir / "export.json", R"({"steps": [
        {"wait": 3},
        {"click": {"ui": "toolbar/file"}},
        {"wait": 2},
        {"click": {"ui": "file/export spine"}},
        {"wait": 2},
        {"expect": {"dialog": "file chooser"}},
        {"key": "ctrl+a"},
        {"text": "io-spine.json"},
        {"key": "Return"},
        {"wait": 2}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "export.json").string() + " " + (dir / "io.json").string())), 0);
    const nlohmann::json skeleton = nlohmann::json::parse(read_file(dir / "io-spine.json"));
    EXPECT_EQ(skeleton["skeleton"]["spine"], "4.2.40");
    EXPECT_EQ(skeleton["slots"].size(), 11u);
    EXPECT_EQ(skeleton["animations"].size(), 2u);
    const std::string atlas = read_file(dir / "io-spine.atlas");
    EXPECT_NE(atlas.find("images/io/head.png"), std::string::npos) << atlas;
    EXPECT_EQ(read_file(dir / "images" / "io" / "head.png"), read_file(dir / "io" / "head.png")) << "the picture copied as it is";
    std::filesystem::remove_all(dir);
}
