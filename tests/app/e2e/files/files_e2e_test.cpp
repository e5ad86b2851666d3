// Files as a user handles them: Save As and Export through the file chooser, reopening, a
// malformed file dropped on the window, the unsaved-changes question, and what the editor
// remembers between runs.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/rig_compare.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// A folder holding a copy of the arm and a file that is not a rig.
std::filesystem::path folder_with_arm(const std::string& name) {
    const auto dir = scratch_dir(name);
    std::filesystem::copy_file(kAssets + "/arm.json", dir / "arm.json");
    write_file(dir / "bad.json",
               R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "parent": "zz", "length": 1}]})");
    // 88,000 levels under "editor" (176 KB) overflowed the stack of every mode.
    write_file(dir / "deep.json",
               R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "length": 1}], "editor": )" +
                   std::string(88'000, '[') + std::string(88'000, ']') + "}");
    return dir;
}

// The steps that pose the arm, making the document unsaved.
const char* kPoseArm =
    R"({"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
        {"expect": {"modified": true}},)";

}  // namespace

// Save As and Export through the chooser (typing a name and Return, as a person can), then Open:
// the reopened document is the one saved, the export is the same rig without the editor's data.
TEST(ScriptedFiles, SaveAsExportAndReopenGiveTheSameRig) {
    const auto dir = folder_with_arm("e2e-files-save");
    write_file(dir / "files.json", std::string(R"({"steps": [
        {"wait": 2},
        )") + kPoseArm + R"(
        {"key": "ctrl+shift+s"},
        {"wait": 2},
        {"key": "ctrl+a"},
        {"text": "posed.json"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"modified": false}},
        {"key": "ctrl+e"},
        {"wait": 2},
        {"key": "ctrl+a"},
        {"text": "exported"},
        {"key": "Return"},
        {"wait": 2},
        {"key": "ctrl+n"},
        {"wait": 2},
        {"key": "ctrl+o"},
        {"wait": 2},
        {"text": ")" + (dir / "posed.json").string() +
                                       R"("},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"modified": false}},
        {"screenshot": "reopened.png"},
        {"save": "reopened.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "files.json").string() + " " + (dir / "arm.json").string())), 0);

    const Rig original = load(dir / "arm.json");
    const Rig posed = load(dir / "posed.json");
    const Rig exported = load(dir / "exported.json");  // ".json" added to the typed name
    const Rig reopened = load(dir / "reopened.json");
    EXPECT_FALSE(same_rotations(posed, original, 1e-4f)) << "the pose was not saved";
    expect_rigs_equal(posed, reopened);
    EXPECT_EQ(read_file(dir / "posed.json"), read_file(dir / "reopened.json")) << "saving the reopened document changed the file";
    Rig without_editor = posed;
    without_editor.editor = EditorData();
    expect_rigs_equal(without_editor, exported);
    EXPECT_EQ(read_file(dir / "arm.json"), read_file(kAssets + "/arm.json")) << "Save As wrote over the original";

    // The reopened arm is drawn: bone pixels at the forearm's tip.
    const Image img = load_png(dir / "reopened.png");
    ASSERT_EQ(img.width, 1280);
    EXPECT_TRUE(is_background(img.at(img.width - 320, 40)));
    std::filesystem::remove_all(dir);
}

// A malformed file dropped on the window (a broken rig, then one nested 88,000 deep): the loader's message in a dialog (no question about
// unsaved changes first: the file would not replace them), the open rig and its unsaved changes
// untouched. A missing file likewise.
TEST(ScriptedFiles, AMalformedDroppedFileShowsTheErrorAndLeavesTheRig) {
    const auto dir = folder_with_arm("e2e-files-drop");
    write_file(dir / "drop.json", std::string(R"({"steps": [
        {"wait": 2},
        )") + kPoseArm + R"(
        {"save": "before.json"},
        {"drop": "bad.json"},
        {"wait": 3},
        {"key": "Return"},
        {"wait": 2},
        {"save": "after-bad.json"},
        )" + kPoseArm + R"(
        {"drop": "deep.json"},
        {"wait": 3},
        {"screenshot": "error.png"},
        {"expect": {"modified": true}},
        {"key": "Return"},
        {"wait": 2},
        {"drop": "missing.json"},
        {"wait": 3},
        {"key": "Escape"},
        {"wait": 2},
        {"expect": {"modified": true}},
        {"expect": {"bone": "hand", "at": "tip", "pixel": [0, 0], "within": 100000}},
        {"screenshot": "after.png"},
        {"save": "after.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "drop.json").string() + " " + (dir / "arm.json").string())), 0);
    // Saved before and after the first drop: the same file.
    EXPECT_EQ(read_file(dir / "before.json"), read_file(dir / "after-bad.json"));
    // After the second, the unsaved drag made before it is still there.
    const Rig before = load(dir / "before.json");
    const Rig after = load(dir / "after.json");
    ASSERT_EQ(after.skeleton.size(), before.skeleton.size());
    EXPECT_EQ(after.skeleton[0].name, "upper_arm");
    EXPECT_FALSE(same_rotations(after, before, 1e-4f)) << "the unsaved pose was lost";

    // The dialog is drawn over the viewport, in the window's middle: its title bar, in ImGui's
    // active title colour, crosses the window's vertical centre line; after Return it is gone.
    auto title_rows = [](const Image& img) {
        int rows = 0;
        for (int y = 100; y < 700; ++y) {
            const unsigned char* p = img.at(640, y);
            rows += std::abs(p[0] - 41) <= 12 && std::abs(p[1] - 74) <= 12 && std::abs(p[2] - 122) <= 12 ? 1 : 0;
        }
        return rows;
    };
    const Image error = load_png(dir / "error.png");
    ASSERT_EQ(error.width, 1280);
    EXPECT_GE(title_rows(error), 10) << "no error dialog in the middle of the window";
    const Image shown = load_png(dir / "after.png");
    EXPECT_LT(title_rows(shown), 3) << "the error dialog is still up";
    int arm = 0;
    for (int y = 40; y < 770; y += 3) {
        for (int x = 245; x < 975; x += 3) arm += is_bone_drawn(shown.at(x, y)) ? 1 : 0;
    }
    EXPECT_GT(arm, 300) << "the arm is no longer drawn";
    std::filesystem::remove_all(dir);
}

// Unsaved work is not dropped without asking: Escape cancels Open; Return (Save) saves, then
// the chooser opens the next file. Ctrl+Q with unsaved changes asks too.
TEST(ScriptedFiles, UnsavedChangesAreAskedAbout) {
    const auto dir = folder_with_arm("e2e-files-ask");
    write_file(dir / "ask.json", std::string(R"({"steps": [
        {"wait": 2},
        )") + kPoseArm + R"(
        {"key": "ctrl+q"},
        {"wait": 2},
        {"screenshot": "question.png"},
        {"key": "Escape"},
        {"wait": 2},
        {"key": "ctrl+o"},
        {"wait": 2},
        {"key": "Escape"},
        {"wait": 2},
        {"expect": {"modified": true}},
        {"key": "ctrl+o"},
        {"wait": 2},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"modified": false}},
        {"text": ")" + kAssets + R"(/tentacle.json"},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"bone": "seg_15", "at": "tip", "pixel": [0, 0], "within": 100000}},
        {"save": "tentacle-copy.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "ask.json").string() + " " + (dir / "arm.json").string())), 0);
    const Rig saved_arm = load(dir / "arm.json");
    EXPECT_FALSE(same_rotations(saved_arm, load(kAssets + "/arm.json"), 1e-4f)) << "Save in the question did not save the arm";
    // The same rig, with the view it was saved in (the camera, and the layers shown).
    Rig copy = load(dir / "tentacle-copy.json");
    EXPECT_TRUE(copy.editor.json().contains("camera")) << copy.editor.json().dump();
    EXPECT_EQ(copy.editor.json().value("layers", nlohmann::ordered_json()), (nlohmann::ordered_json{{"meshes", true}, {"xray", true}}));
    copy.editor.json().erase("camera");
    copy.editor.json().erase("layers");
    expect_rigs_equal(load(kAssets + "/tentacle.json"), copy);
    std::filesystem::remove_all(dir);
}

// Run 1 opens a file through the chooser and quits; its settings (recent files, window size)
// are written to MARIONETTE_CONFIG_DIR. Run 2, with no --window, opens at the remembered size.
TEST(ScriptedFiles, RecentFilesAndWindowSizeAreRemembered) {
    const auto dir = folder_with_arm("e2e-files-settings");
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    write_file(dir / "one.json", R"({"steps": [{"wait": 2}, {"key": "ctrl+o"}, {"wait": 2}, {"text": ")" + (dir / "arm.json").string() +
                                     R"("}, {"key": "Return"}, {"wait": 2}]})");
    ASSERT_EQ(run(env + xvfb("--window 1000x700 --script " + (dir / "one.json").string() + " " + kAssets + "/tentacle.json")), 0);
    const nlohmann::json settings = nlohmann::json::parse(read_file(dir / "config" / "settings.json"), nullptr, false);
    ASSERT_TRUE(settings.is_object()) << read_file(dir / "config" / "settings.json");
    EXPECT_EQ(settings["window"]["width"], 1000);
    EXPECT_EQ(settings["window"]["height"], 700);
    ASSERT_TRUE(settings["recent_files"].is_array());
    ASSERT_FALSE(settings["recent_files"].empty());
    EXPECT_EQ(settings["recent_files"][0], (dir / "arm.json").string());

    write_file(dir / "two.json", R"({"steps": [{"wait": 2}, {"screenshot": "two.png"}]})");
    ASSERT_EQ(run(env + xvfb("--script " + (dir / "two.json").string() + " " + kAssets + "/arm.json")), 0);
    const Image img = load_png(dir / "two.png");
    EXPECT_EQ(img.width, 1000);
    EXPECT_EQ(img.height, 700);
    std::filesystem::remove_all(dir);
}

// A glTF file dropped on the window is imported: what it leaves out is shown in a dialog, the
// skeleton replaces the rig, unsaved, and Save asks where to write it as a rig file; the glTF
// file is left as it was.
TEST(ScriptedFiles, ADroppedGltfFileIsImportedAndSavedAsARig) {
    const auto dir = folder_with_arm("e2e-files-gltf");
    const std::string glb = kAssets + "/../../tests/data/gltf/bvh_arm_by_assimp.glb";
    std::filesystem::copy_file(glb, dir / "arm.glb");
    write_file(dir / "gltf.json", R"({"steps": [
        {"wait": 2},
        {"drop": "arm.glb"},
        {"wait": 3},
        {"expect": {"dialog": "error"}},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}},
        {"expect": {"modified": true}},
        {"key": "ctrl+s"},
        {"wait": 2},
        {"key": "ctrl+a"},
        {"text": "imported.json"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "gltf.json").string() + " " + (dir / "arm.json").string())), 0);
    const Rig imported = load(dir / "imported.json");
    ASSERT_EQ(imported.skeleton.size(), 4u);
    EXPECT_EQ(imported.skeleton[0].name, "hips");
    ASSERT_EQ(imported.states.size(), 1u);
    EXPECT_EQ(imported.states[0].name, "Motion");
    EXPECT_EQ(read_file(dir / "arm.glb"), read_file(glb)) << "the glTF file was written over";
    std::filesystem::remove_all(dir);
}

// A PSD file GIMP wrote, opened through the chooser: the editor asks where its puppet goes,
// writes the rig and its pictures there, says what it left out (the hidden layer), and opens
// the rig unmodified; the same slots as the command line's import.
TEST(ScriptedFiles, APsdOpenedBecomesAPuppetWrittenWhereTheUserSays) {
    const auto dir = folder_with_arm("e2e-files-psd");
    std::filesystem::copy_file(std::string(MARIONETTE_TEST_DATA) + "/psd/gimp_puppet.psd", dir / "gimp_puppet.psd");
    write_file(dir / "psd.json", R"({"steps": [
        {"wait": 2},
        {"key": "ctrl+o"},
        {"wait": 2},
        {"text": ")" + (dir / "gimp_puppet.psd").string() +
                                     R"("},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": "file chooser"}},
        {"key": "ctrl+a"},
        {"text": "puppet.json"},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"dialog": "error"}},
        {"screenshot": "warnings.png"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}},
        {"screenshot": "puppet.png"},
        {"save": "resaved.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "psd.json").string() + " " + (dir / "arm.json").string())), 0);
    ASSERT_EQ(
        run(std::string(MARIONETTE_BINARY) + " --import " + (dir / "gimp_puppet.psd").string() + " --out " + (dir / "cli.json").string()),
        0);

    const Rig puppet = load(dir / "puppet.json"), cli = load(dir / "cli.json");
    ASSERT_FALSE(puppet.slots.empty());
    ASSERT_EQ(puppet.slots.size(), cli.slots.size());
    for (std::size_t s = 0; s < puppet.slots.size(); ++s) {
        EXPECT_EQ(puppet.slots[s].name, cli.slots[s].name);
        for (const Attachment& a : puppet.slots[s].attachments) {
            EXPECT_EQ(a.image.rfind("puppet/", 0), 0u) << a.image;
            EXPECT_TRUE(std::filesystem::exists(dir / a.image)) << a.image;
        }
    }
    Rig resaved = load(dir / "resaved.json");
    resaved.editor = EditorData();  // the view the editor saves with it
    expect_rigs_equal(puppet, resaved);
    std::filesystem::remove_all(dir);
}
