// The undo history: order, labels, the unsaved mark, its limits, and that undoing everything
// gives back the very rig the history started from.

#include <filesystem>

#include <gtest/gtest.h>

#include "core/rig/rig_json.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/history.hpp"
#include "editor/files/rig_memory.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

std::string text_of(const Rig& rig) { return serialize_rig(rig).value(); }

float forearm_pose(const Document& doc) { return angle_2d(doc.rig().pose.rotations[kForearm]); }

// Poses the forearm at `angle` as one recorded step.
void turn_forearm(Document& doc, History& history, float angle) {
    const Status s = apply_edit(doc, history, "Rotate forearm", set_pose_rotation(doc.rig(), kForearm, rotation_2d(angle)));
    ASSERT_TRUE(s.ok()) << s.message();
}

Document open_figure() { return Document(figure_2d(), "figure.json"); }

}  // namespace

TEST(History, UndoesAndRedoesInOrder) {
    Document doc = open_figure();
    History history;
    for (float angle : {0.1f, 0.2f, 0.3f}) turn_forearm(doc, history, angle);
    EXPECT_EQ(history.undo_count(), 3u);
    EXPECT_NEAR(forearm_pose(doc), 0.3f, 1e-6f);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.2f, 1e-6f);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.1f, 1e-6f);
    ASSERT_TRUE(history.redo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.2f, 1e-6f);
    ASSERT_TRUE(history.redo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.3f, 1e-6f);
    EXPECT_FALSE(history.redo(doc));
    EXPECT_EQ(history.undo_count(), 3u);
    EXPECT_EQ(history.redo_count(), 0u);
}

TEST(History, DoesNothingWithNoStepToTake) {
    Document doc = open_figure();
    History history;
    const std::string before = text_of(doc.rig());
    EXPECT_FALSE(history.can_undo());
    EXPECT_FALSE(history.can_redo());
    EXPECT_FALSE(history.undo(doc));
    EXPECT_FALSE(history.redo(doc));
    EXPECT_EQ(text_of(doc.rig()), before);
    EXPECT_FALSE(doc.modified());
    EXPECT_EQ(history.undo_label(), "");
    EXPECT_EQ(history.redo_label(), "");
}

TEST(History, ANewStepForgetsTheRedoSide) {
    Document doc = open_figure();
    History history;
    turn_forearm(doc, history, 0.1f);
    turn_forearm(doc, history, 0.2f);
    history.undo(doc);
    ASSERT_TRUE(history.can_redo());
    turn_forearm(doc, history, 0.5f);
    EXPECT_FALSE(history.can_redo());
    EXPECT_FALSE(history.redo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.5f, 1e-6f);
    history.undo(doc);
    EXPECT_NEAR(forearm_pose(doc), 0.1f, 1e-6f);
}

TEST(History, NamesTheStepsUndoAndRedoWouldTake) {
    Document doc = open_figure();
    History history;
    turn_forearm(doc, history, 0.1f);
    ASSERT_TRUE(apply_edit(doc, history, "Rename bone", rename_bone(doc.rig(), kHand, "paw")).ok());
    EXPECT_EQ(history.undo_label(), "Rename bone");
    history.undo(doc);
    EXPECT_EQ(history.undo_label(), "Rotate forearm");
    EXPECT_EQ(history.redo_label(), "Rename bone");
    history.undo(doc);
    EXPECT_EQ(history.undo_label(), "");
    EXPECT_EQ(history.redo_label(), "Rotate forearm");
}

TEST(History, AFailedEditChangesNothingAndRecordsNothing) {
    Document doc = open_figure();
    History history;
    const std::string before = text_of(doc.rig());
    const Status s = apply_edit(doc, history, "Rename bone", rename_bone(doc.rig(), kHand, "forearm"));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("already taken"), std::string::npos) << s.message();
    EXPECT_EQ(text_of(doc.rig()), before);
    EXPECT_FALSE(doc.modified());
    EXPECT_FALSE(history.can_undo());
}

TEST(History, ADragIsOneStep) {
    Document doc = open_figure();
    History history;
    const Rig drag_start = doc.rig();
    for (int frame = 1; frame <= 30; ++frame) {  // the tool edits live while dragging
        doc.edit([&](Rig& rig) { rig.pose.rotations[kForearm] = rotation_2d(0.02f * static_cast<float>(frame)); });
    }
    history.record("Rotate forearm", drag_start, doc);  // once, on release
    EXPECT_EQ(history.undo_count(), 1u);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_EQ(text_of(doc.rig()), text_of(drag_start));
    ASSERT_TRUE(history.redo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.6f, 1e-6f);
}

TEST(History, TheDocumentIsUnmodifiedExactlyAtTheSavedState) {
    Document doc = open_figure();
    History history;
    turn_forearm(doc, history, 0.1f);
    EXPECT_TRUE(doc.modified());
    history.undo(doc);
    EXPECT_FALSE(doc.modified()) << "back where it was opened";
    EXPECT_EQ(doc.path(), "figure.json");
    history.redo(doc);
    EXPECT_TRUE(doc.modified());

    turn_forearm(doc, history, 0.2f);
    history.mark_saved();  // as after a save
    EXPECT_TRUE(history.at_saved_state());
    turn_forearm(doc, history, 0.3f);
    EXPECT_TRUE(doc.modified());
    history.undo(doc);
    EXPECT_FALSE(doc.modified());
    history.undo(doc);
    EXPECT_TRUE(doc.modified());
    history.undo(doc);
    EXPECT_TRUE(doc.modified()) << "the opened state is not the saved one any more";
    history.redo(doc);
    history.redo(doc);
    EXPECT_FALSE(doc.modified());
}

TEST(History, TheSavedStateIsGoneOnceANewStepReplacesIt) {
    Document doc = open_figure();
    History history;
    turn_forearm(doc, history, 0.1f);
    turn_forearm(doc, history, 0.2f);
    history.mark_saved();
    history.undo(doc);
    turn_forearm(doc, history, 0.7f);  // the saved state was on the redo side
    EXPECT_FALSE(history.at_saved_state());
    while (history.undo(doc)) EXPECT_TRUE(doc.modified());
}

TEST(History, FollowsARealSave) {
    const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "history_save_test.json";
    Document doc(figure_2d(), file);
    History history;
    turn_forearm(doc, history, 0.4f);
    ASSERT_TRUE(doc.save().ok());
    history.mark_saved();
    turn_forearm(doc, history, 0.9f);
    history.undo(doc);
    EXPECT_FALSE(doc.modified());
    EXPECT_EQ(doc.path(), file);
    Document reopened;
    ASSERT_TRUE(reopened.open(file).ok());
    EXPECT_EQ(text_of(reopened.rig()), text_of(doc.rig()));
    std::filesystem::remove(file);
}

TEST(History, ClearForgetsEveryStepAndTakesTheCurrentStateAsSaved) {
    Document doc = open_figure();
    History history;
    turn_forearm(doc, history, 0.1f);
    turn_forearm(doc, history, 0.2f);
    history.undo(doc);
    history.clear();
    EXPECT_EQ(history.size(), 0u);
    EXPECT_EQ(history.memory_bytes(), 0u);
    EXPECT_TRUE(history.at_saved_state());
    EXPECT_FALSE(history.undo(doc));
    EXPECT_FALSE(history.redo(doc));
}

// A recovered document has unsaved changes from the start: undoing back to it after an edit
// must leave it marked unsaved, as nothing of it is on disk.
TEST(History, ClearUnsavedLeavesNoSavedStateToReturnTo) {
    Document doc = Document::unsaved(figure_2d(), "figure.json", std::nullopt);
    History history;
    history.clear_unsaved();
    EXPECT_FALSE(history.at_saved_state());
    turn_forearm(doc, history, 0.1f);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_TRUE(doc.modified());
    ASSERT_TRUE(history.redo(doc));
    EXPECT_TRUE(doc.modified());
    history.mark_saved();  // a save after all
    ASSERT_TRUE(history.undo(doc));
    ASSERT_TRUE(history.redo(doc));
    EXPECT_FALSE(doc.modified());
}

TEST(History, UndoingEverythingGivesBackTheOriginalRig) {
    const Rig original = figure_2d();
    Document doc(original, "figure.json");
    History history;
    ASSERT_TRUE(apply_edit(doc, history, "Rename bone", rename_bone(doc.rig(), kHand, "paw")).ok());
    TreeEdit added = add_child_bone(doc.rig(), 1, std::nullopt, 30.0f).value();
    ASSERT_TRUE(apply_edit(doc, history, "Add bone", std::move(added.rig)).ok());
    TreeEdit moved = reparent_bone(doc.rig(), kForearm, -1).value();
    ASSERT_TRUE(apply_edit(doc, history, "Reparent bone", std::move(moved.rig)).ok());
    TreeEdit deleted = delete_bone(doc.rig(), 0).value();
    ASSERT_TRUE(apply_edit(doc, history, "Delete bone", std::move(deleted.rig)).ok());
    turn_forearm(doc, history, 1.0f);
    expect_valid_rig(doc.rig(), "five edits");
    const std::string edited = text_of(doc.rig());

    while (history.undo(doc)) {
    }
    EXPECT_EQ(text_of(doc.rig()), text_of(original));
    expect_rigs_equal(doc.rig(), original);
    EXPECT_FALSE(doc.modified());
    while (history.redo(doc)) {
    }
    EXPECT_EQ(text_of(doc.rig()), edited);
}

TEST(History, KeepsTwoHundredStepsByDefaultAndDropsTheOldest) {
    Document doc = open_figure();
    History history;
    for (int i = 1; i <= 250; ++i) turn_forearm(doc, history, 0.001f * static_cast<float>(i));
    EXPECT_EQ(history.undo_count(), 200u);
    int undone = 0;
    while (history.undo(doc)) ++undone;
    EXPECT_EQ(undone, 200);
    EXPECT_NEAR(forearm_pose(doc), 0.050f, 1e-6f) << "the state after step 50, the oldest kept";
    EXPECT_TRUE(doc.modified()) << "the opened state was dropped with the oldest steps";
}

TEST(History, KeepsAtLeastAHundredStepsWhateverTheLimitSays) {
    Document doc = open_figure();
    History history(HistoryLimits{10, std::size_t{256} << 20});
    EXPECT_EQ(history.limits().max_steps, kMinUndoSteps);
    for (int i = 1; i <= 150; ++i) turn_forearm(doc, history, 0.001f * static_cast<float>(i));
    EXPECT_EQ(history.undo_count(), 100u);
    for (int i = 0; i < 100; ++i) ASSERT_TRUE(history.undo(doc)) << i;
    EXPECT_NEAR(forearm_pose(doc), 0.050f, 1e-6f);
}

TEST(History, DropsTheOldestStepsPastTheMemoryBudget) {
    Document doc = open_figure();
    const std::size_t per_step = estimated_rig_bytes(doc.rig());
    History history(HistoryLimits{200, 10 * per_step});
    for (int i = 1; i <= 30; ++i) turn_forearm(doc, history, 0.01f * static_cast<float>(i));
    EXPECT_EQ(history.undo_count(), 10u);
    EXPECT_LE(history.memory_bytes(), 10 * per_step);
    EXPECT_GT(history.memory_bytes(), 9 * per_step);
    while (history.undo(doc)) {
    }
    EXPECT_NEAR(forearm_pose(doc), 0.20f, 1e-6f) << "the state after step 20, the oldest kept";
}

TEST(History, KeepsTheNewestStepEvenWhenItAloneExceedsTheBudget) {
    Document doc = open_figure();
    History history(HistoryLimits{200, 16});
    turn_forearm(doc, history, 0.1f);
    turn_forearm(doc, history, 0.2f);
    EXPECT_EQ(history.undo_count(), 1u);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_NEAR(forearm_pose(doc), 0.1f, 1e-6f);
}

TEST(History, MemoryGrowsWithTheRig) {
    const Rig small = figure_2d();
    Rig big = small;
    for (int i = 0; i < 50; ++i)
        big = add_child_bone(big, -1, "a long bone name that is not stored inline " + std::to_string(i), 1.0f).value().rig;
    big.editor.json()["notes"] = std::string(10000, 'x');
    EXPECT_GT(estimated_rig_bytes(big), estimated_rig_bytes(small) + 50 * sizeof(Bone) + 10000);
}
