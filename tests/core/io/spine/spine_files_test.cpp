// Writing a Spine export's files over an earlier export (issue 57): a full disk or a kill while
// they are written leaves the earlier skeleton, atlas and pictures as they were, not half of
// the new ones beside the old skeleton.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/file_size_limit.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/spine/spine_files.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::FileSizeLimit;
using marionette::testing::read_file;
using marionette::testing::ScratchDir;
using marionette::testing::tree_of;

namespace fs = std::filesystem;

namespace {

// An export's files in plan_spine_files' order: pictures, atlas, skeleton.
std::vector<SpineFile> export_of(const ScratchDir& dir, const std::string& tag, std::size_t skeleton_bytes = 0) {
    return {SpineFile{dir / "images/io/head.png", "head " + tag}, SpineFile{dir / "images/io/body.png", "body " + tag},
            SpineFile{dir / "io.atlas", "atlas " + tag}, SpineFile{dir / "io.json", "skeleton " + tag + std::string(skeleton_bytes, ' ')}};
}

void expect_old_export(const ScratchDir& dir) {
    EXPECT_EQ(read_file(dir / "images/io/head.png"), "head old");
    EXPECT_EQ(read_file(dir / "images/io/body.png"), "body old");
    EXPECT_EQ(read_file(dir / "io.atlas"), "atlas old");
    EXPECT_EQ(read_file(dir / "io.json"), "skeleton old");
}

const std::vector<std::string> kExportTree{"images", "images/io", "images/io/body.png", "images/io/head.png", "io.atlas", "io.json"};

}  // namespace

TEST(SpineFiles, AFullDiskLeavesTheEarlierExportWhole) {
    ScratchDir dir;
    ASSERT_TRUE(write_spine_files(export_of(dir, "old"), false).ok());
    Status s;
    {
        FileSizeLimit full(4096);  // the disk fills while the skeleton, written last, is written
        ASSERT_TRUE(full.ok());
        s = write_spine_files(export_of(dir, "new", 100'000), false);
    }
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("io.json: write failed: File too large"), std::string::npos) << s.message();
    expect_old_export(dir);
    EXPECT_EQ(tree_of(dir.path()), kExportTree) << "a temporary was left";
}

TEST(SpineFiles, AKillWhileTheSkeletonIsWrittenLeavesTheEarlierExportWhole) {
    ScratchDir dir;
    ASSERT_TRUE(write_spine_files(export_of(dir, "old"), false).ok());
    const std::string prefix = temporary_prefix(dir / "io.json");
    const auto skeleton_being_written = [&] {
        for (const auto& e : fs::directory_iterator(dir.path())) {
            if (e.path().filename().string().rfind(prefix, 0) == 0) return true;
        }
        return false;
    };
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        (void)write_spine_files(export_of(dir, "new", 200'000'000), false);
        ::_exit(0);
    }
    for (int i = 0; i < 20'000 && !skeleton_being_written(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the export finished before the kill; nothing was tested";
    expect_old_export(dir);

    ASSERT_TRUE(write_spine_files(export_of(dir, "new"), false).ok());
    EXPECT_EQ(read_file(dir / "io.json"), "skeleton new");
    EXPECT_EQ(read_file(dir / "io.atlas"), "atlas new");
    EXPECT_EQ(tree_of(dir.path()), kExportTree) << "the next export removes what the killed one left";
}
