// Putting a picture file on a bone: the rig names it relative to its folder whatever folder it
// lies in, learns its size from the file (at the density of the rig's pictures), and refuses (naming the file) what is missing or no
// picture, changing nothing.

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "core/mesh/slot_images.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/files/picture_import.hpp"

using namespace marionette;
namespace fs = std::filesystem;

namespace {

class PictureImport : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("marionette-picture-import-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "rig" / "parts");
        fs::create_directories(dir_ / "shared");
        const std::vector<unsigned char> pixels(static_cast<std::size_t>(24 * 10 * 4), 200);
        for (const fs::path& p : {dir_ / "rig" / "parts" / "eye.png", dir_ / "shared" / "hat.png"}) {
            ASSERT_NE(stbi_write_png(p.c_str(), 24, 10, 4, pixels.data(), 24 * 4), 0);
        }
        std::ofstream(dir_ / "rig" / "notes.png") << "not a picture";
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

}  // namespace

TEST_F(PictureImport, TheRigNamesAPictureRelativeToItsFolderWithItsSize) {
    const Rig rig = marionette::testing::figure_2d();
    Result<SlotEdit> added = add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "parts" / "eye.png", 0, -1, Transform{});
    ASSERT_TRUE(added.ok()) << added.message();
    const Slot& slot = added.value().rig.slots.back();
    EXPECT_EQ(slot.attachments[0].image, "parts/eye.png");
    EXPECT_EQ(slot.attachments[0].size, glm::vec2(24, 10)) << "one rig unit a pixel";
    EXPECT_EQ(slot.name, "eye");
    // Outside the rig's folder: a path up and over. Into the same slot as another drawing.
    Result<SlotEdit> hat =
        add_picture_file(added.value().rig, dir_ / "rig", dir_ / "shared" / "hat.png", 0, added.value().slot, Transform{});
    ASSERT_TRUE(hat.ok()) << hat.message();
    EXPECT_EQ(hat.value().rig.slots.back().attachments[1].image, "../shared/hat.png");
    EXPECT_EQ(hat.value().rig.slots.back().shown, 1);
    // A folder given with a trailing "." or ".." parts is the same folder.
    Result<std::string> name = picture_path_from(dir_ / "rig" / "parts" / "..", dir_ / "rig" / "." / "parts" / "eye.png");
    ASSERT_TRUE(name.ok()) << name.message();
    EXPECT_EQ(name.value(), "parts/eye.png");
}

// A new picture comes in at the density of the rig's own pictures (Io's art is two pixels a
// unit): the first one in slot order that reads; a rig with none (or none that reads) takes one
// pixel a unit.
TEST_F(PictureImport, ANewPictureTakesTheDensityOfTheRigsPictures) {
    Rig rig = marionette::testing::figure_2d();
    rig.slots.push_back(Slot{"gone", 0, {Attachment{"gone", "parts/gone.png", {5.0f, 5.0f}}}, 0});
    EXPECT_EQ(pixels_per_unit(rig, dir_ / "rig"), 1.0f) << "no picture reads";
    rig.slots.push_back(Slot{"eye", 0, {Attachment{"eye", "parts/eye.png", {12.0f, 5.0f}}}, 0});
    EXPECT_EQ(pixels_per_unit(rig, dir_ / "rig"), 2.0f);
    Result<SlotEdit> hat = add_picture_file(rig, dir_ / "rig", dir_ / "shared" / "hat.png", 0, -1, Transform{});
    ASSERT_TRUE(hat.ok()) << hat.message();
    EXPECT_EQ(hat.value().rig.slots.back().attachments[0].size, glm::vec2(12, 5)) << "24 x 10 pixels at two a unit";
}

TEST_F(PictureImport, WhatIsMissingOrNoPictureIsRefusedNamingTheFile) {
    const Rig rig = marionette::testing::figure_2d();
    Result<SlotEdit> r = add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "notes.png", 0, -1, Transform{});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.message().rfind("notes.png does not decode", 0), 0u) << r.message();
    r = add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "gone.png", 0, -1, Transform{});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("gone.png"), std::string::npos) << r.message();
    r = add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "parts", 0, -1, Transform{});
    EXPECT_FALSE(r.ok()) << "a folder is no picture";
    EXPECT_FALSE(add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "parts" / "eye.png", 99, -1, Transform{}).ok()) << "no such bone";
    EXPECT_FALSE(add_picture_file(rig, dir_ / "rig", dir_ / "rig" / "parts" / "eye.png", 0, 3, Transform{}).ok()) << "no such slot";
}

TEST(PicturePaths, PicturesAreKnownByTheirExtensionInAnyCase) {
    EXPECT_TRUE(is_picture_path("a/eye.png"));
    EXPECT_TRUE(is_picture_path("EYE.PNG"));
    EXPECT_TRUE(is_picture_path("photo.JPEG"));
    EXPECT_TRUE(is_picture_path("photo.jpg"));
    EXPECT_FALSE(is_picture_path("rig.json"));
    EXPECT_FALSE(is_picture_path("png"));
    EXPECT_FALSE(is_picture_path("character.glb"));
}
