// A file changed on disk by someone else while it is open is noticed before Save overwrites it,
// as a user meets it: the arm is open with unsaved changes, another program writes arm.json,
// Ctrl+S asks; Cancel leaves their file byte for byte, Overwrite writes ours. The test is that
// other program: the script waits for its signal files at the steps where it acts.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "app/app_test_support.hpp"
#include "app/e2e/background_editor.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;
namespace fs = std::filesystem;

TEST(DiskChangeJourney, SaveOverAnotherWritersChangeAsksAndEachAnswerHolds) {
    const fs::path dir = scratch_dir("e2e-disk-change");
    const fs::path arm = dir / "arm.json";
    fs::copy_file(kAssets + "/arm.json", arm);
    write_file(dir / "changed.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"expect": {"modified": true}},
        {"screenshot": "ready.png"},
        {"wait_for_file": "their-save.flag"},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": "disk changed"}},
        {"screenshot": "asked.png"},
        {"click": {"ui": "disk changed/cancel"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": true}},
        {"screenshot": "cancelled.png"},
        {"wait_for_file": "checked.flag"},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": "disk changed"}},
        {"click": {"ui": "disk changed/overwrite"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": null}}
    ]})");
    BackgroundEditor editor(xvfb("--window 1280x800 --script " + (dir / "changed.json").string() + " " + arm.string()));
    ASSERT_TRUE(editor.wait_for_file(dir / "ready.png")) << "the editor did not get ready";

    // Another program saves arm.json: the arm as it was with a line added, so its bytes are
    // neither what the editor read nor what it would write.
    std::string theirs = read_file(kAssets + "/arm.json");
    theirs += "\n";
    write_file(arm, theirs);
    write_file(dir / "their-save.flag", "");

    ASSERT_TRUE(editor.wait_for_file(dir / "cancelled.png")) << "the script did not reach Cancel";
    EXPECT_EQ(read_file(arm), theirs) << "Cancel did not leave their file as they wrote it";
    write_file(dir / "checked.flag", "");

    ASSERT_EQ(editor.wait(), 0) << "the script failed (run it by hand for its message)";
    const Rig saved = load(arm);
    EXPECT_NE(read_file(arm), theirs);
    EXPECT_FALSE(same_rotations(saved, load(kAssets + "/arm.json"), 1e-4f)) << "Overwrite did not write our pose";

    const Image asked = load_png(dir / "asked.png");
    ASSERT_EQ(asked.width, 1280);
    int rows = 0;
    for (int y = 100; y < 700; ++y) {
        const unsigned char* p = asked.at(640, y);
        rows += std::abs(p[0] - 41) <= 12 && std::abs(p[1] - 74) <= 12 && std::abs(p[2] - 122) <= 12 ? 1 : 0;
    }
    EXPECT_GE(rows, 10) << "no dialog in the middle of the window";
    fs::remove_all(dir);
}

// Deleted on disk meanwhile: nothing of anyone's to lose, so Save simply writes it.
TEST(DiskChangeJourney, AFileDeletedMeanwhileIsSimplySaved) {
    const fs::path dir = scratch_dir("e2e-disk-deleted");
    const fs::path arm = dir / "arm.json";
    fs::copy_file(kAssets + "/arm.json", arm);
    write_file(dir / "deleted.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"screenshot": "ready.png"},
        {"wait_for_file": "deleted.flag"},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    BackgroundEditor editor(xvfb("--window 1280x800 --script " + (dir / "deleted.json").string() + " " + arm.string()));
    ASSERT_TRUE(editor.wait_for_file(dir / "ready.png"));
    fs::remove(arm);
    write_file(dir / "deleted.flag", "");
    ASSERT_EQ(editor.wait(), 0);
    ASSERT_TRUE(fs::exists(arm));
    EXPECT_FALSE(same_rotations(load(arm), load(kAssets + "/arm.json"), 1e-4f));
    fs::remove_all(dir);
}

// Back from another program that changed the open file: Reload is offered (it would drop the
// unsaved drag, and says so); Reload shows their rig, and the next Save writes it without asking.
TEST(DiskChangeJourney, ComingBackToAChangedFileOffersReload) {
    const fs::path dir = scratch_dir("e2e-disk-reload");
    const fs::path arm = dir / "arm.json";
    fs::copy_file(kAssets + "/arm.json", arm);
    write_file(dir / "reload.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"focus": "lost"},
        {"screenshot": "ready.png"},
        {"wait_for_file": "their-save.flag"},
        {"focus": "gained"},
        {"wait": 3},
        {"expect": {"dialog": "disk changed"}},
        {"screenshot": "reload.png"},
        {"click": {"ui": "disk changed/reload"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}},
        {"expect": {"bone": "seg_15", "at": "tip", "pixel": [0, 0], "within": 100000}},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"focus": "lost"},
        {"focus": "gained"},
        {"wait": 3},
        {"expect": {"dialog": null}}
    ]})");
    BackgroundEditor editor(xvfb("--window 1280x800 --script " + (dir / "reload.json").string() + " " + arm.string()));
    ASSERT_TRUE(editor.wait_for_file(dir / "ready.png")) << "the editor did not get ready";
    write_file(arm, read_file(kAssets + "/tentacle.json"));  // another program's rig, in the arm's file
    write_file(dir / "their-save.flag", "");
    ASSERT_EQ(editor.wait(), 0) << "the script failed (run it by hand for its message)";
    const Rig saved = load(arm);
    ASSERT_GE(saved.skeleton.find("seg_15"), 0) << "Save wrote something other than the reloaded rig";
    EXPECT_TRUE(same_rotations(saved, load(kAssets + "/tentacle.json"), 1e-5f));
    fs::remove_all(dir);
}

// A read-only file (0444) was replaced silently, by root too. Ctrl+S now asks: Cancel leaves it
// byte for byte and the changes unsaved; Replace writes ours and the file stays read-only.
TEST(DiskChangeJourney, SavingOverAReadOnlyFileAsksFirst) {
    const fs::path dir = scratch_dir("e2e-read-only");
    const fs::path arm = dir / "arm.json";
    fs::copy_file(kAssets + "/arm.json", arm);
    ASSERT_EQ(::chmod(arm.c_str(), 0444), 0);
    const std::string original = read_file(arm);
    write_file(dir / "read_only.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": "read only"}},
        {"screenshot": "asked.png"},
        {"key": "escape"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": true}},
        {"screenshot": "cancelled.png"},
        {"wait_for_file": "checked.flag"},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": "read only"}},
        {"click": {"ui": "read only/replace"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    BackgroundEditor editor(xvfb("--window 1280x800 --script " + (dir / "read_only.json").string() + " " + arm.string()));
    ASSERT_TRUE(editor.wait_for_file(dir / "cancelled.png")) << "the script did not reach Cancel";
    EXPECT_EQ(read_file(arm), original) << "Cancel (Escape) wrote the file";
    write_file(dir / "checked.flag", "");
    ASSERT_EQ(editor.wait(), 0) << "the script failed (run it by hand for its message)";
    EXPECT_FALSE(same_rotations(load(arm), load(kAssets + "/arm.json"), 1e-4f)) << "Replace did not write our pose";
    struct stat st {};
    ASSERT_EQ(::stat(arm.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0444u) << "the file stays read-only";
    fs::remove_all(dir);
}
