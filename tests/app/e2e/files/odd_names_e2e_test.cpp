// File names that are not UTF-8 (Linux allows any bytes; an old Latin-1 disk has them): the
// chooser lists such a file under a name with replacement marks, opening it opens that very
// file, and Ctrl+S writes back to it, not to a name mangled for display.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/rig_compare.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedOddNames, ALatin1NamedRigOpensFromTheChooserAndSavesBackToItself) {
    const auto dir = scratch_dir("e2e-odd-names");
    const std::string odd = "arm-\xE9t\xE9.json";  // "arm-été.json" in Latin-1
    const std::string arm = read_file(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json");
    write_file(dir / odd, arm);
    std::filesystem::copy_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json", dir / "zz.json");
    // The chooser starts in the open rig's folder and lists "..", then the odd name, then zz.json;
    // at 1280x800 its second row is at y = 252 (found by running it). A double-click opens it.
    write_file(dir / "odd.json", R"({"steps": [
        {"wait": 2},
        {"key": "ctrl+o"},
        {"wait": 3},
        {"click": [385, 252]},
        {"wait": 1},
        {"click": [385, 252]},
        {"wait": 3},
        {"expect": {"modified": false}},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"expect": {"modified": true}},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "odd.json").string() + " " + (dir / "zz.json").string())), 0);
    // The posed arm went back under its own name; nothing else was written beside it.
    const Rig saved = load(dir / odd);
    EXPECT_EQ(saved.skeleton[0].name, "upper_arm");
    const Rig original = load(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json");
    EXPECT_FALSE(same_rotations(saved, original, 1e-4f)) << "the drag was not saved to the odd-named file";
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++entries;
    EXPECT_EQ(entries, 3u) << "a file was written under another name";
    std::filesystem::remove_all(dir);
}
