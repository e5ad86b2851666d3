// Noticing that a file changed on disk since the editor read or wrote it.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/io/file_identity.hpp"
#include "core/rig/document.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kArmRigFile;
using marionette::testing::read_file;
using marionette::testing::ScratchDir;
using marionette::testing::write_file;

namespace {

// Sets the file's modification time, as a program that keeps it (cp -p, rsync -t) would.
void set_mtime_ns(const std::filesystem::path& file, std::int64_t ns) {
    const struct timespec times[2] = {{ns / 1'000'000'000, ns % 1'000'000'000}, {ns / 1'000'000'000, ns % 1'000'000'000}};
    ASSERT_EQ(::utimensat(AT_FDCWD, file.c_str(), times, 0), 0);
}

FileIdentity identify_ok(const std::filesystem::path& file) {
    Result<FileIdentity> id = identify_file(file, 1u << 20);
    EXPECT_TRUE(id.ok()) << id.message();
    return id.ok() ? id.value() : FileIdentity{};
}

}  // namespace

TEST(FileIdentity, HashTellsContentsApart) {
    EXPECT_EQ(content_hash("abc"), content_hash("abc"));
    EXPECT_NE(content_hash("abc"), content_hash("abd"));
    EXPECT_NE(content_hash(""), content_hash(std::string(1, '\0')));
}

TEST(FileIdentity, IdentifyReadsSizeTimeAndHash) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    set_mtime_ns(dir / "a.json", 1'700'000'000'123'456'789);
    const FileIdentity id = identify_ok(dir / "a.json");
    EXPECT_EQ(id.size, 5u);
    EXPECT_EQ(id.mtime_ns, 1'700'000'000'123'456'789);
    EXPECT_EQ(id.hash, content_hash("hello"));

    const Result<FileIdentity> missing = identify_file(dir / "missing.json", 1u << 20);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("missing.json: cannot read"), std::string::npos) << missing.message();
    EXPECT_FALSE(identify_file(dir.path(), 1u << 20).ok()) << "a folder is not a file";
}

TEST(FileIdentity, UnchangedFileIsUnchangedAtEitherDepth) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    const FileIdentity id = identify_ok(dir / "a.json");
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Quick, 1u << 20).change, DiskChange::Unchanged);
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Full, 1u << 20).change, DiskChange::Unchanged);
}

TEST(FileIdentity, OtherContentsAreAChange) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    const FileIdentity id = identify_ok(dir / "a.json");
    write_file(dir / "a.json", "hello, world");
    const DiskCheck check = check_file(dir / "a.json", id, CheckDepth::Quick, 1u << 20);
    EXPECT_EQ(check.change, DiskChange::Changed);
    EXPECT_EQ(check.detail, "12 bytes, was 5 bytes");
    ASSERT_TRUE(check.now);
    EXPECT_EQ(check.now->size, 12u);
    EXPECT_EQ(check.now->hash, 0u) << "another size is a change without reading the file";
}

// Same size, and the other writer put the old modification time back: only the contents tell.
TEST(FileIdentity, SameSizeAndTimeIsCaughtByTheFullCheckOnly) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    set_mtime_ns(dir / "a.json", 1'700'000'000'000'000'000);
    const FileIdentity id = identify_ok(dir / "a.json");
    write_file(dir / "a.json", "jello");
    set_mtime_ns(dir / "a.json", 1'700'000'000'000'000'000);
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Quick, 1u << 20).change, DiskChange::Unchanged);
    const DiskCheck full = check_file(dir / "a.json", id, CheckDepth::Full, 1u << 20);
    EXPECT_EQ(full.change, DiskChange::Changed);
    EXPECT_EQ(full.detail, "same size, other contents");
}

// Touched (a new time) but the same bytes: not a change, at either depth.
TEST(FileIdentity, TouchedButSameContentsIsUnchanged) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    set_mtime_ns(dir / "a.json", 1'700'000'000'000'000'000);
    const FileIdentity id = identify_ok(dir / "a.json");
    set_mtime_ns(dir / "a.json", 1'800'000'000'000'000'000);
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Quick, 1u << 20).change, DiskChange::Unchanged);
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Full, 1u << 20).change, DiskChange::Unchanged);
}

TEST(FileIdentity, DeletedFileIsDeleted) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    const FileIdentity id = identify_ok(dir / "a.json");
    std::filesystem::remove(dir / "a.json");
    EXPECT_EQ(check_file(dir / "a.json", id, CheckDepth::Full, 1u << 20).change, DiskChange::Deleted);
}

TEST(FileIdentity, ReplacedByAFolderIsAChangeThatSaysWhy) {
    ScratchDir dir;
    write_file(dir / "a.json", "hello");
    const FileIdentity id = identify_ok(dir / "a.json");
    std::filesystem::remove(dir / "a.json");
    std::filesystem::create_directory(dir / "a.json");
    const DiskCheck check = check_file(dir / "a.json", id, CheckDepth::Full, 1u << 20);
    EXPECT_EQ(check.change, DiskChange::Changed);
    EXPECT_NE(check.detail.find("not a regular file"), std::string::npos) << check.detail;
}

TEST(DocumentDisk, OpenRemembersTheFileAndNoticesAnotherWriter) {
    ScratchDir dir;
    std::filesystem::copy_file(kArmRigFile, dir / "arm.json");
    Document doc;
    ASSERT_TRUE(doc.open(dir / "arm.json").ok());
    ASSERT_TRUE(doc.disk());
    EXPECT_EQ(doc.disk()->hash, content_hash(read_file(dir / "arm.json")));
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);

    write_file(dir / "arm.json", read_file(dir / "arm.json") + "\n");  // another program's save
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Changed);
    EXPECT_EQ(doc.check_disk(CheckDepth::Quick).change, DiskChange::Changed);
}

// After our own save the file is ours again: no change, even though its time and size moved.
TEST(DocumentDisk, SaveTakesTheNewVersionAsOurs) {
    ScratchDir dir;
    std::filesystem::copy_file(kArmRigFile, dir / "arm.json");
    Document doc;
    ASSERT_TRUE(doc.open(dir / "arm.json").ok());
    write_file(dir / "arm.json", read_file(dir / "arm.json") + " ");
    ASSERT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Changed);
    doc.edit([](Rig& rig) { rig.pose.rotations[1] = rotation_2d(0.5f); });
    ASSERT_TRUE(doc.save().ok());
    ASSERT_TRUE(doc.disk());
    EXPECT_EQ(doc.disk()->hash, content_hash(read_file(dir / "arm.json")));
    EXPECT_EQ(doc.disk()->size, read_file(dir / "arm.json").size());
    EXPECT_EQ(doc.check_disk(CheckDepth::Quick).change, DiskChange::Unchanged);
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);

    ASSERT_TRUE(doc.save_as(dir / "copy.json").ok());
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);
    std::filesystem::remove(dir / "copy.json");
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Deleted);
}

TEST(DocumentDisk, UntitledAndUnknownFilesAreNeverReportedChanged) {
    Document untitled(Rig{}, {});
    EXPECT_EQ(untitled.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);
    Document unknown(Rig{}, "/no/such/folder/arm.json");  // identity not known
    EXPECT_EQ(unknown.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);
}

TEST(DocumentDisk, UnsavedDocumentKeepsTheIdentityItWasGiven) {
    ScratchDir dir;
    std::filesystem::copy_file(kArmRigFile, dir / "arm.json");
    const FileIdentity id = identify_ok(dir / "arm.json");
    Document doc = Document::unsaved(Rig{}, dir / "arm.json", id);
    EXPECT_TRUE(doc.modified());
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Unchanged);
    write_file(dir / "arm.json", "{}");
    EXPECT_EQ(doc.check_disk(CheckDepth::Full).change, DiskChange::Changed);
}

TEST(DocumentDisk, EveryChangeMovesTheRevision) {
    Document doc(Rig{}, {});
    const std::uint64_t r0 = doc.revision();
    doc.edit([](Rig&) {});
    const std::uint64_t r1 = doc.revision();
    EXPECT_NE(r1, r0);
    Rig other;
    doc.exchange(other, false);
    EXPECT_NE(doc.revision(), r1);
}

TEST(FileIdentity, ALargeFileIsHashedInPiecesAsAWhole) {
    ScratchDir dir;
    std::string text;
    for (long long i = 0; text.size() < 3'500'000; ++i) text += std::to_string(i * 7919) + ",";
    write_file(dir / "big.json", text);
    const Result<FileIdentity> id = identify_file(dir / "big.json", 4'000'000);
    ASSERT_TRUE(id.ok()) << id.message();
    EXPECT_EQ(id.value().hash, content_hash(text)) << "a hash carried over 1 MB pieces is the hash of the whole";
    EXPECT_EQ(id.value().size, text.size());
}

TEST(FileIdentity, AFileLargerThanTheLimitIsNotRead) {
    // A sparse file of 3 GB: reading it whole took seconds and gigabytes; past the limit the
    // size alone answers (a file that size cannot be the document, which loaded within it).
    ScratchDir dir;
    const std::filesystem::path big = dir / "huge.json";
    write_file(big, "x");
    std::filesystem::resize_file(big, 3'000'000'000ull);
    const Result<FileIdentity> id = identify_file(big, 64'000'000);
    ASSERT_FALSE(id.ok());
    EXPECT_NE(id.message().find("huge.json: is 3000.0 MB, larger than 64.0 MB; not read"), std::string::npos) << id.message();

    // Checked against a known identity of another size: a change, told without reading.
    const DiskCheck check = check_file(big, FileIdentity{100, 0, 1}, CheckDepth::Full, 64'000'000);
    EXPECT_EQ(check.change, DiskChange::Changed);
    ASSERT_TRUE(check.now);
    EXPECT_EQ(check.now->size, 3'000'000'000ull);
    EXPECT_EQ(check.detail, "3000.0 MB, was 100 bytes");
}

TEST(FileIdentity, APipeIsRefusedWithoutWaitingForAWriter) {
    ScratchDir dir;
    const std::filesystem::path fifo = dir / "arm.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const Result<FileIdentity> id = identify_file(fifo, 64'000'000);
    ASSERT_FALSE(id.ok());
    EXPECT_NE(id.message().find("not a regular file"), std::string::npos) << id.message();
    const DiskCheck check = check_file(fifo, FileIdentity{5, 0, 1}, CheckDepth::Full, 64'000'000);
    EXPECT_EQ(check.change, DiskChange::Changed);
    EXPECT_EQ(check.detail, "it is not a regular file");
}
