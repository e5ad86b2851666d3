#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/test_files.hpp"
#include "editor/files/file_listing.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDir;
using testing::write_file;
using Kind = FileListEntry::Kind;

// "d:name" for a folder, "f:name" for a file, ".." for the parent: one string per entry.
std::vector<std::string> shown(const Result<std::vector<FileListEntry>>& listing) {
    std::vector<std::string> out;
    if (!listing.ok()) {
        ADD_FAILURE() << listing.message();
        return out;
    }
    for (const FileListEntry& e : listing.value()) {
        out.push_back(e.kind == Kind::Parent ? std::string("..") : (e.kind == Kind::Directory ? "d:" : "f:") + e.name);
    }
    return out;
}

TEST(FileListingTest, ParentThenFoldersThenJsonFilesSortedIgnoringCase) {
    ScratchDir dir;
    for (const char* name : {"beta.json", "Alpha.json", "gamma.JSON", "notes.txt", "json", "rig.json.bak"}) write_file(dir / name, "{}");
    for (const char* name : {"zoo", "Assets", "b-rigs"}) fs::create_directories(dir / name);
    fs::create_directories(dir / "folder.json");  // a folder, whatever its name
    EXPECT_EQ(shown(list_directory(dir.path())), (std::vector<std::string>{"..", "d:Assets", "d:b-rigs", "d:folder.json", "d:zoo",
                                                                           "f:Alpha.json", "f:beta.json", "f:gamma.JSON"}));
}

TEST(FileListingTest, NamesEqualButForCaseKeepAFixedOrder) {
    ScratchDir dir;
    write_file(dir / "arm.json", "{}");
    write_file(dir / "ARM.json", "{}");
    write_file(dir / "Arm.json", "{}");
    EXPECT_EQ(shown(list_directory(dir.path())), (std::vector<std::string>{"..", "f:ARM.json", "f:Arm.json", "f:arm.json"}));
}

TEST(FileListingTest, HiddenEntriesAreLeftOut) {
    ScratchDir dir;
    write_file(dir / ".arm.json.tmp-123456", "{}");
    write_file(dir / ".hidden.json", "{}");
    fs::create_directories(dir / ".git");
    write_file(dir / "shown.json", "{}");
    EXPECT_EQ(shown(list_directory(dir.path())), (std::vector<std::string>{"..", "f:shown.json"}));
}

TEST(FileListingTest, OtherExtensions) {
    ScratchDir dir;
    write_file(dir / "a.json", "{}");
    write_file(dir / "b.png", "");
    const std::string_view png[] = {".png"};
    EXPECT_EQ(shown(list_directory(dir.path(), png)), (std::vector<std::string>{"..", "f:b.png"}));
}

TEST(FileListingTest, TheOpenDialogListsRigAndGltfFiles) {
    ScratchDir dir;
    write_file(dir / "a.json", "{}");
    write_file(dir / "b.GLB", "");
    write_file(dir / "c.gltf", "");
    write_file(dir / "d.png", "");
    EXPECT_EQ(shown(list_directory(dir.path(), kOpenableExtensions)), (std::vector<std::string>{"..", "f:a.json", "f:b.GLB", "f:c.gltf"}));
    EXPECT_EQ(shown(list_directory(dir.path())), (std::vector<std::string>{"..", "f:a.json"}));
}

TEST(FileListingTest, SymlinksCountAsTheirTargetAndBrokenOnesAreLeftOut) {
    ScratchDir dir;
    fs::create_directories(dir / "real");
    write_file(dir / "real" / "arm.json", "{}");
    fs::create_directory_symlink(dir / "real", dir / "linked");
    fs::create_symlink(dir / "real" / "arm.json", dir / "alias.json");
    fs::create_symlink(dir / "gone.json", dir / "broken.json");
    EXPECT_EQ(shown(list_directory(dir.path())), (std::vector<std::string>{"..", "d:linked", "d:real", "f:alias.json"}));
}

TEST(FileListingTest, RootHasNoParentEntry) {
    const Result<std::vector<FileListEntry>> listing = list_directory("/");
    ASSERT_TRUE(listing.ok()) << listing.message();
    for (const FileListEntry& e : listing.value()) EXPECT_NE(e.kind, Kind::Parent);
}

TEST(FileListingTest, MissingFolderIsAnErrorNotAnException) {
    ScratchDir dir;
    const fs::path missing = dir / "missing";
    const Result<std::vector<FileListEntry>> listing = list_directory(missing);
    ASSERT_FALSE(listing.ok());
    EXPECT_EQ(listing.message().rfind(missing.string() + ": ", 0), 0u) << listing.message();

    write_file(dir / "file.json", "{}");
    EXPECT_FALSE(list_directory(dir / "file.json").ok());
}

TEST(FileListingTest, UnreadableFolderIsAnError) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads any folder";
    ScratchDir dir;
    const fs::path locked = dir / "locked";
    fs::create_directories(locked);
    fs::permissions(locked, fs::perms::none);
    const Result<std::vector<FileListEntry>> listing = list_directory(locked);
    fs::permissions(locked, fs::perms::owner_all);
    ASSERT_FALSE(listing.ok());
    EXPECT_NE(listing.message().find("ermission denied"), std::string::npos) << listing.message();
}

TEST(FileListingTest, CleanDirectory) {
    EXPECT_EQ(clean_directory("/a/b/../c/"), fs::path("/a/c"));
    EXPECT_EQ(clean_directory("/a/./b//"), fs::path("/a/b"));
    EXPECT_EQ(clean_directory("/"), fs::path("/"));
    EXPECT_EQ(clean_directory("/.."), fs::path("/"));
    EXPECT_EQ(clean_directory("rigs"), fs::current_path() / "rigs");
    EXPECT_EQ(clean_directory(""), fs::current_path());
}

TEST(FileListingTest, EntryDirectory) {
    EXPECT_EQ(entry_directory("/a/b", {Kind::Parent, ".."}), fs::path("/a"));
    EXPECT_EQ(entry_directory("/a", {Kind::Parent, ".."}), fs::path("/"));
    EXPECT_EQ(entry_directory("/a/b", {Kind::Directory, "c"}), fs::path("/a/b/c"));
}

TEST(FileListingTest, NearestExistingDirectory) {
    ScratchDir dir;
    fs::create_directories(dir / "a" / "b");
    write_file(dir / "a" / "rig.json", "{}");
    EXPECT_EQ(nearest_existing_directory(dir / "a" / "b"), dir / "a" / "b");
    EXPECT_EQ(nearest_existing_directory(dir / "a" / "gone" / "deeper"), dir / "a");
    EXPECT_EQ(nearest_existing_directory(dir / "a" / "rig.json"), dir / "a");
    EXPECT_EQ(nearest_existing_directory("/no-such-folder-here/x"), fs::path("/"));
    EXPECT_EQ(nearest_existing_directory(""), fs::current_path());
}

class FileListingResolveTest : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(dir.path() / "sub");
        write_file(dir / "arm.json", "{}");
        write_file(dir / "sub" / "leg.json", "{}");
        write_file(dir / "README", "");
    }
    FileChoice resolve(FileDialogMode mode, const std::string& typed) { return resolve_typed_name(mode, dir.path(), typed); }

    ScratchDir dir;
};

TEST_F(FileListingResolveTest, OpenAcceptsAnExistingFileRelativeOrAbsolute) {
    FileChoice c = resolve(FileDialogMode::Open, "arm.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "arm.json");

    c = resolve(FileDialogMode::Open, "  sub/./leg.json \n");
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "sub" / "leg.json");

    c = resolve_typed_name(FileDialogMode::Open, "/somewhere/else", (dir / "sub" / "leg.json").string());
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "sub" / "leg.json");

    c = resolve(FileDialogMode::Open, "README");  // any regular file may be opened when typed
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
}

TEST_F(FileListingResolveTest, OpenRefusesWhatIsNotAFile) {
    FileChoice c = resolve(FileDialogMode::Open, "missing.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_EQ(c.message, "missing.json: no such file");

    c = resolve(FileDialogMode::Open, "arm.json/x.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);

    c = resolve(FileDialogMode::Open, "   ");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_FALSE(c.message.empty());

    c = resolve(FileDialogMode::Open, "nowhere/");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_EQ(c.message, "nowhere/: no such folder");
}

TEST_F(FileListingResolveTest, OpenRefusesADevice) {
    const FileChoice c = resolve(FileDialogMode::Open, "/dev/null");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_EQ(c.message, "/dev/null: not a regular file");
}

TEST_F(FileListingResolveTest, ATypedFolderIsEntered) {
    for (FileDialogMode mode : {FileDialogMode::Open, FileDialogMode::Save}) {
        FileChoice c = resolve(mode, "sub");
        EXPECT_EQ(c.kind, FileChoice::Kind::EnterDirectory);
        EXPECT_EQ(c.path, dir / "sub");

        c = resolve(mode, "sub/");
        EXPECT_EQ(c.kind, FileChoice::Kind::EnterDirectory);
        EXPECT_EQ(c.path, dir / "sub");

        c = resolve(mode, "..");
        EXPECT_EQ(c.kind, FileChoice::Kind::EnterDirectory);
        EXPECT_EQ(c.path, dir.path().parent_path());

        c = resolve(mode, "/");
        EXPECT_EQ(c.kind, FileChoice::Kind::EnterDirectory);
        EXPECT_EQ(c.path, fs::path("/"));
    }
}

TEST_F(FileListingResolveTest, SaveAppendsJsonToANameWithoutExtension) {
    FileChoice c = resolve(FileDialogMode::Save, "new");
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "new.json");

    c = resolve(FileDialogMode::Save, "sub/new.rig");  // an extension of its own is kept
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "sub" / "new.rig");

    c = resolve(FileDialogMode::Save, (dir / "abs").string());
    EXPECT_EQ(c.kind, FileChoice::Kind::Accept);
    EXPECT_EQ(c.path, dir / "abs.json");
}

TEST_F(FileListingResolveTest, SaveOverAnExistingFileAsksFirst) {
    FileChoice c = resolve(FileDialogMode::Save, "arm.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::ConfirmReplace);
    EXPECT_EQ(c.path, dir / "arm.json");

    c = resolve(FileDialogMode::Save, "arm");  // becomes arm.json, which exists
    EXPECT_EQ(c.kind, FileChoice::Kind::ConfirmReplace);
    EXPECT_EQ(c.path, dir / "arm.json");

    c = resolve(FileDialogMode::Save, "sub/leg");
    EXPECT_EQ(c.kind, FileChoice::Kind::ConfirmReplace);
    EXPECT_EQ(c.path, dir / "sub" / "leg.json");
}

TEST_F(FileListingResolveTest, SaveRefusesAMissingFolderOrAFolderAsFile) {
    FileChoice c = resolve(FileDialogMode::Save, "nowhere/rig.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_EQ(c.message, (dir / "nowhere").string() + ": no such folder");

    fs::create_directories(dir / "looks.json");
    c = resolve(FileDialogMode::Save, "looks");  // looks.json is a folder
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
    EXPECT_EQ(c.message, "looks.json is a folder");

    c = resolve(FileDialogMode::Save, "arm.json/inside.json");
    EXPECT_EQ(c.kind, FileChoice::Kind::Refuse);
}

}  // namespace
}  // namespace marionette
