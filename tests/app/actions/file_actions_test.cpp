// FileActions in a headless ImGui context, driven as a user answers its dialogs: Save over a
// file someone else changed on disk asks first, and each answer does what it says to the file;
// a recovered document replaces the open one only once its unsaved changes are dealt with.

#include <gtest/gtest.h>

#include "app/actions/file_actions.hpp"
#include "app/headless_imgui.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

class FileActionsTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(document.save_as(file).ok());
        ui.on_frame([this] {
            marks.clear();
            files.draw(&marks);
        });
        ui.frames(2);
    }
    void edit() { ASSERT_TRUE(apply_edit(document, history, "turn", set_pose_rotation(document.rig(), 3, rotation_2d(0.7f))).ok()); }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
    std::string ours() const { return serialize_rig(document.rig()).value(); }

    ScratchDir dir;
    std::filesystem::path file = dir / "figure.json";
    Document document{figure_2d(), {}};
    History history;
    RecentFiles recent;
    FileActions files{document, history, recent};
    UiMarks marks;
    HeadlessImGui ui;
    const std::string theirs = serialize_rig(figure_3d()).value();  // another program's save
};

}  // namespace

TEST_F(FileActionsTest, SaveOverAnUnchangedFileDoesNotAsk) {
    edit();
    files.save();
    EXPECT_EQ(files.dialog_name(), "");
    EXPECT_FALSE(document.modified());
    EXPECT_EQ(read_file(file), ours());
}

TEST_F(FileActionsTest, CancelLeavesTheOtherVersionOnDisk) {
    edit();
    write_file(file, theirs);
    files.save();
    ASSERT_EQ(files.dialog_name(), "disk changed");
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_EQ(files.dialog_name(), "");
    EXPECT_EQ(read_file(file), theirs);
    EXPECT_TRUE(document.modified());
    const auto message = files.take_message();
    ASSERT_TRUE(message);
    EXPECT_NE(message->find("changed on disk"), std::string::npos) << *message;

    // Asked again at the next save: Cancel did not make their version ours.
    files.save();
    EXPECT_EQ(files.dialog_name(), "disk changed");
}

TEST_F(FileActionsTest, ReturnDoesNotOverwrite) {
    edit();
    write_file(file, theirs);
    files.save();
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    EXPECT_EQ(files.dialog_name(), "disk changed");
    EXPECT_EQ(read_file(file), theirs);
}

TEST_F(FileActionsTest, OverwriteWritesOursAndTakesItAsTheNewVersion) {
    edit();
    write_file(file, theirs);
    files.save();
    ui.frames(2);
    ui.click(centre("disk changed/overwrite"));
    EXPECT_EQ(files.dialog_name(), "");
    EXPECT_EQ(read_file(file), ours());
    EXPECT_FALSE(document.modified());
    edit();
    files.save();
    EXPECT_EQ(files.dialog_name(), "") << "our own save was taken for someone else's";
}

TEST_F(FileActionsTest, SaveAsOpensTheChooserAndLeavesTheFile) {
    edit();
    write_file(file, theirs);
    files.save();
    ui.frames(2);
    ui.click(centre("disk changed/save as"));
    EXPECT_EQ(files.dialog_name(), "file chooser");
    EXPECT_EQ(read_file(file), theirs);
}

TEST_F(FileActionsTest, ADeletedFileIsSimplySaved) {
    edit();
    std::filesystem::remove(file);
    files.save();
    EXPECT_EQ(files.dialog_name(), "");
    EXPECT_EQ(read_file(file), ours());
}

// Quit, Save: the disk-change question comes before anything is written; Cancel stops the quit.
TEST_F(FileActionsTest, SaveBeforeQuittingAsksTooAndCancelStopsTheQuit) {
    edit();
    write_file(file, theirs);
    files.quit();
    ASSERT_EQ(files.dialog_name(), "unsaved changes");
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);  // Save
    ASSERT_EQ(files.dialog_name(), "disk changed");
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_FALSE(files.quit_confirmed());
    EXPECT_EQ(read_file(file), theirs);

    files.quit();
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    ui.frames(2);
    ui.click(centre("disk changed/overwrite"));
    EXPECT_TRUE(files.quit_confirmed());
    EXPECT_EQ(read_file(file), ours());
}

TEST_F(FileActionsTest, ARecoveredDocumentReplacesAnUnmodifiedOneAtOnce) {
    const Rig recovered_rig = set_pose_rotation(figure_2d(), 3, rotation_2d(-0.4f)).value();
    files.recover(Document::unsaved(recovered_rig, file, document.disk()));
    EXPECT_EQ(files.take_recover_result(), std::optional<bool>(true));
    EXPECT_TRUE(files.take_replaced());
    EXPECT_TRUE(document.modified());
    EXPECT_EQ(document.path(), file);
    EXPECT_EQ(ours(), serialize_rig(recovered_rig).value());
    EXPECT_FALSE(history.at_saved_state()) << "undo could mark the recovered work saved";
    files.save();
    EXPECT_EQ(read_file(file), serialize_rig(recovered_rig).value()) << "Save did not write the original file";
}

TEST_F(FileActionsTest, RecoveringOverUnsavedWorkAsksFirst) {
    edit();
    const std::string before = ours();
    files.recover(Document::unsaved(figure_2d(), {}, std::nullopt));
    ASSERT_EQ(files.dialog_name(), "unsaved changes");
    EXPECT_FALSE(files.take_recover_result());
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_EQ(files.take_recover_result(), std::optional<bool>(false));
    EXPECT_EQ(ours(), before);
    EXPECT_EQ(document.path(), file);
}

// Back from another program that changed the file: Reload is offered, once for that version.
TEST_F(FileActionsTest, FocusOffersToReloadAChangedFileOnce) {
    files.window_focused();
    EXPECT_EQ(files.dialog_name(), "") << "asked about an unchanged file";
    edit();
    write_file(file, theirs);
    files.window_focused();
    ASSERT_EQ(files.dialog_name(), "disk changed");
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);  // Keep mine
    EXPECT_EQ(files.dialog_name(), "");
    EXPECT_TRUE(document.modified());
    files.window_focused();
    EXPECT_EQ(files.dialog_name(), "") << "asked twice about the same version";
    files.save();
    EXPECT_EQ(files.dialog_name(), "disk changed") << "keeping ours made their version ours";
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);

    write_file(file, theirs + " ");  // they save again
    files.window_focused();
    ASSERT_EQ(files.dialog_name(), "disk changed");
    ui.frames(2);
    ui.click(centre("disk changed/reload"));
    EXPECT_TRUE(files.take_replaced());
    EXPECT_FALSE(document.modified());
    EXPECT_FALSE(document.rig().is_2d()) << "not reloaded: theirs is the 3D figure";
    files.window_focused();
    EXPECT_EQ(files.dialog_name(), "");
}

TEST_F(FileActionsTest, FocusAfterTheFileWasDeletedSaysSoOnce) {
    std::filesystem::remove(file);
    files.window_focused();
    EXPECT_EQ(files.dialog_name(), "");
    const auto message = files.take_message();
    ASSERT_TRUE(message);
    EXPECT_NE(message->find("was deleted on disk"), std::string::npos) << *message;
    files.window_focused();
    EXPECT_FALSE(files.take_message());
}
