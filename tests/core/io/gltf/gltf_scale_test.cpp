// Scales across glTF's rule: a glTF node's scale passes down to every node under it, a
// Marionette bone's does not (pose.hpp). Animated scales come in as pose-scale tracks composed
// down the bones, and go out as node scales over the stretch the parent's gives; where they
// cannot be exact (several animated scales on one path, a mirror, an uneven scale over a turned
// bone) a warning says so. The three.js-written character's scale animations are checked
// against three.js's own skinning in gltf_mesh_import_test.cpp and gltf_three_test.sh.

#include <algorithm>
#include <cstring>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/gltf/hand_gltf.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using marionette::testing::HandGltf;

namespace {

// A chain of nodes up +y, one unit apart: root > mid > tip > end (no skin: every node a bone),
// with one animation of LINEAR scale channels on the nodes named, each from 1 at 0 s to the
// value given at 1 s.
std::string scaled_chain(const std::vector<std::pair<int, std::vector<float>>>& scales) {
    HandGltf g;
    g.json()["nodes"] = {{{"name", "root"}, {"children", {1}}},
                         {{"name", "mid"}, {"translation", {0, 1, 0}}, {"children", {2}}},
                         {{"name", "tip"}, {"translation", {0, 1, 0}}, {"children", {3}}},
                         {{"name", "end"}, {"translation", {0, 1, 0}}}};
    const int times = g.floats({0.0f, 1.0f}, "SCALAR");
    nlohmann::json samplers = nlohmann::json::array(), channels = nlohmann::json::array();
    for (const auto& [node, to] : scales) {
        const int values = g.floats({1, 1, 1, to[0], to[1], to[2]}, "VEC3");
        samplers.push_back({{"input", times}, {"output", values}});
        channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", "scale"}}}});
    }
    g.json()["animations"] = {{{"name", "Scale"}, {"samplers", samplers}, {"channels", channels}}};
    return g.text();
}

const KeyTrack* scale_track(const Rig& rig, const char* bone) {
    const int i = track_driving(rig.states.at(0), rig.skeleton.find(bone), PoseProperty::Scale);
    return i < 0 ? nullptr : &rig.states[0].tracks[static_cast<std::size_t>(i)];
}

bool says(const std::vector<std::string>& warnings, const std::string& part) {
    return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

// The world joint of `bone` when the rig's first state is at `time`.
glm::vec3 joint_at(const Rig& rig, const char* bone, double time) {
    Pose pose = rig.pose;
    sample_state_at(rig.states.at(0), rig.is_2d(), time, time, rig.pose, pose);
    return compute_world(rig.skeleton, pose).value()[static_cast<std::size_t>(rig.skeleton.find(bone))].translation;
}

}  // namespace

TEST(GltfScale, AnEvenScaleComesInOnItsBoneAndEveryBoneUnderIt) {
    Result<GltfImport> in = import_gltf(scaled_chain({{1, {2, 2, 2}}}), false, {});
    ASSERT_TRUE(in.ok()) << in.message();
    const Rig& rig = in.value().rig;
    EXPECT_EQ(scale_track(rig, "root"), nullptr);
    for (const char* bone : {"mid", "tip", "end"}) {
        const KeyTrack* t = scale_track(rig, bone);
        ASSERT_NE(t, nullptr) << bone;
        // One scale on the path: copied key for key, so exact between the keys too.
        ASSERT_EQ(t->keys.size(), 2u) << bone;
        EXPECT_EQ(t->keys[1].vector, glm::vec3(2.0f)) << bone;
        EXPECT_EQ(t->keys[0].interpolation, Interpolation::Linear);
    }
    // glTF puts tip at mid + 2 (mid's scale stretches the offset to it) and end 2 further.
    EXPECT_NEAR(glm::length(joint_at(rig, "tip", 1.0) - glm::vec3(0, 3, 0)), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::length(joint_at(rig, "end", 1.0) - glm::vec3(0, 5, 0)), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::length(joint_at(rig, "end", 0.5) - glm::vec3(0, 4, 0)), 0.0f, 1e-5f);
    EXPECT_FALSE(says(in.value().warnings, "scale"));
}

TEST(GltfScale, TwoAnimatedScalesOnOnePathMultiplyAndAreSampledWithAWarning) {
    Result<GltfImport> in = import_gltf(scaled_chain({{1, {2, 2, 2}}, {2, {0.5f, 0.5f, 0.5f}}}), false, {});
    ASSERT_TRUE(in.ok()) << in.message();
    const Rig& rig = in.value().rig;
    const KeyTrack* tip = scale_track(rig, "tip");
    ASSERT_NE(tip, nullptr);
    // (1 + t)(1 - t/2): 1 at both ends, 1.125 half way, which no straight line between the ends draws.
    EXPECT_GT(tip->keys.size(), 2u);
    Key half = sample_track(*tip, false, 0.5);
    EXPECT_NEAR(half.vector.x, 1.125f, 1e-5f);
    EXPECT_NEAR(sample_track(*tip, false, 0.3).vector.x, 1.3f * 0.85f, 2e-4f);  // between frames: within a frame's curvature
    EXPECT_NEAR(sample_track(*tip, false, 1.0).vector.x, 1.0f, 1e-6f);
    EXPECT_TRUE(says(in.value().warnings, "1 bones hang under more than one animated scale")) << in.value().warnings.size();
    // end joint: 1 + 2 (mid's offset to tip, under mid's 2) + 1 (tip's offset under 2 * 0.5).
    EXPECT_NEAR(glm::length(joint_at(rig, "end", 1.0) - glm::vec3(0, 4, 0)), 0.0f, 1e-5f);
}

TEST(GltfScale, AMirrorIsLeftOutAndAnUnevenScaleOverBonesIsNamed) {
    Result<GltfImport> mirrored = import_gltf(scaled_chain({{1, {-1, 1, 1}}}), false, {});
    ASSERT_TRUE(mirrored.ok()) << mirrored.message();
    EXPECT_EQ(scale_track(mirrored.value().rig, "mid"), nullptr);
    EXPECT_EQ(scale_track(mirrored.value().rig, "tip"), nullptr);
    EXPECT_TRUE(says(mirrored.value().warnings, "1 animated scales are negative (a mirror)"));

    Result<GltfImport> uneven = import_gltf(scaled_chain({{1, {1, 3, 1}}}), false, {});
    ASSERT_TRUE(uneven.ok()) << uneven.message();
    EXPECT_TRUE(says(uneven.value().warnings, "1 animated scales stretch a bone unevenly"));
    const Rig& rig = uneven.value().rig;
    // mid runs along the node's +y: its bone axis x is the node's y, stretched 3 times.
    const KeyTrack* mid = scale_track(rig, "mid");
    ASSERT_NE(mid, nullptr);
    EXPECT_NEAR(mid->keys[1].vector.x, 3.0f, 1e-5f);
    EXPECT_NEAR(mid->keys[1].vector.y, 1.0f, 1e-5f);
    // tip lies along mid: the stretch passes to it as glTF passes it, so the joints are where
    // glTF puts them: tip 3 above mid, end 3 above tip.
    EXPECT_NEAR(glm::length(joint_at(rig, "end", 1.0) - glm::vec3(0, 7, 0)), 0.0f, 1e-5f);

    Result<GltfImport> huge = import_gltf(scaled_chain({{1, {2000, 2000, 2000}}}), false, {});
    ASSERT_TRUE(huge.ok()) << huge.message();
    EXPECT_EQ(scale_track(huge.value().rig, "mid"), nullptr);
    EXPECT_TRUE(says(huge.value().warnings, "past 1000"));
}

namespace {

// A 2D arm: upper > fore > hand > finger, the hand turned a quarter turn.
Rig arm_rig(const std::string& states) {
    const std::string text = R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [
        { "name": "upper", "length": 10 },
        { "name": "fore", "parent": "upper", "length": 8, "translation": [10, 0] },
        { "name": "hand", "parent": "fore", "length": 3, "translation": [8, 0], "rotation": 90 },
        { "name": "finger", "parent": "hand", "length": 1, "translation": [3, 0] } ],
      "states": [)" + states +
                             "] }";
    Result<Rig> rig = parse_rig(text);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.ok() ? std::move(rig).value() : Rig{};
}

nlohmann::json gltf_json(const std::string& glb) {
    std::uint32_t length = 0;
    std::memcpy(&length, glb.data() + 12, 4);
    return nlohmann::json::parse(glb.substr(20, length));
}

}  // namespace

TEST(GltfScale, APosedScaleGoesOutOverItsParentsAndComesBackWhereItWas) {
    Rig rig = arm_rig("");
    ASSERT_EQ(rig.skeleton.size(), 4u);
    rig.pose.scales[1] = {2.0f, 2.0f, 1.0f};  // fore, evenly in its plane
    const Result<GltfExport> out = export_gltf(rig);
    ASSERT_TRUE(out.ok()) << out.message();
    const nlohmann::json j = gltf_json(out.value().bytes);
    // Node 0 is the armature, then the bones in order: fore carries its scale, hand undoes it
    // in the plane (2D keeps z at 1, which glTF passes down unchanged).
    EXPECT_EQ(j["nodes"][2]["scale"], nlohmann::json({2.0, 2.0, 1.0}));
    EXPECT_EQ(j["nodes"][3]["scale"], nlohmann::json({0.5, 0.5, 1.0}));
    EXPECT_FALSE(j["nodes"][1].contains("scale"));
    EXPECT_FALSE(j["nodes"][4].contains("scale"));
    EXPECT_TRUE(out.value().warnings.empty()) << out.value().warnings.front();
    // Read back, the pose is the file's rest: fore reaches twice as far, and so does its length.
    Result<GltfImport> back = import_gltf(out.value().bytes, true, {});
    ASSERT_TRUE(back.ok()) << back.message();
    const Rig& r = back.value().rig;
    const std::vector<Transform> a = compute_world(rig.skeleton, rig.pose).value();
    const std::vector<Transform> b = compute_world(r.skeleton, r.pose).value();
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(glm::length(a[i].translation - b[i].translation), 0.0f, 1e-4f) << i;
    EXPECT_NEAR(r.skeleton[1].length, 16.0f, 1e-5f);
}

TEST(GltfScale, KeyedScalesGoOutAndComeBackFrameByFrame) {
    // fore scales evenly (linear keys) over the hand; the hand stretches along itself in steps.
    Rig rig = arm_rig(R"({ "name": "pump", "tracks": [
        { "bone": "fore", "property": "scale", "keys": [ { "time": 0, "value": [1, 1] }, { "time": 1, "value": [2, 2] } ] },
        { "bone": "hand", "property": "scale", "keys": [ { "time": 0, "value": [1, 1], "interpolation": "step" },
                                                         { "time": 0.5, "value": [3, 1] } ] } ] })");
    const Result<GltfExport> out = export_gltf(rig);
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_TRUE(out.value().warnings.empty()) << out.value().warnings.front();
    const nlohmann::json j = gltf_json(out.value().bytes);
    ASSERT_EQ(j["animations"].size(), 1u);
    std::vector<std::string> scaled;
    for (const auto& c : j["animations"][0]["channels"]) {
        EXPECT_EQ(c["target"]["path"], "scale");
        scaled.push_back(j["nodes"][c["target"]["node"].get<int>()]["name"]);
    }
    // fore's own keys; hand's and finger's nodes undo what is above them.
    EXPECT_EQ(scaled, (std::vector<std::string>{"fore", "hand", "finger"}));
    Result<GltfImport> back = import_gltf(out.value().bytes, true, {});
    ASSERT_TRUE(back.ok()) << back.message();
    const Rig& r = back.value().rig;
    for (int frame = 0; frame <= 30; ++frame) {
        const double t = frame / 30.0;
        Pose a = rig.pose, b = r.pose;
        sample_state_at(rig.states[0], true, t, t, rig.pose, a);
        sample_state_at(r.states[0], false, t, t, r.pose, b);
        for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
            EXPECT_NEAR(glm::length(a.scales[i] - b.scales[i]), 0.0f, 1e-5f) << rig.skeleton[i].name << " at " << t;
        }
    }
}

TEST(GltfScale, AnUnevenScaleOverATurnedBoneIsSaidToShear) {
    Rig rig = arm_rig("");
    rig.pose.scales[2] = {1.0f, 2.0f, 1.0f};  // hand: finger lies along it, no shear
    ASSERT_TRUE(export_gltf(rig).value().warnings.empty());
    rig.pose.scales[1] = {1.0f, 2.0f, 1.0f};  // fore: the hand is turned a quarter turn, still square
    ASSERT_TRUE(export_gltf(rig).value().warnings.empty());
    rig.pose.rotations[2] = glm::angleAxis(0.5f, glm::vec3(0, 0, 1));  // now the hand leans across fore's stretch
    const Result<GltfExport> out = export_gltf(rig);
    ASSERT_EQ(out.value().warnings.size(), 1u);
    EXPECT_NE(out.value().warnings[0].find("1 bones hang under an uneven or zero scale"), std::string::npos);
}

TEST(GltfScale, ATurnUnderAParentUnevenOnlyInItsKeysIsSampledToo) {
    // fore's pose scale is even but its keys stretch it along x; hand turns under it at keys of
    // its own. The hand node's scale (the stretch fore gives its turned axes) changes with both.
    Rig rig = arm_rig(R"({ "name": "reach", "tracks": [
        { "bone": "fore", "property": "scale", "keys": [ { "time": 0, "value": [1, 1] }, { "time": 1, "value": [2, 1] } ] },
        { "bone": "hand", "keys": [ { "time": 0, "value": 0 }, { "time": 0.37, "value": 60 }, { "time": 1, "value": 0 } ] } ] })");
    const Result<GltfExport> out = export_gltf(rig);
    ASSERT_TRUE(out.ok()) << out.message();
    const nlohmann::json j = gltf_json(out.value().bytes);
    int hand_times = -1;
    for (const auto& c : j["animations"][0]["channels"]) {
        if (c["target"]["path"] != "scale" || j["nodes"][c["target"]["node"].get<int>()]["name"] != "hand") continue;
        const int sampler = c["sampler"];
        hand_times = j["accessors"][j["animations"][0]["samplers"][sampler]["input"].get<int>()]["count"];
    }
    // Every key of both, and the frames between: more than fore's two keys.
    EXPECT_GT(hand_times, 30) << "the hand's node scale is sampled only at fore's keys";
}
