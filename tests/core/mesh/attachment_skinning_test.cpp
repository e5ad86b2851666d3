// Where a picture's vertices land under a pose: plain corners as before, rigid meshes with their
// bone, weighted meshes bound at rest and carried by their bones, checked against points worked
// out by hand; deform offsets in the picture's space; inputs that do not fit refused.

#include <gtest/gtest.h>

#include "core/mesh/attachment_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "vertex_weights.hpp"

using namespace marionette;
using test::weights;

namespace {

constexpr float kQuarter = 1.5707963267948966f;

// An arm along +x: "upper" from the origin to 10, "lower" from 10 to 20.
Rig arm() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 10 }, { "name": "lower", "parent": "upper", "length": 10 } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

// A picture 20 x 4 laid along the arm: its bottom-left corner at (0, -2) in the upper bone.
Attachment arm_picture() {
    Attachment a;
    a.name = "arm";
    a.image = "arm.png";
    a.size = {20, 4};
    a.pivot = {0, 0.5f};
    return a;
}

// Three vertices of the picture (in its space: y 2 is the arm's middle line) and one triangle.
AttachmentMesh three(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c) {
    AttachmentMesh m;
    m.vertices = {a, b, c};
    m.uvs = {a / glm::vec2(20, 4), b / glm::vec2(20, 4), c / glm::vec2(20, 4)};
    m.triangles = {{0, 1, 2}};
    m.hull = 3;
    return m;
}

struct Posed {
    Pose pose;
    std::vector<Transform> world, rest_world;
    std::vector<glm::mat4> skinning;
};

Posed posed(const Rig& rig, const Pose& pose) {
    Posed p{pose, compute_world(rig.skeleton, pose).value(), compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value(), {}};
    p.skinning.resize(rig.skeleton.size());
    BoneSkinningJob job{p.world, p.rest_world, &p.pose, p.skinning};
    EXPECT_TRUE(job.validate().ok());
    job.run();
    return p;
}

std::vector<glm::vec3> vertices(const Attachment& a, const Posed& p, std::span<const glm::vec2> deform = {}) {
    std::vector<glm::vec3> out(attachment_vertex_count(a));
    AttachmentVerticesJob job{&a, 0, p.world, &p.pose, p.rest_world, p.skinning, deform, out};
    const Status ok = job.validate();
    EXPECT_TRUE(ok.ok()) << ok.message();
    if (ok.ok()) job.run();
    return out;
}

void expect_at(const glm::vec3& got, const glm::vec2& want, const char* what) {
    EXPECT_NEAR(got.x, want.x, 1e-5f) << what;
    EXPECT_NEAR(got.y, want.y, 1e-5f) << what;
    EXPECT_EQ(got.z, 0.0f) << what;
}

}  // namespace

TEST(AttachmentVertices, APlainPictureGivesItsCorners) {
    const Rig rig = arm();
    Pose pose = Pose::rest(2);
    pose.rotations[0] = rotation_2d(0.3f);
    pose.scales[0] = {2, 1, 1};
    const Posed p = posed(rig, pose);
    const Attachment a = arm_picture();
    const std::vector<glm::vec3> got = vertices(a, p);
    const std::array<glm::vec3, 4> want = attachment_world_corners(a, p.world[0], pose.scales[0]);
    ASSERT_EQ(got.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) expect_at(got[i], glm::vec2(want[i]), "corner");
}

TEST(AttachmentVertices, ARigidMeshTurnsWithItsBoneAndItsDeformMovesInThePicturesSpace) {
    const Rig rig = arm();
    Pose pose = Pose::rest(2);
    pose.rotations[0] = rotation_2d(kQuarter);  // the arm points up
    const Posed p = posed(rig, pose);
    Attachment a = arm_picture();
    a.mesh = three({0, 2}, {20, 2}, {10, 4});
    const std::vector<glm::vec3> got = vertices(a, p);
    expect_at(got[0], {0, 0}, "the shoulder");
    expect_at(got[1], {0, 20}, "the hand");
    expect_at(got[2], {-2, 10}, "the elbow's top edge");
    // A picture turned a quarter on its bone: an offset along the picture's x moves along the bone's y.
    a.rotation = kQuarter;
    const std::vector<glm::vec2> deform{{1, 0}, {0, 0}, {0, 0}};
    const std::vector<glm::vec3> turned = vertices(a, p);
    const std::vector<glm::vec3> moved = vertices(a, p, deform);
    expect_at(moved[0] - turned[0], {-1, 0}, "offset (1, 0) in the picture: +y on the bone, -x in the world");
    expect_at(moved[1], glm::vec2(turned[1]), "an offset of nothing");
}

TEST(AttachmentVertices, AWeightedMeshIsWhereItWasBoundAtRestAndFollowsEachBoneByItsWeight) {
    const Rig rig = arm();
    Attachment a = arm_picture();
    a.mesh = three({15, 2}, {10, 4}, {10, 2});
    a.mesh->weights = {weights({{1, 1}}), weights({{0, 0.5f}, {1, 0.5f}}), weights({{0, 0.25f}, {1, 0.75f}})};
    // At rest the weights change nothing.
    const std::vector<glm::vec3> rest = vertices(a, posed(rig, Pose::rest(2)));
    expect_at(rest[0], {15, 0}, "rest");
    expect_at(rest[1], {10, 2}, "rest");
    // The elbow bent a quarter turn: (15, 0) goes with the forearm to (10, 5); the point 2 above the
    // elbow is (10, 2) on the upper arm and (8, 0) on the forearm, half each; the elbow stays.
    Pose bent = Pose::rest(2);
    bent.rotations[1] = rotation_2d(kQuarter);
    const std::vector<glm::vec3> got = vertices(a, posed(rig, bent));
    expect_at(got[0], {10, 5}, "on the forearm");
    expect_at(got[1], {9, 1}, "half and half");
    expect_at(got[2], {10, 0}, "the elbow");
    // The forearm stretched twice its length: a point on it halfway along goes to its tip.
    Pose stretched = Pose::rest(2);
    stretched.scales[1] = {2, 1, 1};
    expect_at(vertices(a, posed(rig, stretched))[0], {20, 0}, "stretched");
    // Binds are the rest pose's, whatever it is now: a forearm turned at rest leaves the mesh as
    // the picture lays it on its slot's bone.
    Rig moved = rig;
    moved.skeleton[1].rest.rotation = rotation_2d(kQuarter);
    const Posed at_rest = posed(moved, Pose::rest(2));
    expect_at(vertices(a, at_rest)[0], {15, 0}, "at rest");
}

TEST(AttachmentVertices, InputsThatDoNotFitAreRefused) {
    const Rig rig = arm();
    const Posed p = posed(rig, Pose::rest(2));
    Attachment a = arm_picture();
    a.mesh = three({15, 2}, {10, 4}, {10, 2});
    std::vector<glm::vec3> out(3);
    const std::vector<glm::vec2> short_deform(2);
    EXPECT_EQ(AttachmentVerticesJob({&a, 0, p.world, &p.pose, {}, {}, short_deform, out}).validate().message(),
              "attachment vertices: a deform is one offset per mesh vertex");
    EXPECT_EQ(AttachmentVerticesJob({&a, 2, p.world, &p.pose, {}, {}, {}, out}).validate().message(),
              "attachment vertices: the slot's bone is not a bone");
    std::vector<glm::vec3> four(4);
    EXPECT_EQ(AttachmentVerticesJob({&a, 0, p.world, &p.pose, {}, {}, {}, four}).validate().message(),
              "attachment vertices: the output does not hold one position per vertex");
    a.mesh->weights = {weights({{1, 1}}), weights({{1, 1}}), weights({{1, 1}})};
    EXPECT_EQ(AttachmentVerticesJob({&a, 0, p.world, &p.pose, {}, {}, {}, out}).validate().message(),
              "attachment vertices: a weighted mesh needs every bone's rest frame and skinning matrix");
    a.mesh->weights[2].bones[0] = 7;
    EXPECT_EQ(AttachmentVerticesJob({&a, 0, p.world, &p.pose, p.rest_world, p.skinning, {}, out}).validate().message(),
              "attachment vertices: a weight names a bone past the skeleton");
}
