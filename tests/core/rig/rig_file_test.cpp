#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/file_size_limit.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::FileSizeLimit;
using marionette::testing::read_file;
using marionette::testing::ScratchDir;
using marionette::testing::write_file;

namespace {

Rig small_rig() {
    Result<Rig> r = parse_rig(R"({"format": "marionette-rig", "version": 1, "dimensions": 2,
                                  "bones": [{"name": "a", "length": 2}]})");
    EXPECT_TRUE(r.ok());
    return r.value();
}

std::size_t entries_in(const std::filesystem::path& dir) {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

// Root ignores directory permissions; to test a read-only directory honestly the test drops
// to an unprivileged user for the duration of the save.
class RunAsUnprivileged {
public:
    RunAsUnprivileged() {
        if (::geteuid() == 0) dropped_ = ::seteuid(65534) == 0;
    }
    ~RunAsUnprivileged() {
        if (dropped_) {
            EXPECT_EQ(::seteuid(0), 0);
        }
    }
    bool ok() const { return ::geteuid() != 0; }

private:
    bool dropped_ = false;
};

}  // namespace

TEST(RigFile, SaveWritesTheRigAndNoTemporaryFile) {
    ScratchDir dir;
    ASSERT_TRUE(save_rig_file(small_rig(), dir / "rig.json").ok());
    EXPECT_EQ(entries_in(dir.path()), 1u);
    Result<Rig> back = load_rig_file(dir / "rig.json");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().skeleton[0].name, "a");
}

TEST(RigFile, SaveReplacesTheOldFileAndKeepsItsPermissions) {
    ScratchDir dir;
    const auto file = dir / "rig.json";
    write_file(file, "old contents");
    ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
    ASSERT_TRUE(save_rig_file(small_rig(), file).ok());
    EXPECT_NE(read_file(file).find("marionette-rig"), std::string::npos);
    struct stat st {};
    ASSERT_EQ(::stat(file.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(RigFile, SaveIntoReadOnlyDirectoryFailsAndLeavesOldFileIntact) {
    ScratchDir dir;
    const auto sub = dir / "readonly";
    std::filesystem::create_directories(sub);
    const auto file = sub / "rig.json";
    const std::string old = "{ \"the\": \"old file\" }\n";
    write_file(file, old);
    ASSERT_EQ(::chmod(file.c_str(), 0666), 0);  // the file is writable; only the folder is not
    ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
    ASSERT_EQ(::chmod(sub.c_str(), 0555), 0);
    Status s;
    {
        RunAsUnprivileged user;
        ASSERT_TRUE(user.ok()) << "cannot drop root privileges to test permissions";
        s = save_rig_file(small_rig(), file);
    }
    ASSERT_EQ(::chmod(sub.c_str(), 0755), 0);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("rig.json: cannot create a file in"), std::string::npos) << s.message();
    EXPECT_NE(s.message().find("Permission denied"), std::string::npos) << s.message();
    EXPECT_EQ(read_file(file), old);
    EXPECT_EQ(entries_in(sub), 1u);
}

TEST(RigFile, AFolderInTheWayIsRefusedAndNothingIsLeft) {
    ScratchDir dir;
    const auto target = dir / "rig.json";
    std::filesystem::create_directories(target / "inside");
    const Status s = save_rig_file(small_rig(), target);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(), target.string() + ": is a folder; give a file name");
    EXPECT_EQ(entries_in(dir.path()), 1u);
    EXPECT_TRUE(std::filesystem::is_directory(target / "inside"));
}

// Renaming over a device or pipe replaces it with a file: run as root, `--out /dev/null` would
// have taken /dev/null away from the whole system. A FIFO stands in for the device here.
TEST(RigFile, APipeOrDeviceIsNotReplacedByAFile) {
    ScratchDir dir;
    const auto fifo = dir / "pipe.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const Status s = save_rig_file(small_rig(), fifo);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(), fifo.string() + ": is not a regular file (a device, pipe or socket); only files are written");
    struct stat st {};
    ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    EXPECT_EQ(entries_in(dir.path()), 1u);
    const Status null = save_rig_file(small_rig(), "/dev/null");
    ASSERT_FALSE(null.ok());
    EXPECT_NE(null.message().find("/dev/null: is not a regular file"), std::string::npos) << null.message();
}

// A rig kept behind a symbolic link (a shared folder, a versioned "current" link): saving
// replaces the file it points to, atomically beside it, and the link stays a link.
TEST(RigFile, SavingThroughALinkReplacesItsTargetAndKeepsTheLink) {
    ScratchDir dir;
    std::filesystem::create_directories(dir / "real");
    write_file(dir / "real" / "rig.json", "old");
    std::filesystem::create_symlink(std::filesystem::path("real") / "rig.json", dir / "link.json");
    ASSERT_TRUE(save_rig_file(small_rig(), dir / "link.json").ok());
    EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.json"));
    EXPECT_NE(read_file(dir / "real" / "rig.json").find("marionette-rig"), std::string::npos);
    EXPECT_EQ(entries_in(dir / "real"), 1u);
    EXPECT_EQ(entries_in(dir.path()), 2u);

    // A link to a file not there yet creates that file.
    std::filesystem::create_symlink(std::filesystem::path("real") / "new.json", dir / "dangling.json");
    ASSERT_TRUE(save_rig_file(small_rig(), dir / "dangling.json").ok());
    EXPECT_TRUE(std::filesystem::is_symlink(dir / "dangling.json"));
    EXPECT_TRUE(load_rig_file(dir / "real" / "new.json").ok());

    // A loop of links is refused, not followed for ever.
    std::filesystem::create_symlink("loop_b.json", dir / "loop_a.json");
    std::filesystem::create_symlink("loop_a.json", dir / "loop_b.json");
    const Status loop = save_rig_file(small_rig(), dir / "loop_a.json");
    ASSERT_FALSE(loop.ok());
    EXPECT_EQ(loop.message(), (dir / "loop_a.json").string() + ": too many levels of symbolic links");
}

TEST(RigFile, SaveIntoMissingDirectoryFails) {
    ScratchDir dir;
    const Status s = save_rig_file(small_rig(), dir / "no" / "such" / "rig.json");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("No such file or directory"), std::string::npos) << s.message();
}

TEST(RigFile, WriteFailureKeepsOldFile) {
    // A name that is not UTF-8 cannot be written as JSON: the save fails before touching disk.
    ScratchDir dir;
    const auto file = dir / "rig.json";
    write_file(file, "precious");
    Rig rig = small_rig();
    rig.skeleton[0].name = "\xc3\x28";
    EXPECT_FALSE(save_rig_file(rig, file).ok());
    EXPECT_EQ(read_file(file), "precious");
    EXPECT_EQ(entries_in(dir.path()), 1u);
}

namespace {

// A chain of `bones` bones with long names: about 100 bytes of file per bone.
Rig big_rig(int bones) {
    Rig rig = small_rig();
    std::vector<Bone> list;
    for (int i = 0; i < bones; ++i) {
        Bone b;
        b.name = "a_bone_with_a_rather_long_name_" + std::to_string(i);
        b.parent = i - 1;
        b.length = 1.0f;
        b.rest.translation = {i == 0 ? 0.0f : 1.0f, 0.0f, 0.0f};
        list.push_back(std::move(b));
    }
    rig.skeleton = Skeleton(std::move(list));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

}  // namespace

TEST(RigFile, DiskFullPartWayThroughASaveKeepsTheOldFileByteForByte) {
    ScratchDir dir;
    const auto file = dir / "rig.json";
    const std::string old = read_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json");
    ASSERT_GT(old.size(), 1000u);
    write_file(file, old);
    const Rig rig = big_rig(400);
    ASSERT_GT(serialize_rig(rig).value().size(), 40000u);
    Status s;
    {
        FileSizeLimit full(16384);  // the disk fills after 16 KiB of the new file
        ASSERT_TRUE(full.ok());
        s = save_rig_file(rig, file);
    }
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("rig.json: write failed: File too large"), std::string::npos) << s.message();
    EXPECT_EQ(read_file(file), old);
    EXPECT_EQ(entries_in(dir.path()), 1u) << "the partial temporary file was left behind";

    // With room again the same save goes through and replaces the file whole.
    ASSERT_TRUE(save_rig_file(rig, file).ok());
    Result<Rig> back = load_rig_file(file);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().skeleton.size(), 400u);
}

TEST(RigFile, DiskFullBeforeTheFirstByteKeepsTheOldFile) {
    ScratchDir dir;
    const auto file = dir / "rig.json";
    write_file(file, "precious\n");
    Status s;
    {
        FileSizeLimit full(0);
        ASSERT_TRUE(full.ok());
        s = save_rig_file(small_rig(), file);
    }
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("write failed"), std::string::npos) << s.message();
    EXPECT_EQ(read_file(file), "precious\n");
    EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(RigFile, LoadErrorsNameTheFile) {
    ScratchDir dir;
    Result<Rig> missing = load_rig_file(dir / "nothing.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("nothing.json: cannot open"), std::string::npos) << missing.message();

    Result<Rig> folder = load_rig_file(dir.path());
    ASSERT_FALSE(folder.ok());
    EXPECT_NE(folder.message().find("is a directory"), std::string::npos) << folder.message();

    const auto bad = std::filesystem::path(MARIONETTE_TEST_DATA) / "bad" / "unknown_parent.json";
    Result<Rig> r = load_rig_file(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("unknown_parent.json: bones[2].parent: \"elbow\" is not a bone"), std::string::npos) << r.message();
}

TEST(RigFile, ARigTooLargeToReadBackIsNotSavedAndTheOldFileStays) {
    ScratchDir dir;
    const auto file = dir / "rig.json";
    write_file(file, "old contents");
    Rig rig = small_rig();
    rig.editor.json()["blob"] = std::string(kMaxRigFileBytes, 'b');  // loads nowhere: past the read limit
    const Status s = save_rig_file(rig, file);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("rig.json: the rig takes 64.0 MB of JSON, and a rig file may be at most 64.0 MB"), std::string::npos)
        << s.message();
    EXPECT_EQ(read_file(file), "old contents");
    EXPECT_EQ(entries_in(dir.path()), 1u);
}
