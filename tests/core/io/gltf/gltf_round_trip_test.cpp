// glTF round trips: a character imported, exported and imported again keeps its joints, weights,
// vertices, binds and animation; a file Marionette exported, imported and exported again is the
// same file (byte for byte where it came from glTF; to a float step where the rig was authored
// here, whose 2D angles and rest-relative keys pass through one rounding each way).

#include <cstring>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/mesh/mesh_skinning.hpp"
#include "core/mesh/skinned_vertices.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kGltfData;
using marionette::testing::skinned;

namespace {

Rig imported(const std::string& bytes) {
    Result<GltfImport> r = import_gltf(bytes, true, {});
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? r.value().rig : Rig{};
}

std::string exported_glb(const Rig& rig) {
    Result<GltfExport> r = export_gltf(rig);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? r.value().bytes : std::string();
}

// A .glb's JSON chunk and its binary chunk.
std::pair<nlohmann::json, std::string> chunks(const std::string& glb) {
    std::uint32_t json_length = 0;
    std::memcpy(&json_length, glb.data() + 12, 4);
    const nlohmann::json json = nlohmann::json::parse(glb.substr(20, json_length));
    return {json, glb.substr(20 + json_length + 8)};
}


}  // namespace

TEST(GltfRoundTrip, ACharacterComesBackWithItsJointsWeightsVerticesAndAnimation) {
    std::ifstream file(kGltfData / "three_character.glb", std::ios::binary);
    const Rig first = imported(std::string(std::istreambuf_iterator<char>(file), {}));
    const Rig second = imported(exported_glb(first));
    ASSERT_EQ(second.skeleton.size(), first.skeleton.size());
    for (std::size_t b = 0; b < first.skeleton.size(); ++b) {
        EXPECT_EQ(second.skeleton[b].name, first.skeleton[b].name);
        EXPECT_EQ(second.skeleton[b].parent, first.skeleton[b].parent);
        EXPECT_EQ(second.skeleton[b].rest, first.skeleton[b].rest) << first.skeleton[b].name;
        EXPECT_EQ(second.skeleton[b].length, first.skeleton[b].length);
    }
    // Meshes to the bit: their numbers are copied, their binds pass a quarter turn both ways.
    EXPECT_TRUE(second.meshes.set() == first.meshes.set());
    // Its animations (turns, and scales even and uneven) move the skin as they did.
    ASSERT_EQ(second.states.size(), 3u);
    const float size = 2.5f;
    for (std::size_t s = 0; s < first.states.size(); ++s) {
        EXPECT_EQ(second.states[s].name, first.states[s].name);
        float worst = 0.0f;
        for (double t = 0.0; t < 1.0; t += 0.05) {
            Pose a = first.pose, b = second.pose;
            sample_state_at(first.states[s], false, t, t, first.pose, a);
            sample_state_at(second.states[s], false, t, t, second.pose, b);
            for (std::size_t m = 0; m < first.meshes.meshes().size(); ++m) {
                const std::vector<glm::vec3> p = skinned(first, first.meshes.meshes()[m], a);
                const std::vector<glm::vec3> q = skinned(second, second.meshes.meshes()[m], b);
                for (std::size_t v = 0; v < p.size(); ++v) worst = std::max(worst, glm::length(p[v] - q[v]));
            }
        }
        EXPECT_LT(worst, 1e-5f * size) << first.states[s].name;
    }
}

TEST(GltfRoundTrip, AnExportedFileReadBackExportsTheSameFile) {
    for (const char* name : {"three_character.glb", "bvh_arm_by_assimp.glb"}) {
        Result<GltfImport> source = import_gltf_file(kGltfData / name);
        ASSERT_TRUE(source.ok()) << source.message();
        const std::string once = exported_glb(source.value().rig);
        const std::string twice = exported_glb(imported(once));
        EXPECT_EQ(once.size(), twice.size()) << name;
        EXPECT_TRUE(once == twice) << name << ": the second export differs";
    }
}

TEST(GltfRoundTrip, ARigAuthoredHereExportsTheSameFileAgainToAFloatStep) {
    for (const char* name : {"arm.json", "humanoid.json", "hero.json", "io.json", "tentacle.json"}) {
        const Rig rig = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name).value();
        const std::string once = exported_glb(rig);
        const std::string twice = exported_glb(imported(once));
        const auto [json_once, bin_once] = chunks(once);
        const auto [json_twice, bin_twice] = chunks(twice);
        // The same nodes, skins, meshes, animations, accessors and key times.
        EXPECT_EQ(json_once, json_twice) << name;
        ASSERT_EQ(bin_once.size(), bin_twice.size()) << name;
        std::size_t differing = 0;
        float worst = 0.0f;
        for (std::size_t i = 0; i + 4 <= bin_once.size(); i += 4) {
            float a = 0.0f, b = 0.0f;
            std::memcpy(&a, bin_once.data() + i, 4);
            std::memcpy(&b, bin_twice.data() + i, 4);
            if (std::memcmp(&a, &b, 4) == 0) continue;
            ++differing;
            worst = std::max(worst, std::abs(a - b));
        }
        // Rotation keys the rig holds relative to its rest come back within two float steps of 1.
        EXPECT_LE(worst, 2.4e-7f) << name << ": " << differing << " numbers differ";
    }
}
