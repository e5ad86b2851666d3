// Outputs of several files: every target checked before any is written, every member written
// before any is renamed, the renames in order; a refusal, a full disk or a kill before the
// renames leaves the old set whole and nothing else.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "core/file_size_limit.hpp"
#include "core/io/file_set.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::FileSizeLimit;
using marionette::testing::read_file;
using marionette::testing::ScratchDir;
using marionette::testing::tree_of;
using marionette::testing::write_file;

namespace fs = std::filesystem;

namespace {

// A set of three: a picture in a folder, an atlas, and the skeleton that switches sets.
std::vector<FileSetMember> three(const ScratchDir& dir, const std::string& tag, std::size_t picture_bytes = 10) {
    return {FileSetMember{dir / "images/head.png", std::string(picture_bytes, 'p') + tag}, FileSetMember{dir / "out.atlas", "atlas " + tag},
            FileSetMember{dir / "out.json", "skeleton " + tag}};
}

void expect_set(const ScratchDir& dir, const std::string& tag, std::size_t picture_bytes = 10) {
    EXPECT_EQ(read_file(dir / "images/head.png"), std::string(picture_bytes, 'p') + tag);
    EXPECT_EQ(read_file(dir / "out.atlas"), "atlas " + tag);
    EXPECT_EQ(read_file(dir / "out.json"), "skeleton " + tag);
}

const std::vector<std::string> kSetTree{"images", "images/head.png", "out.atlas", "out.json"};

}  // namespace

TEST(FileSet, ATargetThatCannotBeReplacedStopsTheSetBeforeAnythingIsWritten) {
    ScratchDir dir;
    // The skeleton's name is a pipe, then a folder: the picture and the atlas before it must not
    // be written either (no images folder, no atlas, no temporary).
    ASSERT_EQ(::mkfifo((dir / "out.json").c_str(), 0644), 0);
    Status s = write_file_set(three(dir, "new"));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("out.json: is not a regular file"), std::string::npos) << s.message();
    EXPECT_EQ(tree_of(dir.path()), std::vector<std::string>{"out.json"});

    fs::remove(dir / "out.json");
    fs::create_directory(dir / "out.json");
    s = write_file_set(three(dir, "new"));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("out.json: is a folder"), std::string::npos) << s.message();
    EXPECT_EQ(tree_of(dir.path()), std::vector<std::string>{"out.json"});

    // A file where a member's folder should be.
    fs::remove(dir / "out.json");
    write_file(dir / "images", "not a folder");
    s = write_file_set(three(dir, "new"));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("images: is not a folder"), std::string::npos) << s.message();
    EXPECT_EQ(tree_of(dir.path()), std::vector<std::string>{"images"});
}

TEST(FileSet, AReadOnlyMemberIsReplacedOnlyWhenAsked) {
    ScratchDir dir;
    ASSERT_TRUE(write_file_set(three(dir, "old")).ok());
    ASSERT_EQ(::chmod((dir / "out.json").c_str(), 0444), 0);
    const Status s = write_file_set(three(dir, "new"));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("out.json: is read-only"), std::string::npos) << s.message();
    expect_set(dir, "old");
    ASSERT_TRUE(write_file_set(three(dir, "new"), FileSetOptions{WriteOptions{.replace_read_only = true}}).ok());
    expect_set(dir, "new");
}

TEST(FileSet, AFullDiskLeavesTheOldSetAndNothingElse) {
    ScratchDir dir;
    ASSERT_TRUE(write_file_set(three(dir, "old")).ok());
    // The new picture is larger than the disk has room for; the atlas and skeleton are written
    // after it and the picture would be renamed first: none may change.
    Status s;
    {
        FileSizeLimit full(4096);
        ASSERT_TRUE(full.ok());
        std::vector<FileSetMember> set = three(dir, "new");
        std::swap(set[0], set[2]);  // the large member last, so the others' temporaries exist
        set[2].bytes = std::string(100'000, 'p');
        s = write_file_set(set);
    }
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("head.png: write failed: File too large"), std::string::npos) << s.message();
    expect_set(dir, "old");
    EXPECT_EQ(tree_of(dir.path()), kSetTree) << "a temporary was left";

    // Into a folder the set made: the folder goes too.
    ScratchDir fresh;
    {
        FileSizeLimit full(4096);
        ASSERT_TRUE(full.ok());
        s = write_file_set(three(fresh, "new", 100'000));
    }
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(tree_of(fresh.path()).empty());
}

TEST(FileSet, AKillBeforeTheRenamesLeavesTheOldSetAndBetweenThemOnlyTheFirstMembers) {
    for (std::size_t killed_at = 0; killed_at < 3; ++killed_at) {
        ScratchDir dir;
        ASSERT_TRUE(write_file_set(three(dir, "old")).ok());
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            FileSetOptions options;
            options.before_rename = [killed_at](std::size_t i) {
                if (i == killed_at) ::kill(::getpid(), SIGKILL);  // no handler, no clean-up
            };
            (void)write_file_set(three(dir, "new"), options);
            ::_exit(0);
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status)) << killed_at;
        EXPECT_EQ(read_file(dir / "images/head.png"), std::string(10, 'p') + (killed_at > 0 ? "new" : "old")) << killed_at;
        EXPECT_EQ(read_file(dir / "out.atlas"), killed_at > 1 ? "atlas new" : "atlas old") << killed_at;
        EXPECT_EQ(read_file(dir / "out.json"), "skeleton old") << killed_at << ": the last member switches sets";
        // The next write of the set removes what the killed one left.
        ASSERT_TRUE(write_file_set(three(dir, "next")).ok());
        expect_set(dir, "next");
        EXPECT_EQ(tree_of(dir.path()), kSetTree) << killed_at;
    }
}

TEST(FileSet, AMemberThatAlreadyHoldsItsBytesIsNotRewritten) {
    ScratchDir dir;
    std::vector<FileSetMember> set = three(dir, "same");
    for (FileSetMember& m : set) m.keep_if_same = true;
    ASSERT_TRUE(write_file_set(set).ok());
    // Read-only and unchanged: nothing to replace, so nothing refused.
    ASSERT_EQ(::chmod((dir / "images/head.png").c_str(), 0444), 0);
    struct stat before {};
    ASSERT_EQ(::stat((dir / "images/head.png").c_str(), &before), 0);
    set[2].bytes = "skeleton changed";
    ASSERT_TRUE(write_file_set(set).ok());
    struct stat after {};
    ASSERT_EQ(::stat((dir / "images/head.png").c_str(), &after), 0);
    EXPECT_EQ(before.st_ino, after.st_ino) << "rewritten";
    EXPECT_EQ(read_file(dir / "out.json"), "skeleton changed");
}
