// Unsaved work survives a crash, as a user meets it: the editor keeps a recovery copy while
// the arm has unsaved changes, is killed (SIGKILL: nothing of it runs after), and the next start
// offers the copy. Recover brings the pose back as unsaved changes to arm.json, and Save writes
// arm.json; Discard deletes the copy; Later keeps it. A second editor running meanwhile neither
// offers nor touches the first one's live copy; a copy that does not read is reported.
// The recovery interval is 1 s in these runs (settings.json), on the script clock of 1/60 s a
// frame.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/app_test_support.hpp"
#include "app/e2e/background_editor.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;
namespace fs = std::filesystem;

namespace {

struct Folder {
    fs::path dir;
    fs::path arm;
    fs::path config;
    fs::path recovery;
    std::string env;  // the environment every run of the test shares
};

Folder recovery_folder_with_arm(const std::string& name) {
    Folder f;
    f.dir = scratch_dir(name);
    f.arm = f.dir / "arm.json";
    fs::copy_file(kAssets + "/arm.json", f.arm);
    fs::copy_file(kAssets + "/tentacle.json", f.dir / "tentacle.json");
    f.config = f.dir / "config";
    f.recovery = f.config / "recovery";
    fs::create_directories(f.config);
    write_file(f.config / "settings.json", R"({"recovery": {"interval_seconds": 1}})");
    f.env = "MARIONETTE_CONFIG_DIR=" + f.config.string() + " ";
    return f;
}

struct Copy {
    fs::path file;
    nlohmann::json record;
    Rig rig;
};

// The recovery copies in the folder (not the ones kept aside as unreadable).
std::vector<Copy> copies_in(const fs::path& recovery) {
    std::vector<Copy> found;
    std::error_code ec;
    for (fs::directory_iterator it(recovery, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path p = it->path();
        if (p.extension() != ".json" || p.filename().string().front() == '.') continue;
        Copy c{p, nlohmann::json::parse(read_file(p), nullptr, false), {}};
        if (c.record.is_object() && c.record.contains("rig")) {
            Result<Rig> rig = parse_rig(c.record["rig"].dump());
            if (rig) c.rig = std::move(rig).value();
        }
        found.push_back(std::move(c));
    }
    return found;
}

std::size_t files_ending(const fs::path& folder, const std::string& suffix) {
    std::size_t n = 0;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        n += name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 ? 1 : 0;
    }
    return n;
}

// An editor on the arm: drags the forearm's tip (unsaved), then idles until it is killed.
const char* kDragThenIdle = R"({"steps": [
    {"wait": 2},
    {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 80]}, "moves": 8}},
    {"expect": {"modified": true}},
    {"wait": 200000}
]})";

// Starts the editor on the arm with kDragThenIdle and waits for its recovery copy.
struct LiveEditor {
    std::unique_ptr<BackgroundEditor> editor;
    Copy copy;
};
LiveEditor start_dragging_editor(const Folder& f, const std::string& script_name) {
    write_file(f.dir / script_name, kDragThenIdle);
    std::vector<fs::path> before;
    for (const Copy& c : copies_in(f.recovery)) before.push_back(c.file);
    LiveEditor live;
    live.editor = std::make_unique<BackgroundEditor>(
        f.env + xvfb("--window 1280x800 --script " + (f.dir / script_name).string() + " " + f.arm.string()));
    // The new copy, once it is whole (written atomically, so once it reads it is).
    wait_until([&] {
        for (Copy& c : copies_in(f.recovery)) {
            if (std::find(before.begin(), before.end(), c.file) == before.end() && !c.rig.skeleton.empty()) {
                live.copy = std::move(c);
                return true;
            }
        }
        return !live.editor->running();  // the script failed: no copy will come
    });
    EXPECT_FALSE(live.copy.file.empty()) << "no recovery copy appeared";
    return live;
}

// Runs kDragThenIdle until its copy is written, then kills the editor with SIGKILL.
Copy crash_with_a_dragged_arm(const Folder& f) {
    LiveEditor live = start_dragging_editor(f, "crash.json");
    const long pid = live.copy.record.is_object() ? live.copy.record.value("pid", 0L) : 0L;
    EXPECT_GT(pid, 0) << "the copy does not say which process wrote it";
    if (pid > 0) ::kill(static_cast<pid_t>(pid), SIGKILL);
    EXPECT_NE(live.editor->wait(), 0) << "the editor was not killed";
    return std::move(live.copy);
}

// The dialog is drawn in the window's middle: its title bar, in ImGui's active title colour,
// crosses the vertical centre line.
int title_rows(const Image& img) {
    int rows = 0;
    for (int y = 100; y < 700; ++y) {
        const unsigned char* p = img.at(640, y);
        rows += std::abs(p[0] - 41) <= 12 && std::abs(p[1] - 74) <= 12 && std::abs(p[2] - 122) <= 12 ? 1 : 0;
    }
    return rows;
}

}  // namespace

TEST(RecoveryJourney, AKilledEditorsWorkIsRecoveredAndSavedToItsFile) {
    const Folder f = recovery_folder_with_arm("e2e-recover");
    const Copy copy = crash_with_a_dragged_arm(f);
    ASSERT_TRUE(copy.record.is_object()) << read_file(copy.file);
    EXPECT_EQ(copy.record["format"], "marionette-recovery");
    EXPECT_EQ(copy.record["document"], f.arm.string());
    const Rig original = load(kAssets + "/arm.json");
    ASSERT_EQ(copy.rig.skeleton.size(), original.skeleton.size());
    EXPECT_FALSE(same_rotations(copy.rig, original, 1e-4f)) << "the copy does not hold the drag";
    EXPECT_EQ(read_file(f.arm), read_file(kAssets + "/arm.json")) << "the killed editor wrote the arm";

    // Started again, on another file: the offer comes first; Recover, then Save.
    const glm::vec3 tip = tip_of(copy.rig, "forearm");
    write_file(f.dir / "recover.json", R"({"steps": [
        {"wait": 3},
        {"expect": {"dialog": "recovery"}},
        {"screenshot": "offer.png"},
        {"click": {"ui": "recovery/recover"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": true}},
        {"expect": {"bone": "forearm", "at": "tip", "world": [)" +
                                           std::to_string(tip.x) + ", " + std::to_string(tip.y) + R"(], "within": 0.01}},
        {"screenshot": "recovered.png"},
        {"key": "ctrl+s"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(
        run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "recover.json").string() + " " + (f.dir / "tentacle.json").string())), 0);

    const Rig saved = load(f.arm);
    EXPECT_TRUE(same_rotations(saved, copy.rig, 1e-6f)) << "Save did not write the recovered pose to arm.json";
    EXPECT_EQ(read_file(f.dir / "tentacle.json"), read_file(kAssets + "/tentacle.json"));
    EXPECT_TRUE(copies_in(f.recovery).empty()) << "a recovery copy outlived the save";
    EXPECT_EQ(files_ending(f.recovery, ".lock"), 0u) << "a lock outlived its session";
    EXPECT_GE(title_rows(load_png(f.dir / "offer.png")), 10) << "no dialog in the middle of the window";
    EXPECT_LT(title_rows(load_png(f.dir / "recovered.png")), 3) << "the dialog is still up";
    fs::remove_all(f.dir);
}

TEST(RecoveryJourney, DiscardDeletesTheCopyAndLaterKeepsIt) {
    const Folder f = recovery_folder_with_arm("e2e-recover-discard");
    const Copy copy = crash_with_a_dragged_arm(f);
    ASSERT_TRUE(fs::exists(copy.file));

    // Later (Escape): the arm opens as it is on disk; the copy stays and is offered again.
    write_file(f.dir / "later.json", R"({"steps": [
        {"wait": 3},
        {"expect": {"dialog": "recovery"}},
        {"key": "Escape"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "later.json").string() + " " + f.arm.string())), 0);
    ASSERT_EQ(copies_in(f.recovery).size(), 1u) << "Later did not keep the copy";
    EXPECT_EQ(read_file(copies_in(f.recovery)[0].file), read_file(copy.file));

    write_file(f.dir / "discard.json", R"({"steps": [
        {"wait": 3},
        {"expect": {"dialog": "recovery"}},
        {"click": {"ui": "recovery/discard"}},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "discard.json").string() + " " + f.arm.string())), 0);
    EXPECT_TRUE(copies_in(f.recovery).empty()) << "Discard left the copy";
    EXPECT_EQ(files_ending(f.recovery, ".lock"), 0u);
    EXPECT_EQ(read_file(f.arm), read_file(kAssets + "/arm.json"));

    // Nothing is left to offer.
    write_file(f.dir / "none.json", R"({"steps": [{"wait": 3}, {"expect": {"dialog": null}}]})");
    ASSERT_EQ(run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "none.json").string() + " " + f.arm.string())), 0);
    fs::remove_all(f.dir);
}

// Two editors at once: the second is not offered the first one's copy (that editor is alive),
// and leaves it alone; once the first is killed, the copy is offered.
TEST(RecoveryJourney, ALiveEditorsCopyIsNeitherOfferedNorTouched) {
    const Folder f = recovery_folder_with_arm("e2e-recover-two");
    LiveEditor first = start_dragging_editor(f, "first.json");
    ASSERT_FALSE(first.copy.file.empty());
    const std::string first_copy = read_file(first.copy.file);

    write_file(f.dir / "second.json", R"({"steps": [{"wait": 5}, {"expect": {"dialog": null}}]})");
    ASSERT_EQ(
        run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "second.json").string() + " " + (f.dir / "tentacle.json").string())), 0);
    ASSERT_TRUE(fs::exists(first.copy.file)) << "the second editor removed the first one's live copy";
    EXPECT_EQ(read_file(first.copy.file), first_copy);

    ::kill(static_cast<pid_t>(first.copy.record.value("pid", 0L)), SIGKILL);
    first.editor->wait();
    write_file(f.dir / "third.json",
               R"({"steps": [{"wait": 3}, {"expect": {"dialog": "recovery"}}, {"click": {"ui": "recovery/discard"}}, {"wait": 2}]})");
    ASSERT_EQ(run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "third.json").string() + " " + (f.dir / "tentacle.json").string())),
              0);
    EXPECT_TRUE(copies_in(f.recovery).empty());
    fs::remove_all(f.dir);
}

// A copy that does not read (cut off, by a full disk or a hand) is reported in a dialog, kept
// aside for a person to look at, and the editor goes on.
TEST(RecoveryJourney, AnUnreadableCopyIsReportedNotOffered) {
    const Folder f = recovery_folder_with_arm("e2e-recover-bad");
    fs::create_directories(f.recovery);
    write_file(f.recovery / "4242-deadbeef.json",
               R"({"format": "marionette-recovery", "version": 1, "document": ")" + f.arm.string() + R"(", "ri)");
    write_file(f.dir / "bad.json", R"({"steps": [
        {"wait": 3},
        {"expect": {"dialog": "error"}},
        {"screenshot": "unreadable.png"},
        {"key": "Return"},
        {"wait": 3},
        {"expect": {"dialog": null}},
        {"expect": {"modified": false}}
    ]})");
    ASSERT_EQ(run(f.env + xvfb("--window 1280x800 --script " + (f.dir / "bad.json").string() + " " + f.arm.string())), 0);
    EXPECT_TRUE(fs::exists(f.recovery / "4242-deadbeef.json.unreadable"));
    EXPECT_TRUE(copies_in(f.recovery).empty());
    EXPECT_GE(title_rows(load_png(f.dir / "unreadable.png")), 10);
    fs::remove_all(f.dir);
}
