// Stored poses: blending toward one, the rig file's pose library and the clipboard's text.

#include "core/rig/stored_pose.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/math/rotation_math.hpp"
#include "core/rig/rig_json.hpp"
#include "core/rig/stored_pose_json.hpp"
#include "editor/edit_test_rigs.hpp"

namespace marionette {
namespace {

using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;

TEST(StoredPose, BlendingMovesEachStoredBoneTheWeightOfTheWayAndNoOther) {
    Pose pose = Pose::rest(3);
    pose.rotations[1] = rotation_2d(0.2f);
    pose.translations[1] = {2.0f, 0.0f, 0.0f};
    const BonePose stored{1, rotation_2d(1.0f), {4.0f, 2.0f, 0.0f}, {3.0f, 1.0f, 1.0f}};
    Pose half = pose;
    blend_bones(half, std::span(&stored, 1), 0.5f);
    EXPECT_NEAR(angle_2d(half.rotations[1]), 0.6f, 1e-5f);
    EXPECT_EQ(half.translations[1], glm::vec3(3.0f, 1.0f, 0.0f));
    EXPECT_EQ(half.scales[1], glm::vec3(2.0f, 1.0f, 1.0f));
    EXPECT_TRUE(half.rotations[0] == pose.rotations[0] && half.rotations[2] == pose.rotations[2]);
    Pose none = pose;
    blend_bones(none, std::span(&stored, 1), 0.0f);
    EXPECT_NEAR(angle_2d(none.rotations[1]), 0.2f, 1e-6f);
    Pose all = pose;
    blend_bones(all, std::span(&stored, 1), 1.0f);
    EXPECT_TRUE(all.rotations[1] == stored.rotation && all.translations[1] == stored.translation && all.scales[1] == stored.scale);
    // Out of range weights are clamped, NaN is none; a bone past the pose's end is passed over.
    Pose clamped = pose;
    blend_bones(clamped, std::span(&stored, 1), 7.0f);
    EXPECT_TRUE(clamped == all);
    Pose nan = pose;
    blend_bones(nan, std::span(&stored, 1), std::nanf(""));
    EXPECT_TRUE(nan == pose);
    const BonePose beyond{9, rotation_2d(1.0f), {}, {1, 1, 1}};
    Pose same = pose;
    blend_bones(same, std::span(&beyond, 1), 1.0f);
    EXPECT_TRUE(same == pose);
}

TEST(StoredPose, BlendingTakesTheShorterArcWhateverTheQuaternionsSign) {
    Pose pose = Pose::rest(1);
    pose.rotations[0] = rotation_2d(3.0f);
    // -q for a turn of -3 rad: 0.28 rad away across the half turn, not 6 rad round.
    const BonePose stored{0, -rotation_2d(-3.0f), {}, {1, 1, 1}};
    blend_bones(pose, std::span(&stored, 1), 0.5f);
    EXPECT_NEAR(std::fabs(angle_2d(pose.rotations[0])), kPi, 1e-4f);
}

TEST(StoredPoseJson, TheLibrarySavesAndReadsBackAndLeavesOutWhatIsAtRest) {
    Rig rig = figure_3d();
    const int forearm = bone_named(rig, "forearm");
    const int hand = bone_named(rig, "hand");
    rig.poses.push_back(StoredPose{"wave",
                                   {{forearm, glm::normalize(glm::quat(0.9f, 0.0f, -0.4f, 0.0f)), {0, 0, 0}, {1, 1, 1}},
                                    {hand, glm::quat(1, 0, 0, 0), {0.01f, 0, 0}, {1, 1.5f, 1}}}});
    rig.poses.push_back(StoredPose{"rest arm", {{forearm, glm::quat(1, 0, 0, 0), {}, {1, 1, 1}}}});
    const Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    const Result<Rig> back = parse_rig(text.value());
    ASSERT_TRUE(back.ok()) << back.message();
    ASSERT_EQ(back.value().poses.size(), 2u);
    EXPECT_EQ(back.value().poses[0].name, "wave");
    ASSERT_EQ(back.value().poses[0].bones.size(), 2u);
    EXPECT_EQ(back.value().poses[0].bones[1].scale, glm::vec3(1, 1.5f, 1));
    EXPECT_LT(rotation_angle(glm::inverse(back.value().poses[0].bones[0].rotation) * rig.poses[0].bones[0].rotation), 1e-5f);
    // A bone at rest is written as an empty object.
    EXPECT_NE(text.value().find("\"forearm\": {}"), std::string::npos) << text.value();
    const Result<std::string> again = serialize_rig(back.value());
    EXPECT_EQ(again.value(), text.value()) << "save, reopen, save writes another file";
}

TEST(StoredPoseJson, BadLibrariesNameThePlace) {
    const std::string start = R"({"format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [{"name": "a", "length": 1}, {"name": "b", "parent": "a", "length": 1}], "poses": )";
    const std::pair<const char*, const char*> cases[] = {
        {R"([{"name": "p", "bones": {"tail": {}}}])", "poses[0].bones.tail: \"tail\" is not a bone"},
        {R"([{"name": "p", "bones": {}}, {"name": "p", "bones": {}}])", "poses[1].name: another pose is named \"p\""},
        {R"([{"name": "", "bones": {}}])", "poses[0].name: must not be empty"},
        {R"([{"name": "p", "bones": {"a": {"rotation": [0, 0, 0, 1]}}}])", "poses[0].bones.a.rotation"},
        {R"([{"name": "p", "bones": {"a": {"scale": [1, 5000]}}}])", "poses[0].bones.a.scale"},
        {R"([{"name": "p", "bones": {"a": {"turn": 3}}}])", "poses[0].bones.a: unknown key \"turn\""},
        {R"([{"name": "p"}])", "poses[0]: missing required \"bones\""},
        {R"({"name": "p"})", "poses: expected an array"},
    };
    for (const auto& [poses, expected] : cases) {
        const Result<Rig> r = parse_rig(start + poses + "}");
        ASSERT_FALSE(r.ok()) << poses;
        EXPECT_NE(r.message().find(expected), std::string::npos) << r.message() << "\nexpected: " << expected;
    }
}

TEST(StoredPoseJson, ASaveRefusesALibraryTheLoaderWouldRefuse) {
    Rig rig = figure_2d();
    rig.poses.push_back(StoredPose{"p", {{42, glm::quat(1, 0, 0, 0), {}, {1, 1, 1}}}});
    const Result<std::string> bad_bone = serialize_rig(rig);
    ASSERT_FALSE(bad_bone.ok());
    EXPECT_NE(bad_bone.message().find("poses[0]: bone 42 is not a bone"), std::string::npos) << bad_bone.message();
    rig.poses = {StoredPose{"p", {}}, StoredPose{"p", {}}};
    EXPECT_FALSE(serialize_rig(rig).ok());
}

TEST(PoseClipboard, TheTextReadsBackAsTheBonesByName) {
    Rig rig = figure_2d();
    const int forearm = bone_named(rig, "forearm");
    const int thigh = bone_named(rig, "thigh");
    rig.pose.translations[static_cast<std::size_t>(thigh)] = {5.0f, -2.0f, 0.0f};
    const int bones[] = {thigh, forearm};
    const std::string text = pose_clipboard_text(rig, bones);
    const Result<CopiedPose> clip = parse_pose_clipboard(text);
    ASSERT_TRUE(clip.ok()) << clip.message() << "\n" << text;
    EXPECT_EQ(clip.value().dimensions, Dimensions::Two);
    ASSERT_EQ(clip.value().bones.size(), 2u);
    EXPECT_EQ(clip.value().bones[0].first, "forearm");
    EXPECT_NEAR(angle_2d(clip.value().bones[0].second.rotation), angle_2d(rig.pose.rotations[static_cast<std::size_t>(forearm)]), 1e-5f);
    EXPECT_EQ(clip.value().bones[1].first, "thigh");
    EXPECT_EQ(clip.value().bones[1].second.translation, glm::vec3(5.0f, -2.0f, 0.0f));
    // No bones given: every bone.
    EXPECT_EQ(parse_pose_clipboard(pose_clipboard_text(rig, {})).value().bones.size(), rig.skeleton.size());
}

TEST(PoseClipboard, TextThatIsNoPoseIsRefusedSayingSo) {
    for (const char* text : {"", "hello", "[1, 2]", R"({"format": "marionette-rig"})", "{\"format\": \"marionette-pose\""}) {
        const Result<CopiedPose> r = parse_pose_clipboard(text);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_NE(r.message().find("the clipboard holds no pose"), std::string::npos) << r.message();
    }
    const std::pair<const char*, const char*> bad[] = {
        {R"({"format": "marionette-pose", "version": 2, "dimensions": 2, "bones": {}})", "version: unsupported version 2"},
        {R"({"format": "marionette-pose", "version": 1, "dimensions": 4, "bones": {}})", "dimensions: must be 2 or 3"},
        {R"({"format": "marionette-pose", "version": 1, "dimensions": 2, "bones": {"a": {"rotation": "up"}}})", "bones.a.rotation"},
        {R"({"format": "marionette-pose", "version": 1, "dimensions": 3, "bones": {"a": {"translation": [1, 2]}}})", "bones.a.translation"},
    };
    for (const auto& [text, expected] : bad) {
        const Result<CopiedPose> r = parse_pose_clipboard(text);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_NE(r.message().find(expected), std::string::npos) << r.message();
        EXPECT_NE(r.message().find("the pose on the clipboard"), std::string::npos) << r.message();
    }
}

}  // namespace
}  // namespace marionette
