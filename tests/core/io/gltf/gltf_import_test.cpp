// glTF in: a file written by another program (Assimp, from a motion-capture file written by
// hand) puts every joint where the motion-capture numbers say, at rest and through its
// animation; and broken files are refused with the place named.

#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kGltfData;

namespace {

glm::vec3 turn_z(float degrees, glm::vec3 v) { return glm::angleAxis(glm::radians(degrees), glm::vec3{0, 0, 1}) * v; }

// Where bvh_arm.bvh puts its joints at frame time `t` (frames at 0, 0.5 and 1 s, linear between):
// the root moves along x and each joint turns about z only, so the positions follow by hand.
struct BvhArm {
    glm::vec3 hips, spine, arm, end;
};
BvhArm bvh_arm_at(float t) {
    const float f = t / 0.5f;  // frames 0..2; each channel grows by the same step a frame
    const float x = f, hips = 10.0f * f, spine = 20.0f * f, arm = 30.0f * f;
    BvhArm p;
    p.hips = {x, 0, 0};
    p.spine = p.hips + turn_z(hips, {0, 10, 0});
    p.arm = p.spine + turn_z(hips + spine, {5, 5, 0});
    p.end = p.arm + turn_z(hips + spine + arm, {8, 0, 0});
    return p;
}

void expect_near(const glm::vec3& a, const glm::vec3& b, const std::string& what, float within = 1e-4f) {
    EXPECT_LT(glm::length(a - b), within) << what << ": (" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", " << b.y << ", "
                                          << b.z << ")";
}

Result<GltfImport> import_text(const std::string& json) { return import_gltf(json, false, {}); }

}  // namespace

TEST(GltfImport, AnAssimpFileOfAMotionCaptureArmPutsEveryJointWhereTheCaptureSays) {
    Result<GltfImport> imported = import_gltf_file(kGltfData / "bvh_arm_by_assimp.glb");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    ASSERT_EQ(rig.skeleton.size(), 4u);
    const char* names[] = {"hips", "spine", "arm", "EndSite_arm"};
    for (std::size_t b = 0; b < 4; ++b) EXPECT_EQ(rig.skeleton[b].name, names[b]);
    // Bones point at the joint they lead to; the end site carries on its parent's line.
    EXPECT_NEAR(rig.skeleton[0].length, 10.0f, 1e-5f);
    EXPECT_NEAR(rig.skeleton[1].length, std::sqrt(50.0f), 1e-5f);
    EXPECT_NEAR(rig.skeleton[2].length, 8.0f, 1e-5f);
    ASSERT_EQ(rig.states.size(), 1u);
    EXPECT_EQ(rig.states[0].name, "Motion");
    // The mesh Assimp adds for the joints comes in, skinned to them.
    ASSERT_EQ(rig.meshes.meshes().size(), 1u);
    EXPECT_TRUE(rig.meshes.meshes()[0].is_skinned());

    const std::vector<Transform> rest = compute_world(rig.skeleton, rig.pose).value();
    const BvhArm at_rest = bvh_arm_at(0.0f);
    expect_near(rest[1].translation, at_rest.spine, "spine at rest");
    expect_near(rest[3].translation, at_rest.end, "end site at rest");
    // Bone tips reach the next joint.
    expect_near(bone_tip(rest[0], rig.skeleton[0].length), at_rest.spine, "hips' tip");

    // At the keys exactly; between them glTF turns evenly (slerp), where keys this close turn
    // along the normalised straight line, within 0.01 degree (key_track.cpp): at the end
    // site's reach of some 30 units, 0.006.
    for (float t : {0.0f, 0.25f, 0.5f, 0.8f, 1.0f}) {
        Pose pose;
        sample_state_at(rig.states[0], false, static_cast<double>(t), static_cast<double>(t), rig.pose, pose);
        const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
        const BvhArm expected = bvh_arm_at(t);
        const std::string when = " at " + std::to_string(t) + " s";
        const float within = std::fmod(t, 0.5f) == 0.0f ? 1e-4f : 0.006f;
        expect_near(world[0].translation, expected.hips, "hips" + when, within);
        expect_near(world[1].translation, expected.spine, "spine" + when, within);
        expect_near(world[2].translation, expected.arm, "arm" + when, within);
        expect_near(world[3].translation, expected.end, "end site" + when, within);
    }
}

TEST(GltfImport, NodesWithoutASkinAreBonesAndTheirNamesStayUnique) {
    const Result<GltfImport> imported = import_text(R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "a", "children": [1, 2]}, {"name": "b", "translation": [0, 2, 0]}, {"name": "b", "translation": [1, 0, 0]}, {}]})");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    ASSERT_EQ(rig.skeleton.size(), 3u);  // node 3 is in no scene
    EXPECT_EQ(rig.skeleton[1].name, "b");
    EXPECT_EQ(rig.skeleton[2].name, "b (node 2)");
    // Of two children, "a" points at the one along its +y.
    EXPECT_NEAR(rig.skeleton[0].length, 2.0f, 1e-6f);
}

TEST(GltfImport, BrokenFilesAreRefusedWithThePlaceNamed) {
    struct Case {
        const char* json;
        const char* says;
    };
    const Case cases[] = {
        {R"({"asset": {"version": "2.0"}, "nodes": [{"children": [5]}]})", "nodes[0].children[0]: 5 is not a node"},
        {R"({"asset": {"version": "2.0"}, "nodes": [{"children": [1]}, {"children": [0]}]})", "cycle"},
        {R"({"asset": {"version": "2.0"}, "nodes": [{"children": [1]}, {}, {"children": [1]}]})",
         "nodes[2].children[0]: node 1 already has a parent"},
        {R"({"asset": {"version": "2.0"}, "extensionsRequired": ["KHR_draco_mesh_compression"], "extensionsUsed": ["KHR_draco_mesh_compression"], "nodes": [{}]})",
         "requires the extension KHR_draco_mesh_compression"},
        {R"({"asset": {"version": "2.0"}, "nodes": []})", "no nodes"},
        {R"({"asset": {"version": "2.0"}, "nodes": [{}], "animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "rotation"}}],
            "samplers": [{"input": 0, "output": 1}]}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1000, "type": "SCALAR"}, {"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC4"}],
            "bufferViews": [{"buffer": 0, "byteLength": 16}], "buffers": [{"byteLength": 16, "uri": "data:application/octet-stream;base64,AAAAAAAAgD8AAAAAAACAPw=="}]})",
         "reads past the end of its buffer"},
        {"not json at all", "not a glTF file"},
    };
    for (const Case& c : cases) {
        const Result<GltfImport> imported = import_text(c.json);
        ASSERT_FALSE(imported.ok()) << c.says;
        EXPECT_NE(imported.message().find(c.says), std::string::npos) << imported.message();
    }
    // A truncated .glb.
    const Result<GltfImport> cut = import_gltf(std::string("glTF\x02\x00\x00\x00", 8), true, {});
    EXPECT_FALSE(cut.ok());
}

// A scaled "Armature" node above the joints (as Blender writes a rig in centimetres): the
// scale is folded in, so the joints sit where glTF puts them and the bones are as long as
// the scaled distances.
TEST(GltfImport, AScaledNodeAboveTheJointsIsFoldedIn) {
    const Result<GltfImport> imported =
        import_gltf_file(std::filesystem::path(MARIONETTE_TEST_DATA) / "fuzz" / "gltf_import" / "arm_every_interpolation.gltf");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    ASSERT_EQ(rig.skeleton.size(), 3u);
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const float h = std::sqrt(0.5f);
    expect_near(world[0].translation, {0, 0, 0}, "upper", 1e-5f);
    expect_near(world[1].translation, {-h, h, 0}, "lower", 1e-5f);
    expect_near(world[2].translation, {-1.8f * h, 1.8f * h, 0}, "hand", 1e-5f);
    EXPECT_NEAR(rig.skeleton[0].length, 1.0f, 1e-5f);
    EXPECT_NEAR(rig.skeleton[1].length, 0.8f, 1e-5f);
    // The LINEAR rotation of "upper" sets it from 0 to 40 degrees about z over a second (in
    // place of its rest 45); its STEP translation holds each key (0.4 at 1 s, times 0.01).
    Pose pose;
    sample_state_at(rig.states[0], false, 1.0, 1.0, rig.pose, pose);
    const std::vector<Transform> turned = compute_world(rig.skeleton, pose).value();
    const glm::vec3 shift{0.004f, 0.0f, 0.0f};
    const glm::vec3 lower = shift + glm::angleAxis(glm::radians(40.0f), glm::vec3{0, 0, 1}) * glm::vec3{0, 1, 0};
    expect_near(turned[1].translation, lower, "lower at 1 s", 1e-4f);
}
