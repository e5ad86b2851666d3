// Meshes on pictures: the rule every reader, writer and edit holds them to, each break named at
// its place; the grid a picture first becomes; the file's form, read back exactly, with weights
// naming their bones.

#include <string>

#include <gtest/gtest.h>

#include "core/mesh/attachment_mesh.hpp"
#include "core/rig/rig_json.hpp"
#include "vertex_weights.hpp"

using namespace marionette;
using test::weights;

namespace {

// A unit square cut along its diagonal: vertices counter-clockwise from the bottom left.
AttachmentMesh square() {
    AttachmentMesh m;
    m.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    m.uvs = m.vertices;
    m.triangles = {{0, 1, 2}, {0, 2, 3}};
    m.hull = 4;
    return m;
}

std::string problem(const AttachmentMesh& m, std::size_t bones = 3) { return attachment_mesh_problem(m, bones, "m").value_or("none"); }

// A 2D rig of three bones whose slot's one attachment carries the mesh text given.
std::string rig_text(const std::string& mesh) {
    return R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 10 }, { "name": "lower", "parent": "upper", "length": 10 },
                 { "name": "hand", "parent": "lower", "length": 2 } ],
      "slots": [ { "name": "arm", "bone": "upper", "attachment": "arm",
                   "attachments": [ { "name": "arm", "image": "arm.png", "size": [20, 4], "mesh": )" +
           mesh + " } ] } ] }";
}

std::string load_message(const std::string& mesh) {
    Result<Rig> rig = parse_rig(rig_text(mesh));
    return rig.ok() ? "loaded" : rig.message();
}

const char* const kSquare = R"("vertices": [[0, 0], [20, 0], [20, 4], [0, 4]], "uvs": [[0, 0], [1, 0], [1, 1], [0, 1]],
    "triangles": [[0, 1, 2], [0, 2, 3]], "hull": 4)";

}  // namespace

TEST(AttachmentMesh, ASquareAndGridsKeepTheRule) {
    EXPECT_EQ(problem(square()), "none");
    for (const auto& [c, r] : {std::pair{1, 1}, {3, 2}, {8, 8}, {63, 63}}) {
        const AttachmentMesh g = grid_mesh({30, 20}, c, r);
        EXPECT_EQ(problem(g), "none") << c << "x" << r;
        EXPECT_EQ(g.vertices.size(), static_cast<std::size_t>((c + 1) * (r + 1)));
        EXPECT_EQ(g.triangles.size(), static_cast<std::size_t>(2 * c * r));
        EXPECT_EQ(g.hull, static_cast<std::size_t>(2 * (c + r)));
        for (std::size_t i = 0; i < g.vertices.size(); ++i) EXPECT_EQ(g.vertices[i], g.uvs[i] * glm::vec2(30, 20));
    }
    // Past the vertex budget a grid is held to it.
    EXPECT_EQ(grid_mesh({1, 1}, 1000, 1000).vertices.size(), kMaxAttachmentMeshVertices);
}

TEST(AttachmentMesh, EveryBrokenRuleIsNamedAtItsPlace) {
    AttachmentMesh m = square();
    m.vertices.resize(2);
    m.uvs.resize(2);
    EXPECT_EQ(problem(m), "m.vertices: a mesh has 3 to 4096 vertices, not 2");
    m = square();
    m.vertices[2].x = std::nanf("");
    EXPECT_EQ(problem(m), "m.vertices[2]: each must be between -1e15 and 1e15");
    m = square();
    m.uvs.pop_back();
    EXPECT_EQ(problem(m), "m.uvs: one a vertex (4), not 3");
    m = square();
    m.uvs[1].x = 1.5f;
    EXPECT_EQ(problem(m), "m.uvs[1]: each must be between 0 and 1");
    m = square();
    m.hull = 5;
    EXPECT_EQ(problem(m), "m.hull: 3 to the mesh's 4 vertices");
    m = square();
    m.triangles.clear();
    EXPECT_EQ(problem(m), "m.triangles: a mesh has at least one");
    m = square();
    m.triangles[1] = {0, 3, 2};
    EXPECT_EQ(problem(m), "m.triangles[1]: its corners must turn counter-clockwise around an area");
    m = square();
    m.vertices[3] = {2, 2};  // on the diagonal's line: no area
    EXPECT_EQ(problem(m), "m.triangles[1]: its corners must turn counter-clockwise around an area");
    m = square();
    m.triangles.push_back({0, 1, 3});  // over the first on the side of its edge 0-1
    EXPECT_EQ(problem(m), "m.triangles[2]: its edge from vertex 0 to 1 is another triangle's too (they overlap)");
    m = square();
    m.hull = 3;  // 2 -> 0 is the diagonal, inside
    EXPECT_EQ(problem(m), "m.hull: vertices 2 to 0 are not an edge of the mesh's border, counter-clockwise");
}

TEST(AttachmentMesh, TrianglesLyingOverOthersAreRefused) {
    // Two separate triangles, the second crossing the first's border.
    AttachmentMesh m;
    m.vertices = {{0, 0}, {4, 0}, {0, 4}, {1, 1}, {5, 1}, {1, 5}};
    m.uvs.assign(6, glm::vec2(0));
    m.triangles = {{0, 1, 2}, {3, 4, 5}};
    m.hull = 3;
    EXPECT_EQ(problem(m), "m: its border crosses itself (the edges 1-2 and 3-4)");
    // The second wholly inside the first: no border crosses, but it lies over it.
    m.vertices = {{0, 0}, {4, 0}, {0, 4}, {1, 1}, {2, 1}, {1, 2}};
    EXPECT_EQ(problem(m), "m.triangles[0]: it lies over another part of the mesh");
    // A hole is fine: a square ring of eight triangles around an empty middle.
    AttachmentMesh ring;
    ring.vertices = {{0, 0}, {3, 0}, {3, 3}, {0, 3}, {1, 1}, {2, 1}, {2, 2}, {1, 2}};
    ring.uvs.assign(8, glm::vec2(0));
    ring.hull = 4;
    ring.triangles = {{0, 1, 5}, {0, 5, 4}, {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
    EXPECT_EQ(problem(ring), "none");
}

TEST(AttachmentMesh, WeightsAreOneSetAVertexOfExistingBonesSummingToOne) {
    AttachmentMesh m = square();
    m.weights = {weights({{0, 1}}), weights({{0, 0.5f}, {1, 0.5f}}), weights({{1, 1}}), weights({{2, 0.25f}, {1, 0.75f}})};
    EXPECT_EQ(problem(m), "none");
    EXPECT_EQ(problem(m, 2), "m.weights[3]: bone 2 is not a bone");
    AttachmentMesh broken = m;
    broken.weights.pop_back();
    EXPECT_EQ(problem(broken), "m.weights: one set a vertex (4), not 3");
    broken = m;
    broken.weights[1] = weights({{0, 0.5f}, {1, 0.4f}});
    EXPECT_EQ(problem(broken), "m.weights[1]: the weights must sum to 1");
    broken.weights[1] = weights({{1, 0.5f}, {1, 0.5f}});
    EXPECT_EQ(problem(broken), "m.weights[1]: a bone is listed twice");
    broken.weights[1] = weights({{0, 1}, {1, 0}});
    EXPECT_EQ(problem(broken), "m.weights[1]: each weight must be above 0 and at most 1");
    broken.weights[1] = VertexWeights{};
    EXPECT_EQ(problem(broken), "m.weights[1]: a vertex follows 1 to 4 bones");
}

TEST(AttachmentMeshFile, RigidAndWeightedMeshesComeBackExactly) {
    Result<Rig> rigid = parse_rig(rig_text(std::string("{") + kSquare + "}"));
    ASSERT_TRUE(rigid.ok()) << rigid.message();
    const Attachment& a = rigid.value().slots[0].attachments[0];
    ASSERT_TRUE(a.mesh.has_value());
    EXPECT_EQ(a.mesh->vertices[2], glm::vec2(20, 4));
    EXPECT_FALSE(a.mesh->is_weighted());

    Rig weighted = rigid.value();
    AttachmentMesh& m = *weighted.slots[0].attachments[0].mesh;
    m.vertices = grid_mesh({20, 4}, 5, 1).vertices;
    m = grid_mesh({20, 4}, 5, 1);
    m.weights = test::ramp_weights(m.vertices, 6.0f, 14.0f);  // upper to lower across the elbow
    m.weights[0] = weights({{2, 0.1f}, {1, 0.2f}, {0, 0.7f}});
    const std::string text = rig_to_json(weighted, RigJsonStyle::Compact).dump();
    EXPECT_NE(text.find("\"bones\":[\"upper\",\"lower\",\"hand\"]"), std::string::npos) << text;
    Result<Rig> back = parse_rig(text);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().slots, weighted.slots);
}

TEST(AttachmentMeshFile, EveryBrokenRuleIsRefusedAtItsPlace) {
    const std::string at = "slots[0].attachments[0].mesh";
    EXPECT_EQ(load_message(std::string("{") + kSquare + "}"), "loaded");
    EXPECT_EQ(load_message(R"({ "vertices": [[0, 0], [1, 0], [0, 1]], "uvs": [[0, 0], [1, 0], [0, 1]], "triangles": [[0, 1, 7]],
        "hull": 3 })"),
              at + ".triangles[0][2]: 7 is not a vertex (there are 3)");
    EXPECT_EQ(load_message(R"({ "vertices": [[0, 0], [1, 0], [0, 1]], "uvs": [[0, 0], [1, 0], [0, 1]], "triangles": [[0, 1, 65538]],
        "hull": 3 })"),
              at + ".triangles[0][2]: 65538 is not a vertex (there are 3)");
    EXPECT_EQ(load_message(R"({ "vertices": [[0, 0], [1, 0], [0, 1]], "uvs": [[0, 0], [1, 0], [0, 1]], "triangles": [[0, 2, 1]],
        "hull": 3 })"),
              at + ".triangles[0]: its corners must turn counter-clockwise around an area");
    EXPECT_EQ(load_message(R"({ "vertices": [[0, 0], [1, 0, 2], [0, 1]], "uvs": [], "triangles": [], "hull": 3 })"),
              at + ".vertices[1]: must be a list of 2 numbers");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "bones": ["upper", "wrist"], "weights": [] })"),
              at + ".bones[1]: \"wrist\" is not a bone");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "bones": ["upper"] })"), at + ": \"bones\" and \"weights\" come together");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "bones": ["upper"], "weights": [[0, 1], [0, 1], [0, 1]] })"),
              at + ".weights: one list a vertex (4), not 3");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "bones": ["upper"], "weights": [[0, 1], [0, 1], [0, 1], [1, 1]] })"),
              at + ".weights[3][0]: 1 is not one of the mesh's bones (there are 1)");
    EXPECT_EQ(load_message(std::string("{") + kSquare +
                           R"(, "bones": ["upper", "lower"], "weights": [[0, 1], [0, 1], [0, 1], [0, 0.5, 1, 0.4]] })"),
              at + ".weights[3]: the weights must sum to 1");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "bones": ["upper"], "weights": [[0, 1], [0, 1], [0, 1], [0]] })"),
              at + ".weights[3]: must be a list of 1 to 4 pairs of a bone (its place in \"bones\") and a weight");
    EXPECT_EQ(load_message(std::string("{") + kSquare + R"(, "edges": [] })"), at + ": unknown key \"edges\"");
}

TEST(AttachmentMeshFile, WeightsRoundedByAWriterAreMendedToSumToOne) {
    Result<Rig> rig = parse_rig(rig_text(
        std::string("{") + kSquare + R"(, "bones": ["upper", "lower"], "weights": [[0, 1], [0, 1], [0, 1], [0, 0.3334, 1, 0.6667]] })"));
    ASSERT_TRUE(rig.ok()) << rig.message();
    const VertexWeights& w = rig.value().slots[0].attachments[0].mesh->weights[3];
    EXPECT_FLOAT_EQ(w.weights[0] + w.weights[1], 1.0f);
    EXPECT_NEAR(w.weights[0], 0.3334f / 1.0001f, 1e-6f);
}

TEST(AttachmentMeshFile, ASaveNeverWritesAMeshTheLoaderWouldRefuse) {
    Result<Rig> rig = parse_rig(rig_text(std::string("{") + kSquare + "}"));
    ASSERT_TRUE(rig.ok()) << rig.message();
    Rig broken = rig.value();
    broken.slots[0].attachments[0].mesh->triangles[0] = {0, 2, 1};
    const Result<std::string> saved = serialize_rig(broken);
    ASSERT_FALSE(saved.ok());
    EXPECT_EQ(saved.message(),
              "cannot write the rig: slots[0].attachments[0].mesh.triangles[0]: its corners must turn counter-clockwise around an area");
}
