// The recovery copy of an open document, kept on a clock the test moves: written once an
// interval with unsaved changes, current with the document, removed when there is nothing
// unsaved, taking over an adopted copy, and a write failure reported once.

#include <gtest/gtest.h>

#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/history.hpp"
#include "editor/files/recovery_keeper.hpp"
#include "editor/files/recovery_session.hpp"

using namespace marionette;
using marionette::testing::start_ok;
using namespace marionette::testing;
namespace fs = std::filesystem;

namespace {

void turn(Document& doc, float angle) {
    doc.edit([&](Rig& rig) { rig.pose.rotations[3] = rotation_2d(angle); });
}

std::string copy_rig_text(const fs::path& file) {
    const Result<RecoveredRig> r = read_recovery_file(file);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
    return r.ok() ? serialize_rig(r.value().rig).value() : std::string();
}

}  // namespace

TEST(RecoveryKeeper, WritesTheDocumentAnIntervalAfterItChanged) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir.path()), 60.0);
    const fs::path copy = keeper.session().copy_file();
    Document doc(figure_2d(), dir / "figure.json");
    keeper.tick(doc, 0.0);
    turn(doc, 0.3f);
    keeper.tick(doc, 1.0);
    keeper.flush(1.0);
    EXPECT_FALSE(fs::exists(copy)) << "written before the interval";
    keeper.tick(doc, 61.0);
    keeper.flush(61.0);
    ASSERT_TRUE(fs::exists(copy));
    EXPECT_EQ(copy_rig_text(copy), serialize_rig(doc.rig()).value());
    const Result<RecoveredRig> r = read_recovery_file(copy);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value().record.document, dir / "figure.json");
    EXPECT_EQ(r.value().record.pid, static_cast<long>(::getpid()));
    EXPECT_FALSE(keeper.take_message());
}

// Not every frame: the file is not rewritten while nothing changes, and a later change makes
// the copy current again an interval on.
TEST(RecoveryKeeper, RewritesOnlyAfterAnotherChange) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir.path()), 5.0);
    const fs::path copy = keeper.session().copy_file();
    Document doc(figure_2d(), {});
    turn(doc, 0.3f);
    keeper.tick(doc, 0.0);
    keeper.tick(doc, 5.0);
    keeper.flush(5.0);
    ASSERT_TRUE(fs::exists(copy));
    const auto first_write = fs::last_write_time(copy);
    fs::last_write_time(copy, first_write - std::chrono::hours(1));  // so a rewrite would show
    for (double t = 5.0; t < 60.0; t += 1.0 / 60.0) keeper.tick(doc, t);
    keeper.flush(60.0);
    EXPECT_EQ(fs::last_write_time(copy), first_write - std::chrono::hours(1)) << "rewritten without a change";

    turn(doc, 0.6f);
    keeper.tick(doc, 61.0);
    keeper.tick(doc, 66.0);
    keeper.flush(66.0);
    EXPECT_EQ(copy_rig_text(copy), serialize_rig(doc.rig()).value());
}

// A save (or undoing back to the saved state) leaves nothing to recover: the copy goes.
TEST(RecoveryKeeper, NoUnsavedChangesRemoveTheCopy) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir.path()), 1.0);
    const fs::path copy = keeper.session().copy_file();
    Document doc(figure_2d(), dir / "figure.json");
    History history;
    Rig moved = doc.rig();
    moved.pose.root_offset.x += 1.0f;
    ASSERT_TRUE(apply_edit(doc, history, "move", std::move(moved)).ok());
    keeper.tick(doc, 0.0);
    keeper.tick(doc, 1.0);
    keeper.flush(1.0);
    ASSERT_TRUE(fs::exists(copy));
    history.undo(doc);
    ASSERT_FALSE(doc.modified());
    keeper.tick(doc, 2.0);
    EXPECT_FALSE(fs::exists(copy)) << "undone to the saved state, the copy stayed";

    history.redo(doc);
    keeper.tick(doc, 3.0);
    keeper.tick(doc, 4.0);
    keeper.flush(4.0);
    ASSERT_TRUE(fs::exists(copy));
    ASSERT_TRUE(doc.save().ok());
    keeper.tick(doc, 5.0);
    EXPECT_FALSE(fs::exists(copy)) << "saved, the copy stayed";
}

TEST(RecoveryKeeper, ReplacingTheDocumentRemovesItsCopy) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir.path()), 1.0);
    Document doc(figure_2d(), {});
    turn(doc, 0.3f);
    keeper.tick(doc, 0.0);
    keeper.tick(doc, 1.0);  // the write is in flight: replacing waits for it, then removes
    doc = Document(figure_3d(), {});
    keeper.document_replaced();
    EXPECT_FALSE(fs::exists(keeper.session().copy_file()));
    keeper.flush(2.0);
    EXPECT_FALSE(fs::exists(keeper.session().copy_file())) << "a finished write brought the copy back";
}

TEST(RecoveryKeeper, EndRemovesTheCopyAndTheLock) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir.path()), 1.0);
    Document doc(figure_2d(), {});
    turn(doc, 0.3f);
    keeper.tick(doc, 0.0);
    keeper.tick(doc, 1.0);
    keeper.end();
    EXPECT_TRUE(fs::is_empty(dir.path()));
}

// The recovered work's own copy is written at once; then (and only then) the copy it came from goes.
TEST(RecoveryKeeper, AnAdoptedCopyGoesOnceOursIsWritten) {
    ScratchDir dir;
    {
        RecoverySession crashed = start_ok(dir.path());
        ASSERT_TRUE(crashed.write(recovery_record(Document(figure_2d(), {})), figure_2d()).ok());
    }  // gone without end(), as after a crash
    AbandonedCopies found = claim_abandoned_copies(dir.path());
    ASSERT_EQ(found.copies.size(), 1u);
    const fs::path old_copy = found.copies[0].file();
    Document doc = Document::unsaved(found.copies[0].copy().rig, {}, std::nullopt);

    RecoveryKeeper keeper(start_ok(dir.path()), 60.0);
    keeper.adopt(std::move(found.copies[0]));
    EXPECT_TRUE(fs::exists(old_copy));
    keeper.tick(doc, 0.0);
    keeper.flush(0.0);
    EXPECT_TRUE(fs::exists(keeper.session().copy_file()));
    EXPECT_FALSE(fs::exists(old_copy));
    EXPECT_TRUE(claim_abandoned_copies(dir.path()).copies.empty()) << "the live session's copy was offered";
}

// A failed write goes to the status bar once, not every interval; the editor goes on.
TEST(RecoveryKeeper, AFailedWriteIsReportedOnce) {
    ScratchDir dir;
    RecoveryKeeper keeper(start_ok(dir / "recovery"), 1.0);
    fs::remove_all(dir / "recovery");
    Document doc(figure_2d(), {});
    double t = 0.0;
    int messages = 0;
    for (int i = 0; i < 10; ++i) {
        turn(doc, 0.1f * static_cast<float>(i));
        keeper.tick(doc, t);
        keeper.tick(doc, t += 1.0);
        keeper.flush(t);
        if (auto m = keeper.take_message()) {
            ++messages;
            EXPECT_NE(m->find("Recovery copy not written: "), std::string::npos) << *m;
            EXPECT_NE(m->find(keeper.session().copy_file().string()), std::string::npos) << *m;
        }
    }
    EXPECT_EQ(messages, 1);

    fs::create_directories(dir / "recovery");  // the disk is back
    turn(doc, 2.0f);
    keeper.tick(doc, t += 1.0);
    keeper.tick(doc, t += 1.0);
    keeper.flush(t);
    const auto m = keeper.take_message();
    ASSERT_TRUE(m);
    EXPECT_NE(m->find("written again"), std::string::npos) << *m;
    EXPECT_EQ(copy_rig_text(keeper.session().copy_file()), serialize_rig(doc.rig()).value());
}
