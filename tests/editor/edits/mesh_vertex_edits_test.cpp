// Editing a mesh's vertices and weights by hand: a setup move takes its part of the picture with
// it; a vertex added inside or on the outline takes what is around it (weights, UVs, deform
// offsets) and the mesh is cut again; deleting keeps the outline; a deform key is made or
// replaced at the playhead; the brush and the numbers change weights; whatever would break the
// mesh rule is refused, saying why.

#include <gtest/gtest.h>

#include "core/anim/state.hpp"
#include "core/mesh/vertex_weights.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/edits/mesh_edits.hpp"
#include "editor/edits/mesh_vertex_edits.hpp"

using namespace marionette;

namespace {

// An arm along +x, "upper" 0 to 10 and "lower" 10 to 20; a 20 x 4 picture over both on
// "upper" as a grid of 4 x 1 cells (vertices 0..9: the outline 0..9 counter-clockwise from the
// bottom left), and a state "squash".
Rig gridded_arm() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 10 }, { "name": "lower", "parent": "upper", "length": 10, "translation": [10, 0] } ],
      "slots": [ { "name": "arm", "bone": "upper", "attachment": "arm",
                   "attachments": [ { "name": "arm", "image": "arm.png", "size": [20, 4], "offset": [10, 0] } ] } ],
      "states": [ { "name": "squash" } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    Result<Rig> grid = make_attachment_grid(rig.value(), 0, 0, 4, 1);
    EXPECT_TRUE(grid.ok()) << grid.message();
    return grid.ok() ? grid.value() : rig.value();
}

const AttachmentMesh& arm_mesh(const Rig& rig) { return *rig.slots[0].attachments[0].mesh; }

Rig keyed_arm(const Rig& rig, float time, glm::vec2 offset) {
    std::vector<glm::vec2> offsets(arm_mesh(rig).vertices.size(), offset);
    Result<Rig> keyed = key_mesh_deform(rig, 0, 0, 0, time, offsets);
    EXPECT_TRUE(keyed.ok()) << keyed.message();
    return keyed.ok() ? keyed.value() : rig;
}

}  // namespace

TEST(MeshVertexEdits, ASetupMoveTakesItsPartOfThePictureAndStaysOnIt) {
    const Rig rig = gridded_arm();
    const AttachmentMesh& before = arm_mesh(rig);
    const int top_middle = test::vertex_at(before, {10.0f, 4.0f});
    ASSERT_GE(top_middle, 0);
    const std::uint32_t moved[] = {static_cast<std::uint32_t>(top_middle)};
    const glm::vec2 to[] = {{11.0f, 3.0f}};
    Result<Rig> out = move_mesh_vertices(rig, 0, 0, moved, to);
    ASSERT_TRUE(out.ok()) << out.message();
    const AttachmentMesh& m = arm_mesh(out.value());
    EXPECT_EQ(m.vertices[moved[0]], glm::vec2(11.0f, 3.0f));
    EXPECT_NEAR(m.uvs[moved[0]].x, 11.0f / 20.0f, 1e-6f) << "the UV follows: the picture does not stretch";
    EXPECT_NEAR(m.uvs[moved[0]].y, 3.0f / 4.0f, 1e-6f);
    EXPECT_EQ(m.triangles, before.triangles);

    // Past the picture's edge: held on it.
    const glm::vec2 far[] = {{11.0f, 9.0f}};
    Result<Rig> held = move_mesh_vertices(rig, 0, 0, moved, far);
    ASSERT_TRUE(held.ok()) << held.message();
    EXPECT_EQ(arm_mesh(held.value()).vertices[moved[0]], glm::vec2(11.0f, 4.0f));
    EXPECT_NEAR(arm_mesh(held.value()).uvs[moved[0]].y, 1.0f, 1e-6f);

    // Down through the bottom edge's vertices: triangles turn over, refused.
    const glm::vec2 through[] = {{10.0f, 0.0f}};
    Result<Rig> flipped = move_mesh_vertices(rig, 0, 0, moved, through);
    EXPECT_FALSE(flipped.ok());
    const std::uint32_t missing[] = {99};
    EXPECT_FALSE(move_mesh_vertices(rig, 0, 0, missing, to).ok());
    EXPECT_FALSE(move_mesh_vertices(rig, 0, 1, moved, to).ok());
}

TEST(MeshVertexEdits, AnAddedVertexTakesWhatIsAroundItAndTheMeshIsCutAgain) {
    Result<Rig> bound = bind_attachment_mesh(gridded_arm(), 0, 0, std::vector<int>{0, 1}, AutoWeightsMethod::distance);
    ASSERT_TRUE(bound.ok()) << bound.message();
    const Rig rig = keyed_arm(bound.value(), 0.5f, {1.0f, 2.0f});
    const AttachmentMesh& before = arm_mesh(rig);

    // Inside the cell from x 10 to 15: appended, its weights between the cell's corners'.
    Result<AddedVertex> inside = add_mesh_vertex(rig, 0, 0, {12.5f, 2.0f}, 0.1f);
    ASSERT_TRUE(inside.ok()) << inside.message();
    const AttachmentMesh& m = arm_mesh(inside.value().rig);
    ASSERT_EQ(inside.value().vertex, before.vertices.size());
    ASSERT_EQ(m.vertices.size(), before.vertices.size() + 1);
    EXPECT_EQ(m.hull, before.hull);
    EXPECT_EQ(m.vertices.back(), glm::vec2(12.5f, 2.0f));
    EXPECT_NEAR(m.uvs.back().x, 12.5f / 20.0f, 1e-5f);
    EXPECT_GT(m.triangles.size(), before.triangles.size());
    const float lower = test::weight_of(m.weights.back(), 1);
    const float lower_left = test::weight_of(before.weights[static_cast<std::size_t>(test::vertex_at(before, {10.0f, 0.0f}))], 1);
    const float lower_right = test::weight_of(before.weights[static_cast<std::size_t>(test::vertex_at(before, {15.0f, 0.0f}))], 1);
    EXPECT_GT(lower, std::min(lower_left, lower_right) - 1e-4f);
    EXPECT_LT(lower, std::max(lower_left, lower_right) + 1e-4f);
    const DeformKey& key = inside.value().rig.states[0].deform[0].keys[0];
    ASSERT_EQ(key.offsets.size(), m.vertices.size());
    EXPECT_NEAR(key.offsets.back().x, 1.0f, 1e-5f) << "the deform key's offset there";
    EXPECT_NEAR(key.offsets.back().y, 2.0f, 1e-5f);

    // Near the bottom side from x 5 to 10: on the outline, between its two vertices.
    Result<AddedVertex> side = add_mesh_vertex(rig, 0, 0, {7.0f, 0.05f}, 0.1f);
    ASSERT_TRUE(side.ok()) << side.message();
    const AttachmentMesh& s = arm_mesh(side.value().rig);
    EXPECT_EQ(s.hull, before.hull + 1);
    EXPECT_EQ(s.vertices[side.value().vertex], glm::vec2(7.0f, 0.0f)) << "put on the side itself";
    EXPECT_EQ(s.vertices[side.value().vertex - 1], glm::vec2(5.0f, 0.0f));
    EXPECT_EQ(s.vertices[side.value().vertex + 1], glm::vec2(10.0f, 0.0f));

    // Outside, on a vertex, or on no mesh: refused.
    EXPECT_FALSE(add_mesh_vertex(rig, 0, 0, {25.0f, 2.0f}, 0.1f).ok());
    EXPECT_FALSE(add_mesh_vertex(rig, 0, 0, {10.0f, 4.0f}, 0.1f).ok());
    EXPECT_FALSE(add_mesh_vertex(rig, 0, 3, {10.0f, 2.0f}, 0.1f).ok());
}

TEST(MeshVertexEdits, DeletingKeepsTheOutlineAndTheDeformKeysFit) {
    const Rig rig = keyed_arm(gridded_arm(), 0.0f, {0.5f, 0.0f});
    const AttachmentMesh& before = arm_mesh(rig);
    const std::uint32_t top_middle[] = {static_cast<std::uint32_t>(test::vertex_at(before, {10.0f, 4.0f}))};
    Result<Rig> out = delete_mesh_vertices(rig, 0, 0, top_middle);
    ASSERT_TRUE(out.ok()) << out.message();
    const AttachmentMesh& m = arm_mesh(out.value());
    EXPECT_EQ(m.vertices.size(), before.vertices.size() - 1);
    EXPECT_EQ(m.hull, before.hull - 1);
    EXPECT_EQ(test::vertex_at(m, {10.0f, 4.0f}), -1);
    EXPECT_EQ(out.value().states[0].deform[0].keys[0].offsets.size(), m.vertices.size());

    // All but two of the outline: refused.
    std::vector<std::uint32_t> most;
    for (std::uint32_t i = 2; i < before.hull; ++i) most.push_back(i);
    Result<Rig> too_many = delete_mesh_vertices(rig, 0, 0, most);
    ASSERT_FALSE(too_many.ok());
    EXPECT_NE(too_many.message().find("at least 3"), std::string::npos) << too_many.message();
}

TEST(MeshVertexEdits, ADeformKeyIsMadeOrReplacedAtItsTime) {
    const Rig rig = gridded_arm();
    const std::size_t n = arm_mesh(rig).vertices.size();
    Rig keyed = keyed_arm(rig, 0.5f, {1.0f, 0.0f});
    ASSERT_EQ(keyed.states[0].deform.size(), 1u);
    keyed.states[0].deform[0].keys[0].interpolation = Interpolation::Step;
    keyed = keyed_arm(keyed, 0.5002f, {2.0f, 0.0f});
    keyed = keyed_arm(keyed, 0.25f, {3.0f, 0.0f});
    const DeformTrack& track = keyed.states[0].deform[0];
    ASSERT_EQ(track.keys.size(), 2u);
    EXPECT_EQ(track.keys[0].time, 0.25f);
    EXPECT_EQ(track.keys[1].offsets[0], glm::vec2(2.0f, 0.0f)) << "the key at the same time takes the offsets";
    EXPECT_EQ(track.keys[1].interpolation, Interpolation::Step) << "and keeps its way on";

    EXPECT_FALSE(key_mesh_deform(rig, 0, 0, 0, 0.5f, std::vector<glm::vec2>(n - 1)).ok());
    EXPECT_FALSE(key_mesh_deform(rig, 1, 0, 0, 0.5f, std::vector<glm::vec2>(n)).ok());
    EXPECT_FALSE(key_mesh_deform(rig, 0, 0, 0, -1.0f, std::vector<glm::vec2>(n)).ok());
    EXPECT_FALSE(key_mesh_deform(rig, 0, 0, 0, 0.5f, std::vector<glm::vec2>(n, glm::vec2(1e16f))).ok());
}

TEST(MeshVertexEdits, TheBrushAndTheNumbersWeighVertices) {
    const Rig rig = gridded_arm();
    // A dab of "lower" at the far end of a rigid mesh: weighted, the far end partly on "lower".
    WeightBrush brush;
    brush.bone = 1;
    brush.centre = {20.0f, 2.0f};
    brush.radius = 6.0f;
    brush.strength = 1.0f;
    Result<Rig> painted = paint_mesh_weights(rig, 0, 0, brush);
    ASSERT_TRUE(painted.ok()) << painted.message();
    const AttachmentMesh& m = arm_mesh(painted.value());
    ASSERT_TRUE(m.is_weighted());
    EXPECT_GT(test::weight_of(m.weights[static_cast<std::size_t>(test::vertex_at(m, {20.0f, 0.0f}))], 1), 0.5f);
    EXPECT_EQ(test::weight_of(m.weights[0], 0), 1.0f) << "the near end still on the slot's bone";

    const std::uint32_t first[] = {0, 1};
    Result<Rig> set = set_mesh_vertex_weight(painted.value(), 0, 0, first, 1, 0.25f);
    ASSERT_TRUE(set.ok()) << set.message();
    EXPECT_NEAR(test::weight_of(arm_mesh(set.value()).weights[0], 1), 0.25f, 1e-6f);
    EXPECT_NEAR(test::weight_of(arm_mesh(set.value()).weights[0], 0), 0.75f, 1e-6f);
    EXPECT_FALSE(set_mesh_vertex_weight(rig, 0, 0, first, 7, 0.5f).ok());
    EXPECT_FALSE(set_mesh_vertex_weight(rig, 0, 0, first, 1, 1.5f).ok());
    const std::uint32_t missing[] = {99};
    EXPECT_FALSE(set_mesh_vertex_weight(rig, 0, 0, missing, 1, 0.5f).ok());
}

TEST(MeshVertexEdits, AShapeKeyIsCopiedAndPastedLikeABoneKey) {
    Rig rig = keyed_arm(gridded_arm(), 0.5f, {1.0f, 2.0f});
    rig.states.push_back(State{});
    rig.states.back().name = "other";
    const KeyRef shape{0, 0, KeyTimeline::Deform};
    const std::vector<CopiedKey> copied = copy_keys(rig.states[0], std::span<const KeyRef>(&shape, 1));
    ASSERT_EQ(copied.size(), 1u);
    ASSERT_TRUE(copied[0].shape.has_value());
    EXPECT_EQ(copied[0].time(), 0.0f) << "counted from the earliest copied";

    Result<Rig> pasted = paste_keys(rig, 1, copied, 1.25f);
    ASSERT_TRUE(pasted.ok()) << pasted.message();
    ASSERT_EQ(pasted.value().states[1].deform.size(), 1u);
    const DeformKey& key = pasted.value().states[1].deform[0].keys[0];
    EXPECT_EQ(key.time, 1.25f);
    EXPECT_EQ(key.offsets, rig.states[0].deform[0].keys[0].offsets);
    EXPECT_TRUE(find_key(pasted.value().states[1], copied[0].id_at(1.25f)).has_value()) << "the timeline selects what it pasted";

    // Over a key at the same time in the same state: replaced, not doubled.
    Result<Rig> again = paste_keys(pasted.value(), 1, copied, 1.25f);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().states[1].deform[0].keys.size(), 1u);

    // Into a mesh that has since gained a vertex: the shape no longer fits, refused.
    Result<AddedVertex> grown = add_mesh_vertex(rig, 0, 0, {12.5f, 2.0f}, 0.1f);
    ASSERT_TRUE(grown.ok()) << grown.message();
    Result<Rig> refused = paste_keys(grown.value().rig, 1, copied, 0.0f);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("cannot paste keys"), std::string::npos) << refused.message();
}
