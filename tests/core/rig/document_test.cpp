// A failed open changes nothing in the open document.

#include <gtest/gtest.h>

#include "core/rig/document.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kArmRigFile;

namespace {

const std::filesystem::path kBad = std::filesystem::path(MARIONETTE_TEST_DATA) / "bad";

struct BadFile {
    const char* file;
    const char* expected;
};

const BadFile kBadFiles[] = {
    {"malformed.json", "malformed.json: not valid JSON: line 5, column"},
    {"empty.json", "empty.json: not valid JSON"},
    {"not_a_rig.json", "not_a_rig.json: not a Marionette rig"},
    {"unknown_version.json", "version: unsupported format version 2"},
    {"wrong_type.json", "bones[1].length: expected a number, got string"},
    {"missing_field.json", "bones[2]: missing required \"length\""},
    {"unknown_parent.json", "bones[2].parent: \"elbow\" is not a bone"},
    {"cycle.json", "cycle: upper_arm -> hand -> forearm -> upper_arm"},
    {"duplicate_name.json", "bones[2].name: duplicate name \"forearm\""},
    {"negative_length.json", "bones[2].length: must be >= 0"},
    {"infinite_length.json", "infinite_length.json: not valid JSON: line 20, column 17 (bones[2].length): number 1e999 is out of range"},
    {"chain_missing_bone.json", "chains[0].effector: \"wrist\" is not a bone"},
    {"chain_not_parent_path.json", "chains[0].effector: \"forearm\" is not below \"hand\""},
};

class OpenBadFile : public ::testing::TestWithParam<BadFile> {};
void PrintTo(const BadFile& f, std::ostream* os) { *os << f.file; }

}  // namespace

TEST_P(OpenBadFile, ReportsTheErrorAndLeavesTheDocumentUntouched) {
    Document doc;
    ASSERT_TRUE(doc.open(kArmRigFile).ok());
    doc.edit([](Rig& rig) { rig.pose.rotations[1] = rotation_2d(0.5f); });  // unsaved work
    const std::string before = serialize_rig(doc.rig()).value();

    const Status s = doc.open(kBad / GetParam().file);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find(GetParam().expected), std::string::npos)
        << "expected: " << GetParam().expected << "\n     got: " << s.message();
    EXPECT_EQ(serialize_rig(doc.rig()).value(), before);
    EXPECT_EQ(doc.path(), kArmRigFile);
    EXPECT_TRUE(doc.modified());
}

INSTANTIATE_TEST_SUITE_P(Document, OpenBadFile, ::testing::ValuesIn(kBadFiles),
                         [](const auto& p) { return std::filesystem::path(p.param.file).stem().string(); });

TEST(Document, OpenSaveAsAndModifiedMark) {
    marionette::testing::ScratchDir dir;
    Document doc;
    EXPECT_FALSE(doc.save().ok());  // no file yet
    ASSERT_TRUE(doc.open(kArmRigFile).ok());
    EXPECT_FALSE(doc.modified());
    doc.edit([](Rig& rig) { rig.pose.root_offset = {5, 0, 0}; });
    EXPECT_TRUE(doc.modified());
    ASSERT_TRUE(doc.save_as(dir / "mine.json").ok());
    EXPECT_FALSE(doc.modified());
    EXPECT_EQ(doc.path(), dir / "mine.json");

    Document reopened;
    ASSERT_TRUE(reopened.open(dir / "mine.json").ok());
    EXPECT_FLOAT_EQ(reopened.rig().pose.root_offset.x, 5.0f);
}

// The view's keys (the camera) go over the rig's own editor data in the file, not into the rig.
TEST(Document, SaveWritesTheViewOverTheRigsEditorData) {
    marionette::testing::ScratchDir dir;
    Document doc;
    ASSERT_TRUE(doc.open(kArmRigFile).ok());
    doc.edit([](Rig& rig) { rig.editor = EditorData(Json{{"camera", "as opened"}, {"notes", "kept"}}); });
    doc.set_view_data(Json{{"camera", "as viewed"}});
    const Rig before = doc.rig();
    ASSERT_TRUE(doc.save_as(dir / "viewed.json").ok());
    EXPECT_EQ(doc.rig(), before);
    Result<Rig> saved = parse_rig(marionette::testing::read_file(dir / "viewed.json"));
    ASSERT_TRUE(saved.ok()) << saved.message();
    EXPECT_EQ(saved.value().editor.json(), (Json{{"camera", "as viewed"}, {"notes", "kept"}}));
}

TEST(Document, FailedSaveKeepsTheModifiedMarkAndPath) {
    marionette::testing::ScratchDir dir;
    Document doc;
    ASSERT_TRUE(doc.open(kArmRigFile).ok());
    doc.edit([](Rig& rig) { rig.pose.root_offset = {1, 0, 0}; });
    EXPECT_FALSE(doc.save_as(dir / "missing" / "x.json").ok());
    EXPECT_TRUE(doc.modified());
    EXPECT_EQ(doc.path(), kArmRigFile);
}

TEST(Document, ExchangeSwapsTheRigAndSetsTheUnsavedMark) {
    Document doc;
    ASSERT_TRUE(doc.open(kArmRigFile).ok());
    Rig other = doc.rig();
    other.pose.root_offset = {3, 0, 0};
    doc.exchange(other, true);
    EXPECT_FLOAT_EQ(doc.rig().pose.root_offset.x, 3.0f);
    EXPECT_FLOAT_EQ(other.pose.root_offset.x, 0.0f);  // the caller now holds the rig that was open
    EXPECT_TRUE(doc.modified());
    doc.exchange(other, false);
    EXPECT_FLOAT_EQ(doc.rig().pose.root_offset.x, 0.0f);
    EXPECT_FALSE(doc.modified());
    EXPECT_EQ(doc.path(), kArmRigFile);
}

// Pictures are named from the rig's folder: Save As into another folder writes them named from
// there, so the saved file shows the same pictures; the open document keeps its own folder.
TEST(Document, SaveAsElsewhereNamesThePicturesFromTheNewFolder) {
    marionette::testing::ScratchDir dir;
    std::filesystem::create_directories(dir / "rig/parts");
    std::filesystem::create_directories(dir / "copies/deep");
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 } ],
      "slots": [ { "name": "s", "bone": "body", "attachment": "a", "attachments": [ { "name": "a", "image": "parts/eye.png", "size": [4, 4] } ] } ] })");
    ASSERT_TRUE(rig.ok()) << rig.message();
    Document doc(rig.value(), dir / "rig/puppet.json");
    const std::filesystem::path folder = doc.folder();
    EXPECT_EQ(folder, (dir / "rig").lexically_normal());
    ASSERT_TRUE(doc.save_as(dir / "copies/deep/puppet.json").ok());
    EXPECT_EQ(doc.folder(), folder) << "the open rig's paths still lead from its first folder";
    EXPECT_EQ(doc.rig().slots[0].attachments[0].image, "parts/eye.png");
    EXPECT_EQ(doc.rig_for_file().slots[0].attachments[0].image, "../../rig/parts/eye.png");
    Result<Rig> saved = parse_rig(marionette::testing::read_file(dir / "copies/deep/puppet.json"));
    ASSERT_TRUE(saved.ok()) << saved.message();
    EXPECT_EQ(saved.value().slots[0].attachments[0].image, "../../rig/parts/eye.png");
    // Saved back where it came from: the paths as they were.
    ASSERT_TRUE(doc.save_as(dir / "rig/again.json").ok());
    saved = parse_rig(marionette::testing::read_file(dir / "rig/again.json"));
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved.value().slots[0].attachments[0].image, "parts/eye.png");
    // Opened from the copy, its folder is the copy's, and the paths are the copy's.
    Document reopened;
    ASSERT_TRUE(reopened.open(dir / "copies/deep/puppet.json").ok());
    EXPECT_EQ(reopened.folder(), (dir / "copies/deep").lexically_normal());
    EXPECT_EQ(std::filesystem::weakly_canonical(reopened.folder() / reopened.rig().slots[0].attachments[0].image),
              std::filesystem::weakly_canonical(dir / "rig/parts/eye.png"));
}
