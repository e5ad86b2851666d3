// An imported character's skin in the real window (tests/data/gltf/three_character.glb, written by
// three.js): drawn lit over the grid, bones in front of it or hidden inside it (X-ray, Alt+Z),
// hidden with Alt+H, following an FK drag live, and saved with its meshes.

#include <filesystem>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

const std::string kCharacter = std::string(MARIONETTE_TEST_DATA) + "/gltf/three_character.glb";

// The body's material, (0.8, 0.3, 0.2) linear, lit: red well above green above blue, and blue
// above four tenths of red (the bones' shaded yellow has it below).
bool is_body(const unsigned char* p) { return p[0] > 140 && p[0] > p[1] + 50 && p[1] > p[2] && p[2] * 100 > p[0] * 42; }
// The arm's, 0x3366cc: blue well above red.
bool is_arm(const unsigned char* p) { return p[2] > 110 && p[2] > p[0] + 60; }

}  // namespace

TEST(MeshViewport, AnImportedSkinIsDrawnTogglesAndFollowsAnFkDrag) {
    const auto dir = scratch_dir("e2e-mesh");
    std::filesystem::copy_file(kCharacter, dir / "character.glb");
    write_file(dir / "mesh.json", R"({"steps": [
        {"wait": 3},
        {"key": "Return"},
        {"wait": 2},
        {"screenshot": "shown.png"},
        {"key": "alt+z"},
        {"wait": 2},
        {"screenshot": "inside.png"},
        {"key": "alt+z"},
        {"key": "alt+h"},
        {"wait": 2},
        {"screenshot": "hidden.png"},
        {"key": "alt+h"},
        {"key": "Tab"},
        {"wait": 2},
        {"drag": {"from": {"bone": "arm_l", "at": "middle"}, "to": {"bone": "arm_l", "at": "middle", "offset": [0, 150]}, "moves": 8}},
        {"wait": 2},
        {"screenshot": "dragged.png"},
        {"key": "ctrl+s"},
        {"wait": 2},
        {"key": "ctrl+a"},
        {"text": "character.json"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"modified": false}},
        {"key": "ctrl+shift+e"},
        {"wait": 2},
        {"key": "ctrl+a"},
        {"text": "exported.glb"},
        {"key": "Return"},
        {"wait": 2},
        {"expect": {"dialog": null}}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "mesh.json").string() + " " + (dir / "character.glb").string())), 0);
    const Image shown = load_png(dir / "shown.png");
    const Image inside = load_png(dir / "inside.png");
    const Image hidden = load_png(dir / "hidden.png");
    const Image dragged = load_png(dir / "dragged.png");
    ASSERT_GT(shown.width, 0);
    const int body = count_in_viewport(shown, is_body), arm = count_in_viewport(shown, is_arm);
    EXPECT_GT(body, 20000) << "the body is drawn";
    EXPECT_GT(arm, 5000) << "the arm is drawn";
    EXPECT_EQ(count_in_viewport(hidden, is_body), 0) << "Alt+H hides the meshes";
    // Arm-blue pixels left as they were: the grid's blue z axis where the arm did not cover it
    // (about a sixth of the arm's count), all of the arm if it were still drawn.
    int unchanged = 0;
    for (int y = 70; y < 770; ++y) {
        for (int x = 245; x < 975; ++x) {
            const unsigned char* p = shown.at(x, y);
            const unsigned char* q = hidden.at(x, y);
            const bool same = std::abs(p[0] - q[0]) <= 4 && std::abs(p[1] - q[1]) <= 4 && std::abs(p[2] - q[2]) <= 4;
            unchanged += is_arm(p) && same ? 1 : 0;
        }
    }
    EXPECT_LT(unchanged, arm / 2) << "Alt+H hides the arm";
    // Bones in front (X-ray) show over the body; without it the skin covers most of them.
    const int bones_in_front = count_in_viewport(shown, is_bone_coloured), bones_inside = count_in_viewport(inside, is_bone_coloured);
    EXPECT_GT(bones_in_front, 2 * bones_inside + 500) << bones_in_front << " vs " << bones_inside;
    EXPECT_GT(count_in_viewport(inside, is_body), body) << "the skin shows where the bones were";
    // The arm followed the bone down: most of its old pixels are free, new ones below.
    int left = 0, arrived = 0;
    for (int y = 40; y < 770; ++y) {
        for (int x = 245; x < 975; ++x) {
            left += is_arm(shown.at(x, y)) && !is_arm(dragged.at(x, y)) ? 1 : 0;
            arrived += !is_arm(shown.at(x, y)) && is_arm(dragged.at(x, y)) ? 1 : 0;
        }
    }
    EXPECT_GT(left, arm / 2);
    EXPECT_GT(arrived, arm / 2);
    // Saved with its meshes, which open again.
    const Rig saved = load(dir / "character.json");
    ASSERT_EQ(saved.meshes.meshes().size(), 3u);
    // File > Export glTF (Ctrl+Shift+E) wrote the posed character with its skin and animations.
    Result<GltfImport> exported = import_gltf_file(dir / "exported.glb");
    ASSERT_TRUE(exported.ok()) << exported.message();
    EXPECT_EQ(exported.value().rig.skeleton.size(), saved.skeleton.size());
    EXPECT_EQ(exported.value().rig.meshes.meshes().size(), 3u);
    EXPECT_EQ(exported.value().rig.states.size(), saved.states.size());
    EXPECT_EQ(saved.states.size(), 3u);  // Bend, Squash, Stretch
    const auto arm_l = static_cast<std::size_t>(saved.skeleton.find("arm_l"));
    ASSERT_LT(arm_l, saved.skeleton.size());
    const glm::quat posed = saved.skeleton[arm_l].rest.rotation * saved.pose.rotations[arm_l];
    EXPECT_GT(std::abs(glm::dot(exported.value().rig.skeleton[arm_l].rest.rotation, posed)), 0.99999f)
        << "the export holds the dragged pose";
    EXPECT_LT(std::abs(glm::dot(exported.value().rig.skeleton[arm_l].rest.rotation, saved.skeleton[arm_l].rest.rotation)), 0.999f);
    std::filesystem::remove_all(dir);
}

TEST(MeshViewport, ATextureThatDoesNotDecodeShowsAMagentaChecker) {
    const auto dir = scratch_dir("e2e-mesh-texture");
    Rig rig = load(std::string(MARIONETTE_ASSETS) + "/walker.json");
    ASSERT_EQ(rig.meshes.images().size(), 1u);
    MeshSet set = rig.meshes.set();
    // A PNG's signature and header (33 bytes), then nothing a decoder can read: the loader, which
    // reads headers, keeps it; drawing cannot.
    set.images[0].bytes.resize(64);
    for (std::size_t i = 33; i < set.images[0].bytes.size(); ++i) set.images[0].bytes[i] = static_cast<std::uint8_t>(i * 37);
    rig.meshes = RigMeshes(std::move(set));
    ASSERT_TRUE(save_rig_file(rig, dir / "broken.json").ok());
    const auto magenta = [](const unsigned char* p) { return p[0] > 120 && p[2] > 120 && p[1] < 60; };
    for (const char* name : {"broken.json", "walker.json"}) {
        const std::string rig_file =
            name == std::string("walker.json") ? std::string(MARIONETTE_ASSETS) + "/walker.json" : (dir / name).string();
        const std::string shot = (dir / (std::string(name) + ".png")).string();
        ASSERT_EQ(run(xvfb("--frames 3 --screenshot " + shot + " " + rig_file)), 0) << name;
        const int shown = count_in_viewport(load_png(shot), magenta);
        if (name == std::string("broken.json")) {
            EXPECT_GT(shown, 2000) << "the broken texture's meshes show the checker";
        } else {
            EXPECT_LT(shown, 50) << "the walker's own texture is no checker";
        }
    }
    std::filesystem::remove_all(dir);
}
