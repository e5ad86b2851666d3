// The recovery offer and the disk-change question, answered by keys and by their named buttons
// in a headless ImGui context.

#include <gtest/gtest.h>

#include <optional>

#include "app/dialogs/disk_change_dialog.hpp"
#include "app/dialogs/message_dialogs.hpp"
#include "app/dialogs/recovery_dialog.hpp"
#include "app/headless_imgui.hpp"
#include "app/ui/ui_marks.hpp"

namespace marionette {
namespace {

using testing::HeadlessImGui;

ImVec2 centre(const UiMarks& marks, const std::string& name) { return testing::mark_centre(marks, name); }

class RecoveryDialogTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            if (auto c = dialog.draw(&marks)) choice = c;
        });
        dialog.ask("arm.json", "2026-11-21 14:02", "Kept by a Marionette that did not close (process 42)");
    }
    HeadlessImGui ui;
    RecoveryDialog dialog;
    UiMarks marks;
    std::optional<RecoveryDialog::Choice> choice;
};

TEST_F(RecoveryDialogTest, ReturnRecoversButNotOnTheFirstFrame) {
    ui.tap(ImGuiKey_Enter);  // the key that started the editor, say
    EXPECT_FALSE(choice);
    ui.tap(ImGuiKey_Enter);
    EXPECT_EQ(choice, RecoveryDialog::Choice::Recover);
    EXPECT_FALSE(dialog.is_open());
}

TEST_F(RecoveryDialogTest, EscapeIsLater) {
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_EQ(choice, RecoveryDialog::Choice::Later);
}

TEST_F(RecoveryDialogTest, EachButtonAnswersForItself) {
    for (const auto& [name, expected] :
         {std::pair{"recovery/discard", RecoveryDialog::Choice::Discard}, std::pair{"recovery/later", RecoveryDialog::Choice::Later},
          std::pair{"recovery/recover", RecoveryDialog::Choice::Recover}}) {
        choice.reset();
        dialog.ask("arm.json", "2026-11-21 14:02", "");
        ui.frames(2);
        ui.pause();
        ui.click(centre(marks, name));
        EXPECT_EQ(choice, expected) << name;
        EXPECT_FALSE(dialog.is_open());
    }
}

// Another modal opened beside it closes it: that is "later", never a discard.
TEST_F(RecoveryDialogTest, ClosedByAnotherModalKeepsTheCopy) {
    ErrorDialog error;
    ui.on_frame([&] {
        if (auto c = dialog.draw(&marks)) choice = c;
        error.draw();
    });
    ui.frames(2);
    error.show("Cannot open", "x");
    ui.frames(2);
    EXPECT_EQ(choice, RecoveryDialog::Choice::Later);
}

class DiskChangeDialogTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            if (auto c = dialog.draw(&marks)) choice = c;
        });
        dialog.ask_before_save("arm.json", "2345 bytes, was 2301");
        ui.frames(2);
    }
    HeadlessImGui ui;
    DiskChangeDialog dialog;
    UiMarks marks;
    std::optional<DiskChangeDialog::Choice> choice;
};

TEST_F(DiskChangeDialogTest, EscapeCancelsAndReturnDoesNothing) {
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(choice);
    EXPECT_TRUE(dialog.is_open());
    ui.tap(ImGuiKey_Escape);
    EXPECT_EQ(choice, DiskChangeDialog::Choice::Cancel);
    EXPECT_FALSE(dialog.is_open());
}

TEST_F(DiskChangeDialogTest, EachButtonAnswersForItself) {
    for (const auto& [name, expected] : {std::pair{"disk changed/overwrite", DiskChangeDialog::Choice::Overwrite},
                                         std::pair{"disk changed/save as", DiskChangeDialog::Choice::SaveAs},
                                         std::pair{"disk changed/cancel", DiskChangeDialog::Choice::Cancel}}) {
        choice.reset();
        dialog.ask_before_save("arm.json", "");
        ui.frames(2);
        ui.pause();
        ui.click(centre(marks, name));
        EXPECT_EQ(choice, expected) << name;
        EXPECT_FALSE(dialog.is_open());
    }
}

// On focus: Return reloads only when nothing unsaved would be dropped; Escape keeps ours.
TEST_F(DiskChangeDialogTest, ReloadQuestionGuardsUnsavedChanges) {
    dialog.ask_reload("arm.json", "", true);
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(choice) << "Return dropped unsaved changes";
    ui.tap(ImGuiKey_Escape);
    EXPECT_EQ(choice, DiskChangeDialog::Choice::Keep);

    choice.reset();
    dialog.ask_reload("arm.json", "", false);
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    EXPECT_EQ(choice, DiskChangeDialog::Choice::Reload);

    for (const auto& [name, expected] : {std::pair{"disk changed/reload", DiskChangeDialog::Choice::Reload},
                                         std::pair{"disk changed/keep", DiskChangeDialog::Choice::Keep}}) {
        choice.reset();
        dialog.ask_reload("arm.json", "", true);
        ui.frames(2);
        ui.pause();
        ui.click(centre(marks, name));
        EXPECT_EQ(choice, expected) << name;
    }
}

}  // namespace
}  // namespace marionette
