// A Spine skeleton Spine wrote (the coin example, 3.8), dropped on the window: the editor asks
// where its puppet goes, writes the rig and the pictures it cuts from the atlas's page there,
// lists what it left out, and opens the rig unmodified, its pictures drawn; the same rig as the
// command line's import.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/image/png_encode.hpp"
#include "core/rig/rig_compare.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// The page the test draws in place of the example's (not shipped): one green, opaque, drawn
// darker by the slots' colours and the X-ray view.
bool is_page_green(const unsigned char* p) { return p[1] > 90 && p[1] > p[0] + 60 && p[1] > p[2] + 60; }

}  // namespace

TEST(ScriptedFiles, ADroppedSpineSkeletonBecomesAPuppetWrittenWhereTheUserSays) {
    const auto dir = scratch_dir("e2e-files-spine");
    const std::string data = std::string(MARIONETTE_TEST_DATA) + "/spine_import/";
    std::filesystem::copy_file(data + "coin-pro.json", dir / "coin-pro.json");
    std::filesystem::copy_file(data + "coin.atlas", dir / "coin.atlas");
    std::vector<std::uint8_t> page(1024 * 1024 * 4);
    for (std::size_t i = 0; i < page.size(); i += 4) {
        page[i + 1] = 220;
        page[i + 3] = 255;
    }
    write_file(dir / "coin.png", encode_png(page, 1024, 1024));
    write_file(dir / "spine.json", R"({"steps": [
        {"wait": 2},
        {"drop": "coin-pro.json"},
        {"wait": 2},
        {"expect": {"dialog": "file chooser"}},
        {"key": "ctrl+a"},
        {"text": "coin.json"},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"dialog": "error"}},
        {"screenshot": "warnings.png"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}},
        {"move": [600, 400]},
        {"key": "F"},
        {"wait": 2},
        {"screenshot": "framed.png"}
    ]})");
    ASSERT_EQ(run("cd " + dir.string() + " && " + xvfb("--window 1280x800 --script spine.json")), 0);
    ASSERT_EQ(run(std::string(MARIONETTE_BINARY) + " --import " + (dir / "coin-pro.json").string() + " --out " +
                  (dir / "cli.json").string() + " 2>/dev/null"),
              0);

    const Rig coin = load(dir / "coin.json"), cli = load(dir / "cli.json");
    ASSERT_EQ(coin.skeleton.size(), 7u);
    ASSERT_EQ(coin.slots.size(), cli.slots.size());
    int pictures = 0;
    for (std::size_t s = 0; s < coin.slots.size(); ++s) {
        EXPECT_EQ(coin.slots[s].name, cli.slots[s].name);
        for (const Attachment& a : coin.slots[s].attachments) {
            EXPECT_EQ(a.image.rfind("coin/", 0), 0u) << a.image;
            EXPECT_TRUE(std::filesystem::exists(dir / a.image)) << a.image;
            ++pictures;
        }
    }
    EXPECT_GT(pictures, 0);
    // The coin's face fills much of the framed viewport in the page's green.
    EXPECT_GT(count_in_viewport(load_png(dir / "framed.png"), is_page_green), 20'000);
    if (!HasFailure()) std::filesystem::remove_all(dir);
}
