// The triangles a 2D puppet's pictures are drawn with: where their corners land (with the picture's
// top row at the top), their premultiplied colour, and the batching that keeps a frame to one
// draw per run of a shared picture while keeping the slots' order.

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/viewport/slot_triangles.hpp"

using namespace marionette;

namespace {

// body along x (0..10), head at its tip turned a quarter turn; "back" 20 x 10 centred on body's
// origin, "face" 4 x 2 with its bottom-left corner at head's origin, half see-through and red.
Rig quads_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 }, { "name": "head", "parent": "body", "length": 4, "translation": [10, 0], "rotation": 90 } ],
      "slots": [
        { "name": "back", "bone": "body", "attachment": "a", "attachments": [ { "name": "a", "image": "a.png", "size": [20, 10] } ] },
        { "name": "face", "bone": "head", "attachment": "f", "color": [1, 0, 0, 1],
          "attachments": [ { "name": "f", "image": "f.png", "size": [4, 2], "pivot": [0, 0], "tint": [1, 1, 1, 0.5] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

SlotTriangles quads_of(const Rig& rig) {
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    SlotTriangles out;
    build_slot_triangles(rig, rig.pose, world, out);
    return out;
}

void expect_near(glm::vec3 got, glm::vec3 want, const char* what) {
    EXPECT_NEAR(got.x, want.x, 1e-4f) << what;
    EXPECT_NEAR(got.y, want.y, 1e-4f) << what;
    EXPECT_NEAR(got.z, want.z, 1e-4f) << what;
}

}  // namespace

TEST(SlotTriangles, CornersLandWhereTheBoneFramePutsThemWithTheTopRowUp) {
    const SlotTriangles q = quads_of(quads_puppet());
    ASSERT_EQ(q.indices.size(), 12u);
    // back: two triangles bottom-left, bottom-right, top-right / bottom-left, top-right, top-left.
    expect_near(q.corner(0).position, {-10, -5, 0}, "back bottom left");
    expect_near(q.corner(1).position, {10, -5, 0}, "back bottom right");
    expect_near(q.corner(2).position, {10, 5, 0}, "back top right");
    expect_near(q.corner(5).position, {-10, 5, 0}, "back top left");
    EXPECT_EQ(q.corner(0).uv, glm::vec2(0, 1)) << "the bottom left shows the picture's last row";
    EXPECT_EQ(q.corner(2).uv, glm::vec2(1, 0));
    EXPECT_EQ(q.corner(5).uv, glm::vec2(0, 0)) << "the top left shows its first row";
    // face on head (at (10, 0), turned 90°): its x runs up the world's y, its y toward -x.
    expect_near(q.corner(6).position, {10, 0, 0}, "face bottom left");
    expect_near(q.corner(7).position, {10, 4, 0}, "face bottom right");
    expect_near(q.corner(8).position, {8, 4, 0}, "face top right");
    expect_near(q.corner(11).position, {8, 0, 0}, "face top left");
}

TEST(SlotTriangles, ColoursAreTintTimesSlotColourPremultiplied) {
    const SlotTriangles q = quads_of(quads_puppet());
    ASSERT_EQ(q.indices.size(), 12u);
    EXPECT_EQ(q.corner(0).color, glm::vec4(1, 1, 1, 1));
    EXPECT_EQ(q.corner(6).color, glm::vec4(0.5f, 0, 0, 0.5f)) << "red at half alpha, premultiplied";
}

TEST(SlotTriangles, PoseScaleStretchesThePicture) {
    Rig rig = quads_puppet();
    rig.pose.scales[0] = {2, 0.5f, 1};
    const SlotTriangles q = quads_of(rig);
    ASSERT_FALSE(q.indices.empty());
    expect_near(q.corner(0).position, {-20, -2.5f, 0}, "back bottom left, stretched");
    expect_near(q.corner(2).position, {20, 2.5f, 0}, "back top right, stretched");
}

TEST(SlotTriangles, HiddenEmptyAndTransparentPicturesAddNothing) {
    Rig rig = quads_puppet();
    rig.slots[0].shown = -1;
    EXPECT_EQ(quads_of(rig).indices.size(), 6u) << "back shows nothing";
    rig.slots[1].color.a = 0.0f;
    EXPECT_TRUE(quads_of(rig).indices.empty()) << "face is fully transparent";
    rig = quads_puppet();
    rig.slots[0].attachments[0].size.y = 0.0f;
    rig.slots[1].attachments[0].scale.x = 0.0f;
    EXPECT_TRUE(quads_of(rig).indices.empty()) << "pictures of no area";
    rig = quads_puppet();
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    SlotTriangles q;
    build_slot_triangles(rig, rig.pose, std::span(world).first(1), q);
    EXPECT_TRUE(q.indices.empty()) << "a pose that does not fit the frames given draws nothing";
}

TEST(SlotTriangles, ConsecutiveQuadsOfOnePictureShareABatchAndOrderIsKept) {
    Rig rig = quads_puppet();
    rig.slots.push_back(rig.slots[0]);
    rig.slots.back().name = "back2";
    rig.slots.push_back(rig.slots[0]);
    rig.slots.back().name = "back3";
    // a.png, f.png, a.png, a.png: three batches, the last two quads drawn together.
    const SlotTriangles q = quads_of(rig);
    ASSERT_EQ(q.batches.size(), 3u);
    EXPECT_EQ(*q.batches[0].image, "a.png");
    EXPECT_EQ(q.batches[0].first, 0);
    EXPECT_EQ(q.batches[0].count, 6);
    EXPECT_EQ(*q.batches[1].image, "f.png");
    EXPECT_EQ(q.batches[1].first, 6);
    EXPECT_EQ(*q.batches[2].image, "a.png");
    EXPECT_EQ(q.batches[2].first, 12);
    EXPECT_EQ(q.batches[2].count, 12);
}

// A weighted mesh draws its own triangles, each corner where its bones carry it and sampling
// the image where its UV says, and shares a batch with a plain picture of the same file.
TEST(SlotTriangles, AMeshDrawsItsTrianglesWhereItsBonesCarryThem) {
    Rig rig = quads_puppet();
    Attachment& face = rig.slots[1].attachments[0];
    face.image = "a.png";
    face.mesh = grid_mesh(face.size, 2, 1);  // 6 vertices, 4 triangles
    for (const glm::vec2& v : face.mesh->vertices) {
        VertexWeights w;
        w.count = 1;
        w.bones[0] = v.x > 0.0f ? 1 : 0;  // the left edge on the body, the rest on the head
        w.weights[0] = 1.0f;
        face.mesh->weights.push_back(w);
    }
    rig.pose.rotations[1] = rotation_2d(-1.5707963f);  // the head turned back along the body's x
    const SlotTriangles q = quads_of(rig);
    ASSERT_EQ(q.indices.size(), 6u + 12u);
    EXPECT_EQ(q.vertices.size(), 4u + 6u) << "each vertex once, its triangles sharing it";
    ASSERT_EQ(q.batches.size(), 1u) << "both show a.png";
    EXPECT_EQ(q.batches[0].count, 18);
    const AttachmentMesh& m = *face.mesh;
    for (std::size_t i = 0; i < 12; ++i) {
        const std::uint16_t v = m.triangles[i / 3][i % 3];
        const SlotVertex& got = q.corner(6 + i);
        EXPECT_EQ(got.uv, glm::vec2(m.uvs[v].x, 1.0f - m.uvs[v].y)) << "vertex " << i;
        // At rest the head points up from (10, 0): picture point (x, y) sits at (10 - y, x). Turned
        // back to the body's x, the head carries it to (10 + x, y); the body keeps it at rest.
        const glm::vec2 p = m.vertices[v];
        const glm::vec3 want = p.x > 0.0f ? glm::vec3(10.0f + p.x, p.y, 0.0f) : glm::vec3(10.0f - p.y, p.x, 0.0f);
        expect_near(got.position, want, "a mesh corner");
    }
}
