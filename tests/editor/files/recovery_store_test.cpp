// Recovery copies on disk: a session's own copy, claiming the copies of editors that are gone
// (real processes, ended with SIGKILL), never those of editors still running, and what happens
// to copies that do not read and folders that cannot be written.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "core/io/atomic_file.hpp"
#include "core/test_files.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/files/recovery_keeper.hpp"
#include "editor/files/recovery_session.hpp"
#include "editor/files/recovery_store.hpp"

using namespace marionette;
using marionette::testing::start_ok;
using namespace marionette::testing;
namespace fs = std::filesystem;

namespace {

RecoveryRecord record_for(const fs::path& document, std::int64_t written_at = 1'763'730'000) {
    RecoveryRecord r;
    r.document = document;
    r.pid = static_cast<long>(::getpid());
    r.host = "test";
    r.written_at = written_at;
    return r;
}

// Another editor process: it starts a session in `folder`, writes a copy of the figure for
// `document`, tells the parent, and then waits to be killed (it never ends its session).
struct OtherEditor {
    pid_t pid = -1;

    OtherEditor(const fs::path& folder, const fs::path& document) {
        int ready[2];
        if (::pipe(ready) != 0) std::abort();
        pid = ::fork();
        if (pid == 0) {
            ::close(ready[0]);
            Result<RecoverySession> s = RecoverySession::start(folder);
            const bool ok = s.ok() && s.value().write(record_for(document), figure_2d()).ok();
            const char c = ok ? 'y' : 'n';
            (void)!::write(ready[1], &c, 1);
            for (;;) ::pause();
        }
        ::close(ready[1]);
        char c = 'n';
        EXPECT_EQ(::read(ready[0], &c, 1), 1);
        EXPECT_EQ(c, 'y') << "the other editor could not write its copy";
        ::close(ready[0]);
    }
    // A crash: no clean-up of any kind runs.
    void kill() {
        if (pid <= 0) return;
        ::kill(pid, SIGKILL);
        int status = 0;
        ::waitpid(pid, &status, 0);
        pid = -1;
    }
    ~OtherEditor() { kill(); }
};

std::size_t count_files(const fs::path& folder) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(folder)) ++n;
    return n;
}

}  // namespace

TEST(RecoveryStore, FolderComesFromTheConfigDir) {
    const char* old = std::getenv("MARIONETTE_CONFIG_DIR");
    const std::string saved = old ? old : "";
    ::setenv("MARIONETTE_CONFIG_DIR", "/tmp/somewhere", 1);
    EXPECT_EQ(recovery_folder(), fs::path("/tmp/somewhere/recovery"));
    if (old) {
        ::setenv("MARIONETTE_CONFIG_DIR", saved.c_str(), 1);
    } else {
        ::unsetenv("MARIONETTE_CONFIG_DIR");
    }
}

TEST(RecoveryStore, ASessionWritesRemovesAndEndsCleanly) {
    ScratchDir dir;
    const fs::path folder = dir / "config/recovery";
    RecoverySession session = start_ok(folder);  // creates the folder
    EXPECT_EQ(session.id().rfind(std::to_string(::getpid()) + "-", 0), 0u) << session.id();
    EXPECT_TRUE(fs::exists(folder / (session.id() + ".lock")));
    EXPECT_FALSE(fs::exists(session.copy_file()));

    ASSERT_TRUE(session.write(record_for("/rigs/arm.json"), figure_2d()).ok());
    const Result<RecoveredRig> back = read_recovery_file(session.copy_file());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().record.document, "/rigs/arm.json");
    EXPECT_EQ(count_files(folder), 2u) << "a temporary file was left";

    ASSERT_TRUE(session.remove_copy().ok());
    EXPECT_FALSE(fs::exists(session.copy_file()));
    EXPECT_TRUE(session.remove_copy().ok()) << "removing no copy is not an error";
    session.end();
    EXPECT_EQ(count_files(folder), 0u);
}

// Two sessions of one user at once: each has its own files.
TEST(RecoveryStore, TwoSessionsNeverShareFiles) {
    ScratchDir dir;
    RecoverySession a = start_ok(dir.path());
    RecoverySession b = start_ok(dir.path());
    EXPECT_NE(a.id(), b.id());
    EXPECT_NE(a.copy_file(), b.copy_file());
}

// Our own copy, and another live editor's, are not offered, and are left exactly as they are.
TEST(RecoveryStore, LiveEditorsCopiesAreNotClaimed) {
    ScratchDir dir;
    RecoverySession own = start_ok(dir.path());
    ASSERT_TRUE(own.write(record_for("/rigs/mine.json"), figure_2d()).ok());
    OtherEditor other(dir.path(), "/rigs/theirs.json");
    const std::string before_own = read_file(own.copy_file());

    const AbandonedCopies found = claim_abandoned_copies(dir.path());
    EXPECT_TRUE(found.copies.empty());
    EXPECT_TRUE(found.problems.empty());
    EXPECT_EQ(count_files(dir.path()), 4u);  // two copies, two locks
    EXPECT_EQ(read_file(own.copy_file()), before_own);
}

// The other editor is killed: its copy is offered, with its record; while claimed, a second
// look (another editor starting at the same moment) does not see it; released, it does again.
TEST(RecoveryStore, AKilledEditorsCopyIsClaimedOnce) {
    ScratchDir dir;
    OtherEditor other(dir.path(), "/rigs/arm.json");
    const pid_t other_pid = other.pid;
    other.kill();

    AbandonedCopies found = claim_abandoned_copies(dir.path());
    ASSERT_EQ(found.copies.size(), 1u);
    const RecoveredRig& copy = found.copies[0].copy();
    EXPECT_EQ(copy.record.document, "/rigs/arm.json");
    EXPECT_EQ(copy.record.pid, static_cast<long>(other_pid));
    EXPECT_EQ(copy.rig.skeleton.size(), figure_2d().skeleton.size());

    EXPECT_TRUE(claim_abandoned_copies(dir.path()).copies.empty()) << "a claimed copy was offered twice";
    found.copies[0].release();
    ASSERT_EQ(claim_abandoned_copies(dir.path()).copies.size(), 1u) << "a released copy is offered again";
}

TEST(RecoveryStore, DiscardDeletesTheCopyAndItsLock) {
    ScratchDir dir;
    OtherEditor other(dir.path(), "/rigs/arm.json");
    other.kill();
    AbandonedCopies found = claim_abandoned_copies(dir.path());
    ASSERT_EQ(found.copies.size(), 1u);
    const fs::path file = found.copies[0].file();
    ASSERT_TRUE(found.copies[0].discard().ok());
    EXPECT_FALSE(fs::exists(file));
    EXPECT_EQ(count_files(dir.path()), 0u);
    EXPECT_TRUE(claim_abandoned_copies(dir.path()).copies.empty());
}

// Several crashed editors: all offered, oldest first.
TEST(RecoveryStore, CopiesComeOldestFirst) {
    ScratchDir dir;
    for (const auto& [name, at] : {std::pair{"b.json", 300}, std::pair{"a.json", 100}, std::pair{"c.json", 200}}) {
        RecoverySession s = start_ok(dir.path());
        ASSERT_TRUE(s.write(record_for(fs::path("/rigs") / name, at), figure_2d()).ok());
        // Destroyed without end(): as a crash leaves it (the lock is let go, the files stay).
    }
    const AbandonedCopies found = claim_abandoned_copies(dir.path());
    ASSERT_EQ(found.copies.size(), 3u);
    EXPECT_EQ(found.copies[0].copy().record.document, "/rigs/a.json");
    EXPECT_EQ(found.copies[1].copy().record.document, "/rigs/c.json");
    EXPECT_EQ(found.copies[2].copy().record.document, "/rigs/b.json");
}

// A copy that does not read is reported, kept aside under another name and not offered again;
// nothing crashes. A copy whose lock file was removed by hand is still found.
TEST(RecoveryStore, UnreadableCopiesAreReportedAndKeptAside) {
    ScratchDir dir;
    write_file(dir / "111-deadbeef.json", "{\"format\": \"marionette-recovery\", \"vers");  // cut short
    write_file(dir / "111-deadbeef.lock", "");
    write_file(dir / "222-cafecafe.json", "{\"format\": \"marionette-recovery\", \"version\": 1}");  // no lock file
    AbandonedCopies found = claim_abandoned_copies(dir.path());
    EXPECT_TRUE(found.copies.empty());
    ASSERT_EQ(found.problems.size(), 2u);
    EXPECT_NE(found.problems[0].find("111-deadbeef.json: not valid JSON"), std::string::npos) << found.problems[0];
    EXPECT_NE(found.problems[0].find("kept as"), std::string::npos) << found.problems[0];
    EXPECT_NE(found.problems[1].find("222-cafecafe.json: missing required"), std::string::npos) << found.problems[1];
    EXPECT_TRUE(fs::exists(dir / "111-deadbeef.json.unreadable"));
    EXPECT_TRUE(fs::exists(dir / "222-cafecafe.json.unreadable"));
    EXPECT_FALSE(fs::exists(dir / "111-deadbeef.lock"));

    found = claim_abandoned_copies(dir.path());
    EXPECT_TRUE(found.copies.empty());
    EXPECT_TRUE(found.problems.empty()) << "reported again";
}

// Issue 57: a session id comes back (pids are reused, the random part may repeat); its
// unreadable copy was renamed over the older one kept aside, losing it. Each is kept.
TEST(RecoveryStore, AnUnreadableCopyNeverReplacesOneKeptAsideBefore) {
    ScratchDir dir;
    write_file(dir / "111-deadbeef.json.unreadable", "the first unreadable copy");
    write_file(dir / "111-deadbeef.json.unreadable-2", "the second");
    write_file(dir / "111-deadbeef.json", "{\"format\": \"marionette-recovery\", \"vers");  // cut short
    const AbandonedCopies found = claim_abandoned_copies(dir.path());
    ASSERT_EQ(found.problems.size(), 1u);
    EXPECT_NE(found.problems[0].find("(kept as " + (dir / "111-deadbeef.json.unreadable-3").string() + ")"), std::string::npos)
        << found.problems[0];
    EXPECT_EQ(read_file(dir / "111-deadbeef.json.unreadable"), "the first unreadable copy");
    EXPECT_EQ(read_file(dir / "111-deadbeef.json.unreadable-2"), "the second");
    EXPECT_EQ(read_file(dir / "111-deadbeef.json.unreadable-3"), "{\"format\": \"marionette-recovery\", \"vers");
    EXPECT_FALSE(fs::exists(dir / "111-deadbeef.json"));
}

// A pipe as a copy hung the start; a link to /dev/zero was read until memory ran out. Neither
// is read: each is reported once and put aside, a pipe or link as a lock is not taken.
TEST(RecoveryStore, PipesAndDevicesInTheFolderAreReportedNotRead) {
    ScratchDir dir;
    ASSERT_EQ(::mkfifo((dir / "111-00000001.json").c_str(), 0644), 0);
    fs::create_symlink("/dev/zero", dir / "222-00000002.json");
    write_file(dir / "333-00000003.json", "{}");
    ASSERT_EQ(::mkfifo((dir / "333-00000003.lock").c_str(), 0644), 0);
    const AbandonedCopies found = claim_abandoned_copies(dir.path());
    EXPECT_TRUE(found.copies.empty());
    ASSERT_EQ(found.problems.size(), 2u);
    EXPECT_NE(found.problems[0].find("111-00000001.json: is not a regular file"), std::string::npos) << found.problems[0];
    EXPECT_NE(found.problems[1].find("222-00000002.json: is not a regular file"), std::string::npos) << found.problems[1];
    EXPECT_TRUE(fs::exists(dir / "333-00000003.json")) << "a copy whose lock is not a file is not judged";
    EXPECT_TRUE(claim_abandoned_copies(dir.path()).problems.empty()) << "reported once";
}

// Left-overs of gone sessions without a copy (a lock, a temporary file cut off mid-write) go.
TEST(RecoveryStore, GoneSessionsLeftOversAreCleanedUp) {
    ScratchDir dir;
    write_file(dir / "333-00000001.lock", "");
    write_file(dir / (temporary_prefix(dir / "333-00000001.json") + "AbC123"), "{\"format\": \"marionette-rec");
    OtherEditor live(dir.path(), "/rigs/live.json");
    EXPECT_TRUE(claim_abandoned_copies(dir.path()).copies.empty());
    EXPECT_EQ(count_files(dir.path()), 2u) << "only the live editor's copy and lock remain";
}

TEST(RecoveryStore, AFolderThatCannotBeMadeIsAnErrorNamingIt) {
    ScratchDir dir;
    write_file(dir / "config", "a file where the folder should be");
    const Result<RecoverySession> s = RecoverySession::start(dir / "config/recovery");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find((dir / "config/recovery").string() + ": cannot create the recovery folder"), std::string::npos)
        << s.message();
    EXPECT_TRUE(claim_abandoned_copies(dir / "config/recovery").copies.empty());  // and nothing breaks
}

TEST(RecoveryStore, AWriteIntoAVanishedFolderFailsAndSaysWhere) {
    ScratchDir dir;
    RecoverySession s = start_ok(dir / "recovery");
    fs::remove_all(dir / "recovery");
    const Status st = s.write(record_for("/rigs/arm.json"), figure_2d());
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.message().find(s.copy_file().string()), std::string::npos) << st.message();
    s.end();  // ends without complaint
}
