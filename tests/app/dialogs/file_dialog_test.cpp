// The file dialog driven as a person or a script would: keys, typed text and clicks through a
// headless ImGui context.

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string_view>

#include "app/dialogs/file_dialog.hpp"
#include "app/headless_imgui.hpp"
#include "core/test_files.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::HeadlessImGui;
using testing::ScratchDir;
using testing::write_file;

class FileDialogTest : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(dir.path() / "sub" / "deeper");
        write_file(dir / "arm.json", "{}");
        write_file(dir / "sub" / "leg.json", "{}");
        ui.on_frame([this] {
            if (auto path = dialog.draw()) chosen = path;
        });
    }
    // The list is the dialog's child window "<title>###marionette_file_dialog/##entries_<hash>".
    ImVec2 row(int i) const {
        for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
            if (std::string_view(w->Name).find("###marionette_file_dialog/##entries") != std::string_view::npos) return ui.row_centre(w, i);
        }
        return ImVec2(-1.0f, -1.0f);
    }
    // The confirm button: bottom right, left of Cancel (both six font sizes wide).
    ImVec2 ok_button() const {
        const ImGuiWindow* w = ui.window("###marionette_file_dialog");
        if (!w) return ImVec2(-1.0f, -1.0f);
        const ImGuiStyle& style = ImGui::GetStyle();
        const float width = ImGui::GetFontSize() * 6.0f;
        return ImVec2(w->Pos.x + w->Size.x - style.WindowPadding.x - width * 1.5f - style.ItemSpacing.x,
                      w->Pos.y + w->Size.y - style.WindowPadding.y - ImGui::GetFrameHeight() * 0.5f);
    }

    ScratchDir dir;
    HeadlessImGui ui;
    FileDialog dialog;
    std::optional<fs::path> chosen;
};

TEST_F(FileDialogTest, TypedNameAndReturnOpens) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    EXPECT_TRUE(dialog.is_open());
    ui.frames(2);
    ui.type("arm.json");
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
    EXPECT_FALSE(dialog.is_open());
}

// A script types as soon as the dialog is up; nothing typed is lost while the field takes focus.
TEST_F(FileDialogTest, TextTypedOnTheFirstFramesIsKept) {
    for (int wait = 0; wait < 3; ++wait) {
        chosen.reset();
        dialog.open(FileDialogMode::Open, "Open rig", dir.path());
        ui.frames(wait);
        ui.type((dir / "sub" / "leg.json").string());
        ui.tap(ImGuiKey_Enter);
        ui.frame();
        ASSERT_TRUE(chosen) << "typed after " << wait << " frames";
        EXPECT_EQ(*chosen, dir / "sub" / "leg.json");
    }
}

TEST_F(FileDialogTest, TypedPathReplacesTheProposedNameAndGetsJson) {
    dialog.open(FileDialogMode::Save, "Save rig as", dir.path(), "untitled.json");
    ui.frames(2);
    ui.type((dir / "sub" / "new").string());
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "new.json");
}

TEST_F(FileDialogTest, ProposedNameSavesWithReturnAlone) {
    dialog.open(FileDialogMode::Save, "Save rig as", dir / "sub", "new.json");
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "new.json");
}

TEST_F(FileDialogTest, SavingOverAFileAsksAndReturnReplaces) {
    dialog.open(FileDialogMode::Save, "Save rig as", dir.path(), "untitled.json");
    ui.frames(2);
    ui.type("arm");
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(chosen);
    EXPECT_TRUE(dialog.is_open());
    EXPECT_TRUE(ImGui::GetIO().WantCaptureKeyboard);  // the editor does not see keys meanwhile
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
}

TEST_F(FileDialogTest, EscapeAnswersTheQuestionThenClosesTheDialog) {
    dialog.open(FileDialogMode::Save, "Save rig as", dir.path(), "arm.json");
    ui.frames(2);
    ui.tap(ImGuiKey_Enter);
    ui.tap(ImGuiKey_Escape);
    EXPECT_TRUE(dialog.is_open());
    ui.frame();
    ui.tap(ImGuiKey_Escape);
    EXPECT_FALSE(dialog.is_open());
    EXPECT_FALSE(chosen);
}

TEST_F(FileDialogTest, MissingFileKeepsTheDialogAndTheNextNameReplacesTheText) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.type("missing.json");
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(chosen);
    EXPECT_TRUE(dialog.is_open());
    ui.type("sub/leg.json");
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "leg.json");
}

TEST_F(FileDialogTest, TypedFolderIsEnteredAndNamesAreThenRelativeToIt) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.type("sub");
    ui.tap(ImGuiKey_Enter);
    EXPECT_FALSE(chosen);
    ui.type("leg.json");
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "leg.json");
}

TEST_F(FileDialogTest, EscapeClosesWithNothing) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.type("arm.json");
    ui.tap(ImGuiKey_Escape);
    EXPECT_FALSE(dialog.is_open());
    EXPECT_FALSE(chosen);
    ui.frames(2);
    EXPECT_FALSE(chosen);
}

TEST_F(FileDialogTest, MissingStartFolderFallsBackToAnAncestor) {
    dialog.open(FileDialogMode::Open, "Open rig", dir / "gone" / "deeper");
    ui.frames(2);
    ui.type("arm.json");
    ui.tap(ImGuiKey_Enter);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
}

// Rows: "..", "sub/", "arm.json" in dir; "..", "deeper/", "leg.json" in sub.
TEST_F(FileDialogTest, DoubleClickOnAFileChoosesIt) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.click(row(2));
    EXPECT_FALSE(chosen);  // one click only selects
    ui.click(row(2));
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
}

TEST_F(FileDialogTest, ClickingFoldersEntersThem) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.click(row(1));  // sub/
    ui.pause();
    ui.click(row(2));
    ui.click(row(2));  // leg.json
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "leg.json");

    chosen.reset();
    dialog.open(FileDialogMode::Open, "Open rig", dir / "sub");
    ui.frames(2);
    ui.click(row(0));  // ..
    ui.pause();
    ui.click(row(2));
    ui.click(row(2));  // arm.json
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
}

// A double-click on a folder enters it once; its second click does not act on what is now there.
TEST_F(FileDialogTest, DoubleClickOnAFolderEntersOnlyIt) {
    dialog.open(FileDialogMode::Open, "Open rig", dir.path());
    ui.frames(2);
    ui.click(row(1));  // sub/
    ui.click(row(1));  // deeper/ is there now
    ui.pause();
    ui.click(row(2));
    ui.click(row(2));  // leg.json: still in sub
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "sub" / "leg.json");
}

TEST_F(FileDialogTest, SingleClickPutsTheNameInTheField) {
    dialog.open(FileDialogMode::Save, "Save rig as", dir.path(), "untitled.json");
    ui.frames(2);
    ui.click(row(2));  // arm.json
    ui.pause();
    // The click took focus from the name field; the button confirms the name it put there.
    ui.click(ok_button());
    ui.tap(ImGuiKey_Enter);  // answers "arm.json exists. Replace it?"
    ASSERT_TRUE(chosen);
    EXPECT_EQ(*chosen, dir / "arm.json");
}

}  // namespace
}  // namespace marionette
