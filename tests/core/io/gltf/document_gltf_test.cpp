// Opening a glTF file as a document: imported, unsaved, without a file of its own (a save
// never writes over the glTF file), with what the import left out kept for the editor.

#include <gtest/gtest.h>

#include "core/rig/document.hpp"

using namespace marionette;

TEST(Document, OpeningAGltfFileImportsItAsAnUnsavedRigWithoutAFile) {
    const std::filesystem::path glb = std::filesystem::path(MARIONETTE_TEST_DATA) / "gltf" / "bvh_arm_by_assimp.glb";
    Document doc;
    ASSERT_TRUE(doc.open(glb).ok());
    EXPECT_EQ(doc.rig().skeleton.size(), 4u);
    EXPECT_TRUE(doc.path().empty());
    EXPECT_TRUE(doc.modified());
    EXPECT_EQ(doc.imported_from(), glb);
    EXPECT_EQ(doc.display_name(), "bvh_arm_by_assimp.glb (imported)") << "the title and questions name the model";
    EXPECT_FALSE(doc.import_warnings().empty());
    EXPECT_FALSE(doc.save().ok()) << "a save with no file must ask where";
    // Opening a rig file afterwards forgets the import.
    ASSERT_TRUE(doc.open(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json").ok());
    EXPECT_TRUE(doc.imported_from().empty());
    EXPECT_TRUE(doc.import_warnings().empty());
    EXPECT_FALSE(doc.modified());
    EXPECT_EQ(doc.display_name(), "arm.json");
    EXPECT_EQ(Document().display_name(), "untitled");
    // A broken glTF file leaves the document as it was.
    const std::uint64_t revision = doc.revision();
    EXPECT_FALSE(doc.open(std::filesystem::path(MARIONETTE_ASSETS) / "missing.glb").ok());
    EXPECT_EQ(doc.rig().skeleton.size(), 3u);
    EXPECT_EQ(doc.revision(), revision);
}
