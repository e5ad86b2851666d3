// When the recovery copy is written and removed, on a clock the test moves.

#include <gtest/gtest.h>

#include "editor/files/recovery_schedule.hpp"

using namespace marionette;
using Action = RecoverySchedule::Action;

TEST(RecoverySchedule, NothingWithoutUnsavedChanges) {
    RecoverySchedule s(60.0);
    for (double t = 0.0; t < 300.0; t += 1.0) EXPECT_EQ(s.next(false, 0, t), Action::Nothing);
}

// The first change waits a whole interval, then one copy; no second copy while nothing changes.
TEST(RecoverySchedule, AChangeIsCopiedAnIntervalLaterAndOnlyOnce) {
    RecoverySchedule s(60.0);
    EXPECT_EQ(s.next(true, 1, 10.0), Action::Nothing);
    EXPECT_EQ(s.next(true, 1, 69.9), Action::Nothing);
    ASSERT_EQ(s.next(true, 1, 70.0), Action::Write);
    s.writing(1);
    for (double t = 70.0; t < 500.0; t += 0.5) EXPECT_EQ(s.next(true, 1, t), Action::Nothing) << t;
}

// Editing all the time: one copy an interval, not one a frame.
TEST(RecoverySchedule, ContinuousEditingWritesOnceAnInterval) {
    RecoverySchedule s(60.0);
    int writes = 0;
    std::uint64_t revision = 0;
    for (int frame = 0; frame < 60 * 600; ++frame) {  // ten minutes at 60 frames a second
        ++revision;
        if (s.next(true, revision, frame / 60.0) == Action::Write) {
            s.writing(revision);
            ++writes;
        }
    }
    EXPECT_EQ(writes, 9);  // at 60 s (first change at 0), 120 s, ... 540 s; 600 s is not reached
}

TEST(RecoverySchedule, ANewChangeAfterACopyWaitsItsOwnInterval) {
    RecoverySchedule s(5.0);
    ASSERT_EQ(s.next(true, 1, 0.0), Action::Nothing);
    ASSERT_EQ(s.next(true, 1, 5.0), Action::Write);
    s.writing(1);
    EXPECT_EQ(s.next(true, 1, 100.0), Action::Nothing);
    EXPECT_EQ(s.next(true, 2, 101.0), Action::Nothing);  // changed at 101
    EXPECT_EQ(s.next(true, 3, 105.9), Action::Nothing);
    EXPECT_EQ(s.next(true, 3, 106.0), Action::Write);
}

TEST(RecoverySchedule, NoUnsavedChangesRemovesTheCopyOnce) {
    RecoverySchedule s(1.0);
    s.next(true, 1, 0.0);
    ASSERT_EQ(s.next(true, 1, 1.0), Action::Write);
    s.writing(1);
    EXPECT_TRUE(s.has_copy());
    ASSERT_EQ(s.next(false, 2, 1.5), Action::Remove);  // saved
    s.removed();
    EXPECT_FALSE(s.has_copy());
    EXPECT_EQ(s.next(false, 2, 2.0), Action::Nothing);
    // Changed again: the same revision as a removed copy is not "already copied".
    EXPECT_EQ(s.next(true, 1, 3.0), Action::Nothing);
    EXPECT_EQ(s.next(true, 1, 4.0), Action::Write);
}

TEST(RecoverySchedule, AFailedWriteIsTriedAgainAnIntervalLater) {
    RecoverySchedule s(10.0);
    s.next(true, 1, 0.0);
    ASSERT_EQ(s.next(true, 1, 10.0), Action::Write);
    s.writing(1);
    s.write_failed(10.5);
    EXPECT_EQ(s.next(true, 1, 11.0), Action::Nothing);
    EXPECT_EQ(s.next(true, 1, 20.5), Action::Write);
}

TEST(RecoverySchedule, ARecoveredDocumentIsCopiedAtOnce) {
    RecoverySchedule s(60.0);
    s.restart(true);
    EXPECT_EQ(s.next(true, 0, 0.0), Action::Write);
    s.writing(0);
    EXPECT_EQ(s.next(true, 0, 1.0), Action::Nothing);
    s.restart(false);  // another document: waits its interval
    EXPECT_EQ(s.next(true, 0, 2.0), Action::Nothing);
    EXPECT_EQ(s.next(true, 0, 62.0), Action::Write);
}
