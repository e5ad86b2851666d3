// Replacing a file: what a killed save leaves is cleaned by the next one, long names fit, a
// read-only file is not replaced unless asked, owner and mode are kept.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "core/io/atomic_file.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::read_file;
using marionette::testing::ScratchDir;
using marionette::testing::write_file;

namespace fs = std::filesystem;

namespace {

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

mode_t mode_of(const fs::path& p) {
    struct stat st {};
    EXPECT_EQ(::stat(p.c_str(), &st), 0);
    return st.st_mode & 07777;
}

}  // namespace

TEST(AtomicFile, TemporariesAreShortAndTiedToTheirFile) {
    const std::string prefix = temporary_prefix("/rigs/arm.json");
    EXPECT_EQ(prefix.rfind(".arm.json.", 0), 0u) << prefix;
    EXPECT_EQ(prefix.size(), std::string(".arm.json.12345678.tmp-").size()) << prefix;
    EXPECT_NE(temporary_prefix("/rigs/arm.json"), temporary_prefix("/rigs/arm2.json"));
    const std::string long_name(255, 'n');
    EXPECT_LE(temporary_prefix(long_name).size() + 6, 50u) << "well under the 255 bytes a name may have";
    EXPECT_NE(temporary_prefix(long_name), temporary_prefix(long_name.substr(1) + "m")) << "the hash tells names apart past the part shown";
}

TEST(AtomicFile, ANameOfTheMostBytesAFilesystemTakesCanBeSaved) {
    ScratchDir dir;
    for (std::size_t length : {244u, 250u, 255u}) {
        const fs::path file = dir / (std::string(length - 5, 'a') + ".json");
        const Status s = write_file_atomically(file, "{}\n");
        ASSERT_TRUE(s.ok()) << length << ": " << s.message();
        EXPECT_EQ(read_file(file), "{}\n");
        ASSERT_TRUE(write_file_atomically(file, "[]\n").ok()) << "and replaced";
        EXPECT_EQ(read_file(file), "[]\n");
    }
    EXPECT_EQ(names_in(dir.path()).size(), 3u) << "no temporary left";
}

TEST(AtomicFile, TheNextSaveRemovesWhatAKilledSaveLeft) {
    ScratchDir dir;
    const fs::path file = dir / "arm.json";
    write_file(file, "old");
    const std::string left = temporary_prefix(file) + "Ab12Cd";
    write_file(dir / left, "half a rig");
    const std::string other = temporary_prefix(dir / "leg.json") + "Ab12Cd";  // another file's
    write_file(dir / other, "half a leg");
    write_file(dir / ".arm.json.tmp-Ab12Cd", "not ours: an older naming, or the user's");

    ASSERT_TRUE(write_file_atomically(file, "new").ok());
    EXPECT_EQ(read_file(file), "new");
    EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{".arm.json.tmp-Ab12Cd", other, "arm.json"}));
}

TEST(AtomicFile, ATemporaryASaveIsWritingIsNotTaken) {
    // A second program saving the same file holds a lock on its temporary until the rename.
    ScratchDir dir;
    const fs::path file = dir / "arm.json";
    const fs::path busy = dir / (temporary_prefix(file) + "Zz99Zz");
    write_file(busy, "being written");
    const int fd = ::open(busy.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);
    EXPECT_EQ(remove_leftover_temporaries(file), 0);
    ASSERT_TRUE(write_file_atomically(file, "ours").ok());
    EXPECT_TRUE(fs::exists(busy));
    ::close(fd);
    EXPECT_EQ(remove_leftover_temporaries(file), 1) << "once its writer is gone, it is a leftover";
    EXPECT_FALSE(fs::exists(busy));
}

TEST(AtomicFile, AKillDuringASaveLeavesTheOldFileAndTheNextSaveCleansUp) {
    ScratchDir dir;
    const fs::path file = dir / "big.json";
    write_file(file, "old");
    const std::string prefix = temporary_prefix(file);
    const auto temporary_exists = [&] {
        for (const std::string& n : names_in(dir.path())) {
            if (n.rfind(prefix, 0) == 0) return true;
        }
        return false;
    };
    // Killed (SIGKILL: no handler, no clean-up) once its temporary is on disk, mid-write.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        const std::string huge(200'000'000, 'x');
        (void)write_file_atomically(file, huge);
        ::_exit(0);
    }
    for (int i = 0; i < 20'000 && !temporary_exists(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the save finished before the kill; nothing was tested";
    ASSERT_TRUE(temporary_exists()) << "a killed save leaves its temporary (what this test is about)";
    EXPECT_EQ(read_file(file), "old");

    ASSERT_TRUE(write_file_atomically(file, "new").ok());
    EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"big.json"});
}

TEST(AtomicFile, AReadOnlyFileIsReplacedOnlyWhenAsked) {
    ScratchDir dir;
    const fs::path file = dir / "arm.json";
    write_file(file, "kept");
    ASSERT_EQ(::chmod(file.c_str(), 0444), 0);
    EXPECT_TRUE(is_read_only_file(file)) << "0444 is read-only, for root too";
    const Status refused = write_file_atomically(file, "new");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), file.string() + ": is read-only; not replaced");
    EXPECT_EQ(read_file(file), "kept");
    EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"arm.json"});

    ASSERT_TRUE(write_file_atomically(file, "new", WriteOptions{.replace_read_only = true}).ok());
    EXPECT_EQ(read_file(file), "new");
    EXPECT_EQ(mode_of(file), 0444u) << "still read-only afterwards";
    EXPECT_FALSE(is_read_only_file(dir / "missing.json"));
}

TEST(AtomicFile, OwnerGroupAndModeAreKept) {
    if (::geteuid() != 0) GTEST_SKIP() << "only root can give a file to another user";
    ScratchDir dir;
    const fs::path file = dir / "theirs.json";
    write_file(file, "old");
    ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
    ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
    ASSERT_TRUE(write_file_atomically(file, "new").ok());
    struct stat st {};
    ASSERT_EQ(::stat(file.c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, 65534u) << "a save by root leaves the file its owner's";
    EXPECT_EQ(st.st_gid, 65534u);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST(AtomicFile, AnotherHardLinkKeepsTheOldContents) {
    // Documented (rig-format.md): a save writes a new file; other names of the old one keep it.
    ScratchDir dir;
    write_file(dir / "arm.json", "old");
    fs::create_hard_link(dir / "arm.json", dir / "backup.json");
    ASSERT_TRUE(write_file_atomically(dir / "arm.json", "new").ok());
    EXPECT_EQ(read_file(dir / "arm.json"), "new");
    EXPECT_EQ(read_file(dir / "backup.json"), "old");
}

TEST(AtomicFile, AWriterNotCommittedLeavesTheOldFileAndNoTemporary) {
    ScratchDir dir;
    const fs::path file = dir / "frames.json";
    write_file(file, "old");
    {
        Result<AtomicFileWriter> writer = AtomicFileWriter::create(file);
        ASSERT_TRUE(writer.ok()) << writer.message();
        ASSERT_TRUE(writer.value().write("half of the new").ok());
        EXPECT_EQ(names_in(dir.path()).size(), 2u) << "the temporary is being written";
    }  // an error on the way: never committed
    EXPECT_EQ(read_file(file), "old");
    EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"frames.json"});

    Result<AtomicFileWriter> writer = AtomicFileWriter::create(file);
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE(writer.value().write("new, ").ok());
    ASSERT_TRUE(writer.value().write("in two pieces").ok());
    ASSERT_TRUE(writer.value().commit().ok());
    EXPECT_EQ(read_file(file), "new, in two pieces");
    EXPECT_FALSE(writer.value().commit().ok()) << "a writer commits once";
}
