// "Trace mesh" reads the picture the attachment names from the rig's folder: a picture there is
// traced; a missing file or one that is no picture is refused naming it, the rig unchanged. And
// the grid offered beside it has square cells, more with more detail.

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "core/rig/rig_json.hpp"
#include "editor/files/picture_mesh_file.hpp"

using namespace marionette;
namespace fs = std::filesystem;

namespace {

Rig patch_rig(const std::string& image) {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 } ],
      "slots": [ { "name": "patch", "bone": "body", "attachment": "patch",
                   "attachments": [ { "name": "patch", "image": ")" +
                                image + R"(", "size": [30, 10] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

}  // namespace

TEST(PictureMeshFile, ThePictureInTheRigsFolderIsTracedAndABadOneRefusedNamingIt) {
    const fs::path dir = fs::temp_directory_path() / ("marionette-picture-mesh-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "parts");
    const std::vector<unsigned char> opaque(static_cast<std::size_t>(60 * 20 * 4), 255);
    ASSERT_NE(stbi_write_png((dir / "parts" / "patch.png").c_str(), 60, 20, 4, opaque.data(), 60 * 4), 0);
    std::ofstream(dir / "parts" / "notes.png") << "not a picture";

    Result<Rig> traced = trace_attachment_mesh(patch_rig("parts/patch.png"), dir, 0, 0, 0.5f);
    ASSERT_TRUE(traced.ok()) << traced.message();
    ASSERT_TRUE(traced.value().slots[0].attachments[0].mesh.has_value());
    EXPECT_GT(traced.value().slots[0].attachments[0].mesh->vertices.size(), 4u);

    Result<Rig> missing = trace_attachment_mesh(patch_rig("parts/gone.png"), dir, 0, 0, 0.5f);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("gone.png"), std::string::npos) << missing.message();
    Result<Rig> bad = trace_attachment_mesh(patch_rig("parts/notes.png"), dir, 0, 0, 0.5f);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("notes.png"), std::string::npos) << bad.message();
    EXPECT_FALSE(trace_attachment_mesh(patch_rig("parts/patch.png"), dir, 1, 0, 0.5f).ok());
    fs::remove_all(dir);
}

TEST(PictureMeshFile, TheGridHasSquareCellsMoreWithDetail) {
    EXPECT_EQ(grid_cells({30, 10}, 0.0f), glm::ivec2(1, 1));
    EXPECT_EQ(grid_cells({30, 10}, 1.0f), glm::ivec2(16, 5));
    EXPECT_EQ(grid_cells({10, 40}, 0.5f), glm::ivec2(2, 9));
    EXPECT_EQ(grid_cells({0, 0}, 0.5f), glm::ivec2(1, 1));
}
