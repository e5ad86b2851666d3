// Panel edits: a typed value is one undo step, a dragged value previews live and is one step.

#include <gtest/gtest.h>

#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edit_session.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {
Document figure() { return Document(figure_2d(), "figure.json"); }
}  // namespace

TEST(EditSession, ADraggedValueIsOneUndoStep) {
    Document doc = figure();
    History history;
    EditSession session(doc, history);
    const float before = doc.rig().skeleton[3].length;
    for (float len : {71.0f, 75.0f, 90.0f}) {
        ASSERT_TRUE(session.preview("length of forearm", set_bone_length(doc.rig(), 3, len)).ok());
        EXPECT_EQ(doc.rig().skeleton[3].length, len);  // live
        EXPECT_TRUE(session.previewing());
    }
    EXPECT_EQ(history.size(), 0u);
    session.finish();
    EXPECT_FALSE(session.previewing());
    ASSERT_EQ(history.size(), 1u);
    EXPECT_TRUE(doc.modified());
    ASSERT_TRUE(history.undo(doc));
    EXPECT_EQ(doc.rig().skeleton[3].length, before);
    EXPECT_FALSE(doc.modified());
    ASSERT_TRUE(history.redo(doc));
    EXPECT_EQ(doc.rig().skeleton[3].length, 90.0f);
    session.finish();  // nothing being dragged: no step
    EXPECT_EQ(history.size(), 1u);
}

TEST(EditSession, ABadValueChangesNothing) {
    Document doc = figure();
    History history;
    EditSession session(doc, history);
    ASSERT_TRUE(session.preview("length", set_bone_length(doc.rig(), 3, 80.0f)).ok());
    EXPECT_FALSE(session.preview("length", set_bone_length(doc.rig(), 3, -5.0f)).ok());
    EXPECT_EQ(doc.rig().skeleton[3].length, 80.0f);  // the last good value stays
    session.finish();
    const Status bad = session.apply("rename", rename_bone(doc.rig(), 3, "hips"));
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(doc.rig().skeleton[3].name, "forearm");
    EXPECT_EQ(history.size(), 1u);
}

TEST(EditSession, AnApplyFinishesADragFirstSoEachIsItsOwnStep) {
    Document doc = figure();
    History history;
    EditSession session(doc, history);
    ASSERT_TRUE(session.preview("length", set_bone_length(doc.rig(), 3, 80.0f)).ok());
    ASSERT_TRUE(session.apply("rename", rename_bone(doc.rig(), 3, "lower_arm")).ok());
    EXPECT_EQ(history.size(), 2u);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_EQ(doc.rig().skeleton[3].name, "forearm");
    EXPECT_EQ(doc.rig().skeleton[3].length, 80.0f);
}

TEST(EditSession, TreeEditsSayWhichChainsTheyRemoved) {
    Document doc = figure();
    History history;
    EditSession session(doc, history);
    std::string message;
    auto r = session.apply_tree("delete forearm", delete_bone(doc.rig(), 3), message);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(doc.rig().skeleton.find("forearm"), -1);
    EXPECT_NE(message.find("arm"), std::string::npos) << message;
    EXPECT_NE(message.find("undo brings them back"), std::string::npos) << message;
    ASSERT_TRUE(history.undo(doc));
    EXPECT_EQ(doc.rig().skeleton.find("forearm"), 3);
    EXPECT_EQ(doc.rig().chains.size(), 4u);
    message = "stale";
    EXPECT_FALSE(session.apply_tree("delete", delete_bone(doc.rig(), 99), message).ok());
}

TEST(EditSession, DraggingAnotherValueEndsTheFirstDragsStep) {
    Document doc = figure();
    History history;
    EditSession session(doc, history);
    ASSERT_TRUE(session.preview("length of forearm", set_bone_length(doc.rig(), 3, 80.0f)).ok());
    ASSERT_TRUE(session.preview("length of hand", set_bone_length(doc.rig(), 4, 30.0f)).ok());
    session.finish();
    EXPECT_EQ(history.size(), 2u);
    ASSERT_TRUE(history.undo(doc));
    EXPECT_EQ(doc.rig().skeleton[3].length, 80.0f);
    EXPECT_NE(doc.rig().skeleton[4].length, 30.0f);
}
