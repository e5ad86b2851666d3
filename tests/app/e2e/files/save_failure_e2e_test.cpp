// Saving onto a full disk, as a user meets it: the editor runs under a file-size limit smaller
// than the rig (`ulimit -f`, standing in for a disk that fills part-way through the write).
// Ctrl+S must not kill the editor (SIGXFSZ), must say so in a modal dialog, leave the file on
// disk byte for byte as it was, and keep the unsaved work in the document.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"

using namespace marionette::testing;

TEST(ScriptedSaveFailure, ADiskFullSaveIsReportedAndTheFileAndTheWorkAreKept) {
    const auto dir = scratch_dir("e2e-disk-full");
    const std::string original = read_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json");
    ASSERT_GT(original.size(), 2048u) << "the rig must be larger than the limit below";
    write_file(dir / "hero.json", original);
    // The pixels are where the scripted drags leave the forearm's tip (found by running it).
    write_file(dir / "full.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "arm_r_lower", "at": "tip"}, "to": {"bone": "arm_r_lower", "at": "tip", "offset": [40, -60]}, "moves": 8}},
        {"expect": {"modified": true}},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"modified": true}},
        {"drag": {"from": {"bone": "arm_r_lower", "at": "tip"}, "to": {"bone": "arm_r_lower", "at": "tip", "offset": [-80, 60]}, "moves": 8}},
        {"expect": {"bone": "arm_r_lower", "at": "tip", "pixel": [730.7, 344.4], "within": 1.5}},
        {"key": "Return"},
        {"wait": 2},
        {"drag": {"from": {"bone": "arm_r_lower", "at": "tip"}, "to": {"bone": "arm_r_lower", "at": "tip", "offset": [-80, 60]}, "moves": 8}},
        {"expect": {"bone": "arm_r_lower", "at": "tip", "pixel": [650.7, 404.4], "within": 1.5}},
        {"expect": {"modified": true}}
    ]})");
    // The second drag bounces off the error dialog (modal: the pose stays where the first drag
    // left it); after Return closes the dialog the same drag poses the arm again.
    const std::string editor =
        std::string(MARIONETTE_BINARY) + " --window 1280x800 --script " + (dir / "full.json").string() + " " + (dir / "hero.json").string();
    const std::string limited = "bash -c 'ulimit -f 2; exec " + editor + "'";
    EXPECT_EQ(run(xvfb_run() + limited), 0) << "the editor failed a step or died (SIGXFSZ kills it unless ignored)";
    EXPECT_EQ(read_file(dir / "hero.json"), original) << "the rig on disk was changed by the failed save";
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++entries;
    EXPECT_EQ(entries, 2u) << "a temporary file was left beside the rig";
    std::filesystem::remove_all(dir);
}
