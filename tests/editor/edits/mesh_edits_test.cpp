// Making a picture a mesh and binding it: a picture's outline becomes a mesh that covers it and
// keeps the mesh rule; binding weighs its vertices over the arm's bones so the far end follows
// the forearm; remaking a bound mesh keeps it bound; removing it takes its deform keys; bad
// requests are refused, saying why, and leave nothing half-changed.

#include <gtest/gtest.h>

#include "core/anim/state.hpp"
#include "core/mesh/vertex_weights.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/mesh_edits.hpp"

using namespace marionette;

namespace {

// An arm along +x: "upper" 0 to 10, "lower" 10 to 20, "hand" past it; a 20 x 4 sleeve on the
// upper arm covering both, and a bone "other" beside it that no default bind takes.
Rig sleeve_rig() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 10 }, { "name": "lower", "parent": "upper", "length": 10, "translation": [10, 0] },
                 { "name": "hand", "parent": "lower", "length": 2, "translation": [10, 0] }, { "name": "other", "length": 5, "translation": [0, 20] } ],
      "slots": [ { "name": "sleeve", "bone": "upper", "attachment": "sleeve",
                   "attachments": [ { "name": "sleeve", "image": "sleeve.png", "size": [20, 4], "offset": [10, 0] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

// 80 x 16 pixels (4 a unit), opaque but for a transparent margin of `margin` pixels.
std::vector<std::uint8_t> sleeve_pixels(int margin) {
    std::vector<std::uint8_t> rgba(80 * 16 * 4, 0);
    for (int y = margin; y < 16 - margin; ++y) {
        for (int x = margin; x < 80 - margin; ++x) {
            std::uint8_t* p = rgba.data() + 4 * (y * 80 + x);
            p[0] = 200, p[1] = 120, p[2] = 60, p[3] = 255;
        }
    }
    return rgba;
}

float mesh_area(const AttachmentMesh& m) {
    float area = 0.0f;
    for (const auto& t : m.triangles) {
        const glm::vec2 a = m.vertices[t[0]], b = m.vertices[t[1]], c = m.vertices[t[2]];
        area += 0.5f * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    }
    return area;
}

const AttachmentMesh& sleeve_mesh(const Rig& rig) { return *rig.slots[0].attachments[0].mesh; }

Rig meshed(const Rig& rig) {
    const std::vector<std::uint8_t> pixels = sleeve_pixels(0);
    Result<Rig> out = make_attachment_mesh(rig, 0, 0, PicturePixels{pixels, 80, 16}, kDefaultMeshDetail);
    EXPECT_TRUE(out.ok()) << out.message();
    return out.ok() ? out.value() : rig;
}

}  // namespace

TEST(MeshEdits, APictureMadeAMeshCoversItsPixelsAndKeepsTheRule) {
    const Rig rig = meshed(sleeve_rig());
    ASSERT_TRUE(rig.slots[0].attachments[0].mesh.has_value());
    const AttachmentMesh& m = sleeve_mesh(rig);
    EXPECT_FALSE(attachment_mesh_problem(m, rig.skeleton.size(), "mesh").has_value());
    EXPECT_FALSE(m.is_weighted()) << "a made mesh is rigid until bound";
    EXPECT_NEAR(mesh_area(m), 80.0f, 80.0f * 0.05f) << "the 20 x 4 picture, within its outline's rounding";
    EXPECT_GT(m.vertices.size(), m.hull) << "inner vertices at detail 0.5";

    // A margin of transparent pixels: the outline follows the pixels that show, not the frame.
    const std::vector<std::uint8_t> pixels = sleeve_pixels(4);
    Result<Rig> trimmed = make_attachment_mesh(sleeve_rig(), 0, 0, PicturePixels{pixels, 80, 16}, kDefaultMeshDetail);
    ASSERT_TRUE(trimmed.ok()) << trimmed.message();
    // 72 x 8 pixels show (18 x 2 units); the outline keeps a pixel's margin around them, less
    // the corners its simplification cuts.
    EXPECT_GT(mesh_area(sleeve_mesh(trimmed.value())), 36.0f);
    EXPECT_LT(mesh_area(sleeve_mesh(trimmed.value())), 74.0f * 10.0f / 16.0f);
}

TEST(MeshEdits, BadRequestsAreRefusedSayingWhy) {
    const Rig rig = sleeve_rig();
    const std::vector<std::uint8_t> clear(80 * 16 * 4, 0);
    EXPECT_FALSE(make_attachment_mesh(rig, 0, 0, PicturePixels{clear, 80, 16}, 0.5f).ok()) << "no pixel shows";
    const std::vector<std::uint8_t> pixels = sleeve_pixels(0);
    Result<Rig> r = make_attachment_mesh(rig, 0, 0, PicturePixels{pixels, 80, 16}, 1.5f);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.message(), "a mesh's detail is 0 to 1");
    EXPECT_EQ(make_attachment_mesh(rig, 3, 0, PicturePixels{pixels, 80, 16}, 0.5f).message(), "slot 3 does not exist");
    EXPECT_EQ(make_attachment_mesh(rig, 0, 2, PicturePixels{pixels, 80, 16}, 0.5f).message(), "slot \"sleeve\" has no attachment 2");
    EXPECT_FALSE(make_attachment_mesh(rig, 0, 0, PicturePixels{pixels, 80, 17}, 0.5f).ok()) << "pixels shorter than their size";
    EXPECT_EQ(make_attachment_grid(rig, 0, 0, 0, 3).message(), "a grid has 1 to 63 cells a side");
    const std::vector<int> bones{0, 1};
    EXPECT_EQ(bind_attachment_mesh(rig, 0, 0, bones, AutoWeightsMethod::heat).message(), "\"sleeve\" is no mesh: make it one first");
    EXPECT_EQ(remove_attachment_mesh(rig, 0, 0).message(), "\"sleeve\" is no mesh");
    const Rig m = meshed(rig);
    EXPECT_EQ(unbind_attachment_mesh(m, 0, 0).message(), "\"sleeve\" is no weighted mesh");
    const std::vector<int> twice{0, 1, 0};
    EXPECT_EQ(bind_attachment_mesh(m, 0, 0, twice, AutoWeightsMethod::heat).message(), "a bone to bind to is named twice");
    const std::vector<int> missing{0, 9};
    EXPECT_EQ(bind_attachment_mesh(m, 0, 0, missing, AutoWeightsMethod::heat).message(), "bone 9 does not exist");
    EXPECT_EQ(bind_attachment_mesh(m, 0, 0, {}, AutoWeightsMethod::heat).message(), "no bones to bind to");
}

TEST(MeshEdits, BindingWeighsTheMeshAlongTheArm) {
    const Rig rig = meshed(sleeve_rig());
    const std::vector<int> bones = default_bind_bones(rig, 0);
    EXPECT_EQ(bones, (std::vector<int>{0, 1, 2})) << "the slot's bone and those below it";
    for (AutoWeightsMethod method : {AutoWeightsMethod::heat, AutoWeightsMethod::distance}) {
        Result<Rig> bound = bind_attachment_mesh(rig, 0, 0, bones, method);
        ASSERT_TRUE(bound.ok()) << bound.message();
        const AttachmentMesh& m = sleeve_mesh(bound.value());
        ASSERT_EQ(m.weights.size(), m.vertices.size());
        EXPECT_FALSE(attachment_mesh_problem(m, rig.skeleton.size(), "mesh").has_value());
        // Picture x 0 is the shoulder (world x 0), 20 the wrist: near one end the upper arm
        // leads, near the other the forearm.
        for (std::size_t i = 0; i < m.vertices.size(); ++i) {
            const float x = m.vertices[i].x;
            if (x < 3.0f) {
                EXPECT_GT(test::weight_of(m.weights[i], 0), 0.5f) << i;
            }
            if (x > 17.0f) {  // the wrist, at 20, is shared with the hand
                EXPECT_GT(test::weight_of(m.weights[i], 1) + test::weight_of(m.weights[i], 2), 0.5f) << i;
            }
            EXPECT_EQ(test::weight_of(m.weights[i], 3), 0.0f) << "not bound to the bone beside it";
        }
    }
}

TEST(MeshEdits, AMeshMadeAgainStaysBoundAndUnbindingMakesItRigid) {
    const Rig rig = meshed(sleeve_rig());
    const std::vector<int> bones{0, 1};
    Result<Rig> bound = bind_attachment_mesh(rig, 0, 0, bones, AutoWeightsMethod::heat);
    ASSERT_TRUE(bound.ok()) << bound.message();
    Result<Rig> grid = make_attachment_grid(bound.value(), 0, 0, 8, 2);
    ASSERT_TRUE(grid.ok()) << grid.message();
    const AttachmentMesh& m = sleeve_mesh(grid.value());
    EXPECT_EQ(m.vertices.size(), 27u);
    ASSERT_EQ(m.weights.size(), 27u) << "bound again";
    for (const VertexWeights& w : m.weights) {
        for (std::size_t i = 0; i < w.count; ++i) EXPECT_LE(w.bones[i], 1) << "to the bones it followed";
    }
    Result<Rig> rigid = unbind_attachment_mesh(grid.value(), 0, 0);
    ASSERT_TRUE(rigid.ok()) << rigid.message();
    EXPECT_FALSE(sleeve_mesh(rigid.value()).is_weighted());
    EXPECT_EQ(sleeve_mesh(rigid.value()).vertices, m.vertices);
}

TEST(MeshEdits, DeformKeysHoldTheirMeshesVertexCount) {
    Rig rig = meshed(sleeve_rig());
    State state;
    state.name = "wave";
    DeformKey key;
    key.offsets.assign(sleeve_mesh(rig).vertices.size(), glm::vec2(0.0f, 1.0f));
    state.deform.push_back(DeformTrack{0, 0, {key}});
    rig.states.push_back(state);
    // Another count of vertices would leave the key's offsets without their vertices.
    Result<Rig> grid = make_attachment_grid(rig, 0, 0, 3, 1);
    ASSERT_FALSE(grid.ok());
    EXPECT_NE(grid.message().find("states[0].deform[0]"), std::string::npos) << grid.message();
    // Removed, the mesh takes its keys with it.
    Result<Rig> plain = remove_attachment_mesh(rig, 0, 0);
    ASSERT_TRUE(plain.ok()) << plain.message();
    EXPECT_FALSE(plain.value().slots[0].attachments[0].mesh.has_value());
    EXPECT_TRUE(plain.value().states[0].deform.empty());
}
