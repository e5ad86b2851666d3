// Mesh mode in the real window, as a user works it: a picked picture's mesh edited with M, a
// corner dragged in the setup (its picture with it), then with auto-key on a new state the same
// corner dragged again keys the state's shape and leaves the setup alone, and the Weights tool
// paints the forearm's weight on the far end so the picture bends there. Checked in the saved
// files and in the pixels.

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/mesh/vertex_weights.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

bool is_weight_red(const unsigned char* p) { return p[0] > 150 && p[2] < 60; }
bool is_weight_blue(const unsigned char* p) { return p[2] > 120 && p[0] < 60; }

// "upper" 0 to 100 along x and "lower" 100 to 200; a 200 x 40 green picture on upper, centred
// on it across, a rigid 10 x 2 grid: its top-right corner (picture (200, 40)) at world
// (200, 20), its far end's middle (200, 20) at lower's tip.
Rig cloth_arm() {
    Result<Rig> parsed = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 100 }, { "name": "lower", "parent": "upper", "length": 100 } ],
      "slots": [ { "name": "cloth", "bone": "upper", "attachment": "cloth",
                   "attachments": [ { "name": "cloth", "image": "cloth.png", "size": [200, 40], "pivot": [0, 0.5] } ] } ] })");
    EXPECT_TRUE(parsed.ok()) << parsed.message();
    Rig rig = parsed.value();
    Attachment& a = rig.slots[0].attachments[0];
    a.mesh = grid_mesh(a.size, 10, 2);
    return rig;
}

}  // namespace

TEST(MeshMode, AVertexMovesInTheSetupKeysAStateShapeAndTheBrushPaintsWeights) {
    const auto dir = scratch_dir("e2e-mesh-mode");
    std::vector<unsigned char> green;
    for (int i = 0; i < 8 * 8; ++i) green.insert(green.end(), {30, 200, 40, 255});
    ASSERT_NE(stbi_write_png((dir / "cloth.png").c_str(), 8, 8, 4, green.data(), 8 * 4), 0);
    const Result<std::string> text = serialize_rig(cloth_arm());
    ASSERT_TRUE(text.ok()) << text.message();
    write_file(dir / "cloth.json", text.value());
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    // lower's tip is the far end's middle vertex (picture (200, 20)).
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"screenshot": ")" + shot("before.png") +
                                       R"("},
        {"click": {"slot": "cloth"}},
        {"key": "M"},
        {"wait": 2},
        {"screenshot": ")" + shot("mesh-mode.png") +
                                       R"("},
        {"drag": {"from": {"bone": "lower", "at": "tip"}, "to": {"bone": "lower", "at": "tip", "offset": [-30, 0]}, "moves": 6}},
        {"wait": 2},
        {"save": "setup.json"},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/new"}},
        {"wait": 30},
        {"move": {"ui": "states/tab/timeline"}},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 2},
        {"click": {"ui": "timeline/auto-key"}},
        {"click": {"ui": "timeline/start"}},
        {"wait": 2},
        {"drag": {"from": {"bone": "lower", "at": "tip", "offset": [-30, 0]}, "to": {"bone": "lower", "at": "tip", "offset": [-30, -50]}, "moves": 6}},
        {"wait": 4},
        {"screenshot": ")" + shot("keyed.png") +
                                       R"("},
        {"save": "keyed.json"},
        {"click": {"ui": "timeline/auto-key"}},
        {"click": {"ui": "outliner/lower"}},
        {"click": {"ui": "mesh/weights"}},
        {"wait": 2},
        {"drag": {"from": {"bone": "lower", "at": "tip", "offset": [-10, 70]}, "to": {"bone": "lower", "at": "tip", "offset": [-10, 30]}, "moves": 8}},
        {"wait": 2},
        {"screenshot": ")" + shot("weights.png") +
                                       R"("},
        {"save": "weights.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "cloth.json").string())), 0);

    // The setup drag: the far end's middle moved in along the picture, its UV with it.
    const Rig setup = load(dir / "setup.json");
    const AttachmentMesh& moved = *setup.slots[0].attachments[0].mesh;
    const Rig arm = cloth_arm();
    const AttachmentMesh& grid = *arm.slots[0].attachments[0].mesh;
    const int middle = test::vertex_at(grid, {200.0f, 20.0f});
    ASSERT_GE(middle, 0);
    const glm::vec2 at = moved.vertices[static_cast<std::size_t>(middle)];
    EXPECT_LT(at.x, 195.0f) << "dragged in";
    EXPECT_NEAR(at.y, 20.0f, 1.0f);
    EXPECT_NEAR(moved.uvs[static_cast<std::size_t>(middle)].x * 200.0f, at.x, 0.01f) << "its part of the picture went with it";
    EXPECT_GT(viewport_differences(load_png(dir / "before.png"), load_png(dir / "mesh-mode.png")), 100)
        << "the mesh drawn over the picture";

    // The keyed drag: the state's shape moves that vertex up, the setup stays.
    const Rig keyed = load(dir / "keyed.json");
    ASSERT_EQ(keyed.states.size(), 1u);
    ASSERT_EQ(keyed.states[0].deform.size(), 1u);
    const DeformKey& key = keyed.states[0].deform[0].keys[0];
    EXPECT_EQ(key.time, 0.0f);
    EXPECT_GT(key.offsets[static_cast<std::size_t>(middle)].y, 5.0f) << "dragged up the screen: up the picture";
    EXPECT_NEAR(key.offsets[static_cast<std::size_t>(middle)].x, 0.0f, 1.0f);
    EXPECT_EQ(key.offsets[0], glm::vec2(0.0f));
    EXPECT_EQ(*keyed.slots[0].attachments[0].mesh, moved) << "the setup's mesh stays";

    // The brush: the far end now follows the forearm.
    const Rig weighted = load(dir / "weights.json");
    const AttachmentMesh& painted = *weighted.slots[0].attachments[0].mesh;
    ASSERT_TRUE(painted.is_weighted());
    const int corner = test::vertex_at(painted, {200.0f, 0.0f});
    ASSERT_GE(corner, 0);
    EXPECT_GT(test::weight_of(painted.weights[static_cast<std::size_t>(corner)], 1), 0.3f);
    EXPECT_EQ(test::weight_of(painted.weights[static_cast<std::size_t>(test::vertex_at(painted, {0.0f, 0.0f}))], 0), 1.0f);
    // The weights shown as colours over the picture: the far end warm, the near end blue.
    EXPECT_GT(count_in_viewport(load_png(dir / "weights.png"), is_weight_red), 50);
    EXPECT_GT(count_in_viewport(load_png(dir / "weights.png"), is_weight_blue), 500);
    std::filesystem::remove_all(dir);
}
