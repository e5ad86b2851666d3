// glTF meshes in: a character written by three.js's exporter (tests/tools/make_three_character.mjs)
// skinned by Marionette through its animation lands where three.js's own loader and skinning put
// every vertex; weights are merged and renormalized; broken mesh data is refused with its place.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/forward_kinematics.hpp"
#include "core/gltf_import.hpp"
#include "core/mesh_skinning.hpp"
#include "core/state_pose.hpp"

using namespace marionette;

namespace {

const std::filesystem::path kGltfData = std::filesystem::path(MARIONETTE_TEST_DATA) / "gltf";

const Mesh* find_mesh(const Rig& rig, const std::string& name) {
    for (const Mesh& m : rig.meshes.meshes()) {
        if (m.name == name) return &m;
    }
    return nullptr;
}

// Every vertex of `mesh` under `pose`, skinned on the CPU.
std::vector<glm::vec3> skinned(const Rig& rig, const Mesh& mesh, const Pose& pose) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    std::vector<glm::mat4> palette(palette_size(mesh));
    const JointMatricesJob matrices{&mesh, world, &pose, palette};
    EXPECT_TRUE(matrices.validate().ok());
    matrices.run();
    std::vector<glm::vec3> out(mesh.positions.size());
    const SkinMeshJob skin{&mesh, palette, out, {}};
    EXPECT_TRUE(skin.validate().ok());
    skin.run();
    return out;
}

}  // namespace

TEST(GltfMeshImport, AThreeJsCharacterSkinsWhereThreeJsSkinsIt) {
    Result<GltfImport> imported = import_gltf_file(kGltfData / "three_character.glb");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    ASSERT_EQ(rig.meshes.meshes().size(), 3u);
    const Mesh* body = find_mesh(rig, "body");
    const Mesh* arm = find_mesh(rig, "arm");
    const Mesh* hat = find_mesh(rig, "hat");
    ASSERT_TRUE(body && arm && hat);
    EXPECT_TRUE(body->is_skinned());
    EXPECT_TRUE(arm->is_skinned());
    EXPECT_FALSE(hat->is_skinned());
    ASSERT_EQ(hat->joints.size(), 1u);
    EXPECT_EQ(rig.skeleton[static_cast<std::size_t>(hat->joints[0].bone)].name, "head");
    EXPECT_EQ(body->normals.size(), body->positions.size());
    EXPECT_EQ(body->uvs.size(), body->positions.size());
    EXPECT_NEAR(body->material.base_color.r, 0.8f, 1e-6f);
    EXPECT_NEAR(body->material.base_color.g, 0.3f, 1e-6f);
    // The spine has three children; the bone runs to the one along its +y, the neck.
    const int spine = rig.skeleton.find("spine");
    ASSERT_GE(spine, 0);
    EXPECT_NEAR(rig.skeleton[static_cast<std::size_t>(spine)].length, 0.5f, 1e-6f);

    std::ifstream answer_file(kGltfData / "three_character.answer.json");
    const nlohmann::json answer = nlohmann::json::parse(answer_file);
    const State* bend = nullptr;
    for (const State& s : rig.states) bend = s.name == "Bend" ? &s : bend;
    ASSERT_NE(bend, nullptr);
    float worst = 0.0f;
    std::size_t compared = 0;
    for (std::size_t t = 0; t < answer["times"].size(); ++t) {
        const double time = answer["times"][t].get<double>();
        Pose pose = rig.pose;
        sample_state_at(*bend, false, time, time, rig.pose, pose);
        for (const Mesh* mesh : {body, arm, hat}) {
            const std::vector<glm::vec3> ours = skinned(rig, *mesh, pose);
            const auto& theirs = answer["meshes"][mesh->name][t];
            ASSERT_EQ(theirs.size(), ours.size() * 3) << mesh->name;
            for (std::size_t v = 0; v < ours.size(); ++v) {
                const glm::vec3 three{theirs[v * 3].get<float>(), theirs[v * 3 + 1].get<float>(), theirs[v * 3 + 2].get<float>()};
                worst = std::max(worst, glm::length(ours[v] - three));
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 4u * (body->positions.size() + arm->positions.size() + hat->positions.size()));
    // The character is 2.5 m tall: a micrometre is float rounding, a bind or weight mistake is centimetres.
    EXPECT_LT(worst, 1e-5f) << "over " << compared << " vertices";
}

TEST(GltfMeshImport, AtRestEverySkinnedVertexStaysWhereTheFileModelledIt) {
    Result<GltfImport> imported = import_gltf_file(kGltfData / "three_character.glb");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    const Mesh* body = find_mesh(rig, "body");
    ASSERT_NE(body, nullptr);
    const std::vector<glm::vec3> rest = skinned(rig, *body, rig.pose);
    // The body node sits 1 m up, and its skin's bind is that placement.
    float worst = 0.0f;
    for (std::size_t v = 0; v < rest.size(); ++v) worst = std::max(worst, glm::length(rest[v] - (body->positions[v] + glm::vec3(0, 1, 0))));
    EXPECT_LT(worst, 1e-5f);
}
