// The error and unsaved-changes dialogs driven by keys through a headless ImGui context.

#include <gtest/gtest.h>

#include <optional>

#include "app/dialogs/message_dialogs.hpp"
#include "app/headless_imgui.hpp"

namespace marionette {
namespace {

using testing::HeadlessImGui;
using Choice = ConfirmDiscardDialog::Choice;

TEST(ErrorDialogTest, ReturnOnTheFrameItAppearsDoesNotCloseIt) {
    HeadlessImGui ui;
    ErrorDialog error;
    ui.on_frame([&] { error.draw(); });
    error.show("Cannot open", "x.json: no such file");
    EXPECT_TRUE(error.is_open());
    ui.tap(ImGuiKey_Enter);  // pressed as it appears: the key that led to the error
    EXPECT_TRUE(error.is_open());
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(error.is_open());
}

// The editor may find an error (in the settings file) before its window and ImGui exist.
TEST(ErrorDialogTest, ShownBeforeImGuiStartsIsDrawnOnceItDoes) {
    ErrorDialog error;
    error.show("Settings", "settings.json: window.width: expected an integer, got string");
    HeadlessImGui ui;
    ui.on_frame([&] { error.draw(); });
    ui.tap(ImGuiKey_Enter);  // frame 1: keys polled before the first frame do not count
    EXPECT_TRUE(error.is_open());
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(error.is_open());
}

TEST(ErrorDialogTest, ErrorsWaitTheirTurnAndEscapeClosesEach) {
    HeadlessImGui ui;
    ErrorDialog error;
    ui.on_frame([&] { error.draw(); });
    error.show("First", "one");
    error.show("Second", "two");
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_TRUE(error.is_open());
    ui.frames(2);
    ui.tap(ImGuiKey_Escape);
    EXPECT_FALSE(error.is_open());
}

class ConfirmDiscardTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            if (auto a = confirm.draw()) answer = a;
        });
    }
    HeadlessImGui ui;
    ConfirmDiscardDialog confirm;
    std::optional<ConfirmDiscardDialog::Answer> answer;
};

TEST_F(ConfirmDiscardTest, EscapeCancelsAndReportsTheAction) {
    confirm.ask("arm.json", PendingAction::OpenPath, "/rigs/hero.json");
    EXPECT_TRUE(confirm.is_open());
    ui.frames(2);
    EXPECT_FALSE(answer);
    ui.tap(ImGuiKey_Escape);
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->choice, Choice::Cancel);
    EXPECT_EQ(answer->action, PendingAction::OpenPath);
    EXPECT_EQ(answer->path, "/rigs/hero.json");
    EXPECT_FALSE(confirm.is_open());
}

TEST_F(ConfirmDiscardTest, ReturnSaves) {
    confirm.ask("Untitled", PendingAction::Quit);
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->choice, Choice::Save);
    EXPECT_EQ(answer->action, PendingAction::Quit);
}

TEST_F(ConfirmDiscardTest, KeysOnTheFirstFrameAreNotAnAnswer) {
    confirm.ask("arm.json", PendingAction::New);
    ui.tap(ImGuiKey_Escape);
    EXPECT_FALSE(answer);
    EXPECT_TRUE(confirm.is_open());
}

// Asked from inside a frame (a button), the next frame's keys are fresh and count.
TEST_F(ConfirmDiscardTest, AskedDuringAFrameTheNextFramesKeysCount) {
    bool ask_now = true;
    ui.on_frame([&] {
        if (ask_now) confirm.ask("arm.json", PendingAction::New);
        ask_now = false;
        if (auto a = confirm.draw()) answer = a;
    });
    ui.frame();
    ui.tap(ImGuiKey_Escape);
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->choice, Choice::Cancel);
    EXPECT_EQ(answer->action, PendingAction::New);
}

// ImGui keeps one modal per level: an error opened beside the question closes it, which is
// reported as Cancel; the error stays up.
TEST_F(ConfirmDiscardTest, ClosedByAnotherModalIsACancel) {
    ErrorDialog error;
    ui.on_frame([&] {
        if (auto a = confirm.draw()) answer = a;
        error.draw();
    });
    confirm.ask("arm.json", PendingAction::Quit);
    ui.frames(2);
    error.show("Cannot save", "disk full");
    ui.frames(2);
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->choice, Choice::Cancel);
    EXPECT_FALSE(confirm.is_open());
    EXPECT_TRUE(error.is_open());
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(error.is_open());
}

}  // namespace
}  // namespace marionette
