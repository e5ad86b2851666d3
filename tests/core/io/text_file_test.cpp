// Files the user names can be anything: the loaders read only regular files, up to a limit,
// and say why otherwise, without blocking, running out of memory or crashing.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/io/text_file.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::ScratchDir;
using marionette::testing::write_file;

namespace {

void expect_error(const Result<std::string>& r, const std::string& expected) {
    ASSERT_FALSE(r.ok()) << "expected: " << expected;
    EXPECT_EQ(r.message(), expected);
}

}  // namespace

TEST(TextFile, ReadsARegularFileWhole) {
    ScratchDir dir;
    std::string text(100000, 'x');
    text += "end";
    write_file(dir / "a.txt", text);
    Result<std::string> r = read_text_file(dir / "a.txt", 200000, "thing");
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.value(), text);
    write_file(dir / "empty.txt", "");
    EXPECT_EQ(read_text_file(dir / "empty.txt", 10, "thing").value(), "");
}

TEST(TextFile, AFileExactlyAtTheLimitIsReadOneByteMoreIsRefused) {
    ScratchDir dir;
    write_file(dir / "a.txt", std::string(1000, 'y'));
    EXPECT_TRUE(read_text_file(dir / "a.txt", 1000, "rig file").ok());
    expect_error(read_text_file(dir / "a.txt", 999, "rig file"),
                 (dir / "a.txt").string() + ": is 1000 bytes; a rig file may be at most 999 bytes");
}

TEST(TextFile, DevicesAndPipesAreRefusedWithoutReading) {
    // /dev/zero never ends: read whole it exhausted memory and aborted the program.
    expect_error(read_text_file("/dev/zero", 1000, "rig file"),
                 "/dev/zero: is not a regular file (a device, pipe or socket), not a rig file");
    // A FIFO with no writer: opening it for reading used to block forever.
    ScratchDir dir;
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
    expect_error(read_text_file(dir / "fifo", 1000, "script"),
                 (dir / "fifo").string() + ": is not a regular file (a device, pipe or socket), not a script");
    expect_error(read_text_file(dir.path(), 1000, "rig file"), dir.path().string() + ": is a directory, not a rig file");
}

TEST(TextFile, AMissingFileSaysSo) {
    ScratchDir dir;
    expect_error(read_text_file(dir / "none.json", 1000, "rig file"),
                 (dir / "none.json").string() + ": cannot open: No such file or directory");
}

TEST(TextFile, AnUnreadableFileSaysWhy) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads files whatever their permissions";
    ScratchDir dir;
    write_file(dir / "secret.json", "{}");
    ASSERT_EQ(::chmod((dir / "secret.json").c_str(), 0), 0);
    expect_error(read_text_file(dir / "secret.json", 1000, "rig file"),
                 (dir / "secret.json").string() + ": cannot open: Permission denied");
}

TEST(TextFile, AHugeRigFileIsRefusedBeforeItIsRead) {
    // A sparse file: 80 MB long, taking no disk space.
    ScratchDir dir;
    const auto file = dir / "huge.json";
    write_file(file, "{");
    ASSERT_EQ(::truncate(file.c_str(), 80'000'000), 0);
    Result<Rig> r = load_rig_file(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.message(), file.string() + ": is 80.0 MB; a rig file may be at most 64.0 MB");
}

TEST(TextFile, MegabytesText) {
    EXPECT_EQ(megabytes_text(0), "0 bytes");
    EXPECT_EQ(megabytes_text(999'999), "999999 bytes");
    EXPECT_EQ(megabytes_text(1'000'000), "1.0 MB");
    EXPECT_EQ(megabytes_text(64'000'000), "64.0 MB");
    EXPECT_EQ(megabytes_text(1'250'000), "1.2 MB");  // rounds to even at the half
}
