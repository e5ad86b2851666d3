// glTF meshes in: a character written by three.js's exporter (tests/tools/make_three_character.mjs)
// skinned by Marionette through its animation lands where three.js's own loader and skinning put
// every vertex; weights are merged and renormalized; broken mesh data is refused with its place.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/gltf/hand_gltf.hpp"
#include "core/mesh/mesh_data.hpp"
#include "core/mesh/mesh_skinning.hpp"
#include "core/mesh/skinned_vertices.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::HandGltf;
using marionette::testing::kGltfData;
using marionette::testing::skinned;

namespace {

const Mesh* find_mesh(const Rig& rig, const std::string& name) {
    for (const Mesh& m : rig.meshes.meshes()) {
        if (m.name == name) return &m;
    }
    return nullptr;
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

    // Every animation three.js played: turning; scaling evenly (which glTF passes to the bones
    // under the spine); stretching a leaf unevenly; growing in a step.
    std::ifstream answer_file(kGltfData / "three_character.answer.json");
    const nlohmann::json answer = nlohmann::json::parse(answer_file);
    ASSERT_EQ(answer["animations"].size(), 3u);
    for (const auto& [name, meshes] : answer["animations"].items()) {
        const State* state = nullptr;
        for (const State& s : rig.states) state = s.name == name ? &s : state;
        ASSERT_NE(state, nullptr) << name;
        float worst = 0.0f;
        std::size_t compared = 0;
        for (std::size_t t = 0; t < answer["times"].size(); ++t) {
            const double time = answer["times"][t].get<double>();
            Pose pose = rig.pose;
            sample_state_at(*state, false, time, time, rig.pose, pose);
            for (const Mesh* mesh : {body, arm, hat}) {
                const std::vector<glm::vec3> ours = skinned(rig, *mesh, pose);
                const auto& theirs = meshes[mesh->name][t];
                ASSERT_EQ(theirs.size(), ours.size() * 3) << mesh->name;
                for (std::size_t v = 0; v < ours.size(); ++v) {
                    const glm::vec3 three{theirs[v * 3].get<float>(), theirs[v * 3 + 1].get<float>(), theirs[v * 3 + 2].get<float>()};
                    worst = std::max(worst, glm::length(ours[v] - three));
                    ++compared;
                }
            }
        }
        EXPECT_EQ(compared, 4u * (body->positions.size() + arm->positions.size() + hat->positions.size()));
        // The character is 2.5 m tall: a micrometre is float rounding, a bind, weight or scale
        // mistake is centimetres.
        EXPECT_LT(worst, 1e-5f) << name << " over " << compared << " vertices";
    }
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

namespace {

// A root joint and a child joint one up, and a triangle pair skinned to them through two sets
// of four joints each (the second set's weights given as normalized unsigned shorts would be
// allowed too; these are floats).
HandGltf two_joint_skin(const std::vector<float>& weights0, const std::vector<float>& weights1) {
    HandGltf g;
    const int positions = g.floats({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, "VEC3");
    const int indices = g.ushorts({0, 1, 2, 1, 3, 2}, "SCALAR");
    const int joints0 = g.ushorts(std::vector<std::uint16_t>{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, "VEC4");
    const int w0 = g.floats(weights0, "VEC4");
    const int joints1 = g.ushorts(std::vector<std::uint16_t>{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, "VEC4");
    const int w1 = g.floats(weights1, "VEC4");
    g.json()["nodes"] = {{{"name", "root"}, {"children", {1, 2}}},
                         {{"name", "tip"}, {"translation", {0, 1, 0}}},
                         {{"name", "skinned"}, {"mesh", 0}, {"skin", 0}}};
    g.json()["scenes"][0]["nodes"] = {0};
    g.json()["skins"] = {{{"joints", {0, 1}}}};
    g.json()["meshes"] = {
        {{"name", "patch"},
         {"primitives",
          {{{"attributes", {{"POSITION", positions}, {"JOINTS_0", joints0}, {"WEIGHTS_0", w0}, {"JOINTS_1", joints1}, {"WEIGHTS_1", w1}}},
            {"indices", indices}}}}}};
    return g;
}

std::string import_message(const std::string& text) {
    Result<GltfImport> imported = import_gltf(text, false, {});
    return imported.ok() ? "imported" : imported.message();
}

}  // namespace

TEST(GltfMeshImport, EveryWeightSetIsMergedTheFourStrongestKeptAndRenormalized) {
    // Per vertex, eight weights over two joints: the same joint named in several places adds up.
    std::vector<float> w0(16, 0.1f), w1(16, 0.1f);
    w0[0] = 0.5f;  // vertex 0: joint 0 gets 0.5 + 0.1 (set 0) + 0.1 + 0.1 (set 1) = 0.8, joint 1 0.4
    HandGltf g = two_joint_skin(w0, w1);
    Result<GltfImport> imported = import_gltf(g.text(), false, {});
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Mesh& mesh = imported.value().rig.meshes.meshes().at(0);
    ASSERT_EQ(mesh.influences.size(), 4u);
    const Influence& v0 = mesh.influences[0];
    EXPECT_EQ(v0.joints[0], 0);
    EXPECT_NEAR(v0.weights[0], 0.8f / 1.2f, 1e-6f);
    EXPECT_EQ(v0.joints[1], 1);
    EXPECT_NEAR(v0.weights[1], 0.4f / 1.2f, 1e-6f);
    EXPECT_EQ(v0.weights[2], 0.0f);
    const Influence& v1 = mesh.influences[1];
    EXPECT_NEAR(v1.weights[0] + v1.weights[1], 1.0f, 1e-6f);
    EXPECT_NEAR(v1.weights[0], 0.5f, 1e-6f);
    EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2}));
}

TEST(GltfMeshImport, StripsAndFansBecomeTrianglesAndPointsAreLeftOutWithAWarning) {
    HandGltf g;
    const int positions = g.floats({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 0, 0}, "VEC3");
    g.json()["nodes"] = {{{"name", "n"}, {"mesh", 0}}};
    g.json()["meshes"] = {{{"primitives",
                            {{{"attributes", {{"POSITION", positions}}}, {"mode", 5}},
                             {{"attributes", {{"POSITION", positions}}}, {"mode", 6}},
                             {{"attributes", {{"POSITION", positions}}}, {"mode", 0}}}}}};
    Result<GltfImport> imported = import_gltf(g.text(), false, {});
    ASSERT_TRUE(imported.ok()) << imported.message();
    const auto& meshes = imported.value().rig.meshes.meshes();
    ASSERT_EQ(meshes.size(), 2u);
    EXPECT_EQ(meshes[0].name, "n.0");
    EXPECT_EQ(meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3, 2, 3, 4}));
    EXPECT_EQ(meshes[1].indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3, 0, 3, 4}));
    // The node is a bone (no skin: every node is), so its meshes hang on it rigidly.
    ASSERT_EQ(meshes[0].joints.size(), 1u);
    EXPECT_EQ(meshes[0].joints[0].bone, 0);
    bool warned = false;
    for (const std::string& w : imported.value().warnings)
        warned = warned || w == "1 mesh parts are points or lines, not triangles: they are not imported";
    EXPECT_TRUE(warned);
}

TEST(GltfMeshImport, BrokenMeshDataIsRefusedWithThePlace) {
    std::vector<float> w(16, 0.0f);
    for (int v = 0; v < 4; ++v) w[static_cast<std::size_t>(v * 4)] = 1.0f;
    const std::vector<float> none(16, 0.0f);
    {
        HandGltf g = two_joint_skin(w, none);
        g.json()["accessors"][1]["count"] = 7;  // indices: one past the data, and the buffer view's end
        EXPECT_EQ(import_message(g.text()), "accessors[1] (meshes[0].primitives[0].indices): reads past the end of its buffer");
    }
    {
        HandGltf g = two_joint_skin(w, none);
        const int bad = g.ushorts({0, 1, 9}, "SCALAR");
        g.json()["meshes"][0]["primitives"][0]["indices"] = bad;
        EXPECT_EQ(import_message(g.text()), "meshes[0].primitives[0].indices[2]: 9 is not a vertex (there are 4)");
    }
    {
        HandGltf g = two_joint_skin(w, none);
        g.json()["skins"][0]["joints"] = {0};  // its weights name joint 1 only with weight 0
        std::vector<float> on_second = w;
        on_second[1] = 0.5f;
        on_second[0] = 0.5f;
        HandGltf h = two_joint_skin(on_second, none);
        h.json()["skins"][0]["joints"] = {0};
        EXPECT_EQ(import_message(h.text()), "meshes[0].primitives[0].attributes.JOINTS_0[0]: 1 is not a joint of the skin (it has 1)");
        EXPECT_EQ(import_message(g.text()), "imported");  // joint 1 named with weight 0 only: allowed
    }
    {
        HandGltf g = two_joint_skin(w, none);
        const int short_positions = g.floats({0, 0, 0}, "VEC3");
        g.json()["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = short_positions;
        EXPECT_EQ(import_message(g.text()), "meshes[0].primitives[0].attributes: NORMAL and TEXCOORD_0 hold one value per POSITION");
    }
    {
        HandGltf g = two_joint_skin(w, none);
        g.json()["nodes"][2]["mesh"] = 4;
        EXPECT_EQ(import_message(g.text()), "nodes[2].mesh: 4 is not a mesh (there are 1)");
    }
    {
        HandGltf g = two_joint_skin(w, none);
        g.json()["images"] = {{{"bufferView", 0}, {"mimeType", "image/png"}}};
        g.json()["textures"] = {{{"source", 0}}};
        g.json()["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
        g.json()["meshes"][0]["primitives"][0]["material"] = 0;
        // Buffer view 0 holds positions, not a PNG: left out, with a warning, the colour kept.
        Result<GltfImport> imported = import_gltf(g.text(), false, {});
        ASSERT_TRUE(imported.ok()) << imported.message();
        EXPECT_EQ(imported.value().rig.meshes.meshes()[0].material.image, -1);
        bool warned = false;
        for (const std::string& s : imported.value().warnings) warned = warned || s.find("not PNG or JPEG") != std::string::npos;
        EXPECT_TRUE(warned);
    }
}

TEST(GltfImportChecks, AnAnimationTheRigFormatRefusesIsRefusedWithItsSamplerNamed) {
    HandGltf g;
    const int times = g.floats({0.0f, 1.0f}, "SCALAR");
    const int far = g.floats({0.0f, 0.0f, 0.0f, 1e30f, 0.0f, 0.0f}, "VEC3");  // past the format's 1e15
    g.json()["nodes"] = {{{"name", "root"}}};
    g.json()["accessors"][0]["min"] = {0.0};
    g.json()["accessors"][0]["max"] = {1.0};
    g.json()["animations"] =
        nlohmann::json::parse(R"([{"name": "Fly", "samplers": [{"input": )" + std::to_string(times) + R"(, "output": )" +
                              std::to_string(far) + R"(}], "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}])");
    const std::string message = import_message(g.text());
    EXPECT_EQ(message, "animations[0].samplers[0].output: a key moves root to a place not between -1e15 and 1e15");
}
