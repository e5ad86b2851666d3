// Mirror and flip pose: a posed left arm copied onto the right lands as its mirror image in the
// world (2D and 3D, rests built alike or not), the rest mirrors onto the rest, flipping twice
// gives the pose back, and bad requests are refused with a message.

#include <filesystem>

#include <gtest/gtest.h>

#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/posing/mirror_pose.hpp"

using namespace marionette;
using marionette::testing::world_of;

namespace {

Rig shipped(const char* name) { return load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name).value(); }

glm::vec3 reflect_x(glm::vec3 v) { return {-v.x, v.y, v.z}; }

// Every bone of `side` in `from` has its twin in `to` with its joint and tip where the
// reflection across x puts this one's (a rig whose two sides are built alike).
void expect_mirror_images(const Rig& from, const Rig& to, const std::vector<const char*>& side, float tolerance) {
    const std::vector<Transform> w = world_of(from), w_to = world_of(to);
    const std::vector<int> twins = mirror_twins(from.skeleton);
    for (const char* name : side) {
        const auto b = static_cast<std::size_t>(from.skeleton.find(name));
        const auto t = twins[b] < 0 ? b : static_cast<std::size_t>(twins[b]);  // the spine mirrors onto itself
        EXPECT_LT(glm::length(w_to[t].translation - reflect_x(w[b].translation)), tolerance) << name << "'s joint";
        const glm::vec3 tip = bone_tip(w[b], posed_length(from.skeleton, from.pose, b));
        const glm::vec3 twin_tip = bone_tip(w_to[t], posed_length(to.skeleton, to.pose, t));
        EXPECT_LT(glm::length(twin_tip - reflect_x(tip)), tolerance) << name << "'s tip";
    }
}
void expect_mirror_images(const Rig& rig, const std::vector<const char*>& side, float tolerance) {
    expect_mirror_images(rig, rig, side, tolerance);
}

}  // namespace

TEST(MirrorPose, A2DArmPosedOnOneSideIsCopiedAsItsMirrorImage) {
    Rig hero = shipped("hero.json");
    hero.pose = Pose::rest(hero.skeleton.size());
    hero.pose.rotations[static_cast<std::size_t>(hero.skeleton.find("arm_l_upper"))] = rotation_2d(0.9f);
    hero.pose.rotations[static_cast<std::size_t>(hero.skeleton.find("arm_l_lower"))] = rotation_2d(-0.6f);
    const int upper = hero.skeleton.find("arm_l_upper"), lower = hero.skeleton.find("arm_l_lower");
    Result<Rig> out = mirror_pose(hero, std::vector<int>{upper, lower}, {1, 0, 0});
    ASSERT_TRUE(out.ok()) << out.message();
    // The hero's elbows bend the same way at rest (its sides are not built alike): the right arm
    // turns from its own rest by the mirror of the left's turn, its shoulder where the mirror puts it.
    const std::vector<Transform> rest = compute_world(hero.skeleton, Pose::rest(hero.skeleton.size())).value();
    const std::vector<Transform> before = world_of(hero), after = world_of(out.value());
    for (const char* name : {"arm_l_upper", "arm_l_lower"}) {
        const auto b = static_cast<std::size_t>(hero.skeleton.find(name));
        const auto t = static_cast<std::size_t>(mirror_twins(hero.skeleton)[b]);
        const float turned = angle_2d(before[b].rotation * glm::conjugate(rest[b].rotation));
        const float twin_turned = angle_2d(after[t].rotation * glm::conjugate(rest[t].rotation));
        EXPECT_NEAR(twin_turned, -turned, 1e-5f) << name;
    }
    EXPECT_LT(glm::length(after[static_cast<std::size_t>(hero.skeleton.find("arm_r_upper"))].translation -
                          reflect_x(before[static_cast<std::size_t>(upper)].translation)),
              1e-3f);
    EXPECT_EQ(out.value().pose.rotations[static_cast<std::size_t>(upper)], hero.pose.rotations[static_cast<std::size_t>(upper)])
        << "the source stays";
    for (const glm::quat& q : out.value().pose.rotations) EXPECT_TRUE(std::fabs(q.x) < 1e-7f && std::fabs(q.y) < 1e-7f) << "still about z";
}

TEST(MirrorPose, A3DLimbIsCopiedAsItsMirrorImageTwistIncluded) {
    Rig humanoid = shipped("humanoid.json");
    const char* arm[] = {"shoulder_l", "upper_arm_l", "forearm_l", "hand_l"};
    std::vector<int> sources;
    float k = 0.3f;
    for (const char* name : arm) {
        const int b = humanoid.skeleton.find(name);
        sources.push_back(b);
        humanoid.pose.rotations[static_cast<std::size_t>(b)] = glm::normalize(glm::quat(1.0f, k, -0.5f * k, 0.8f * k));
        k += 0.2f;
    }
    Result<Rig> out = mirror_pose(humanoid, sources, {1, 0, 0});
    ASSERT_TRUE(out.ok()) << out.message();
    expect_mirror_images(out.value(), {arm[0], arm[1], arm[2], arm[3]}, 1e-4f);
    // The hand's frame is the reflection of the other's: its axis along the bone reflected, and
    // a side axis reflected too (up to the sign the mirror takes), not only the tip.
    const std::vector<Transform> w = world_of(out.value());
    const auto hand = static_cast<std::size_t>(out.value().skeleton.find("hand_l"));
    const auto twin = static_cast<std::size_t>(out.value().skeleton.find("hand_r"));
    const glm::vec3 y = w[hand].rotation * glm::vec3(0, 1, 0), y_twin = w[twin].rotation * glm::vec3(0, 1, 0);
    const glm::vec3 y_rest = world_of(shipped("humanoid.json"))[hand].rotation * glm::vec3(0, 1, 0);
    const glm::vec3 y_twin_rest = world_of(shipped("humanoid.json"))[twin].rotation * glm::vec3(0, 1, 0);
    // At rest the twin's y is the reflection of this one's up to a sign; posed, the same sign.
    const float sign = glm::dot(y_twin_rest, reflect_x(y_rest)) < 0.0f ? -1.0f : 1.0f;
    EXPECT_LT(glm::length(y_twin - sign * reflect_x(y)), 1e-4f);
}

TEST(MirrorPose, TheRestMirrorsOntoTheRestEvenWhenTheSidesWereBuiltApart) {
    Bone root{"root", -1, {}, 1.0f, std::nullopt, std::nullopt};
    Bone left{
        "arm_l",      0,           Transform{glm::vec3(1, 0, 0), glm::angleAxis(0.3f, glm::normalize(glm::vec3(0.2f, 1, 0.4f)))}, 1.0f,
        std::nullopt, std::nullopt};
    Bone right{"arm_r",
               0,
               Transform{glm::vec3(-1.2f, 0.1f, 0), glm::angleAxis(2.5f, glm::normalize(glm::vec3(1, 0.3f, -0.2f)))},
               1.0f,
               std::nullopt,
               std::nullopt};
    Rig rig;
    rig.skeleton = Skeleton({root, left, right});
    rig.pose = Pose::rest(3);
    Result<Rig> flipped = flip_pose(rig, {1, 0, 0});
    ASSERT_TRUE(flipped.ok()) << flipped.message();
    for (const glm::quat& q : flipped.value().pose.rotations) EXPECT_GT(std::fabs(q.w), 1.0f - 1e-6f) << "rest stays rest";
}

TEST(MirrorPose, FlippingTwiceGivesThePoseBack) {
    for (const char* name : {"humanoid.json", "hero.json", "walker.json"}) {
        Rig rig = shipped(name);
        for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
            const float a = 0.1f * static_cast<float>(b % 7) - 0.3f;
            rig.pose.rotations[b] = rig.is_2d() ? rotation_2d(a) : glm::normalize(glm::quat(1.0f, a, 0.5f * a, -a));
        }
        rig.pose.root_offset = rig.is_2d() ? glm::vec3(3, 1, 0) : glm::vec3(0.3f, 0.1f, -0.2f);
        Result<Rig> once = flip_pose(rig, {1, 0, 0});
        ASSERT_TRUE(once.ok()) << once.message();
        EXPECT_EQ(once.value().pose.root_offset, reflect_x(rig.pose.root_offset));
        Result<Rig> twice = flip_pose(once.value(), {1, 0, 0});
        ASSERT_TRUE(twice.ok()) << twice.message();
        const std::vector<Transform> a = world_of(rig), b = world_of(twice.value());
        for (std::size_t i = 0; i < a.size(); ++i) {
            EXPECT_LT(glm::length(a[i].translation - b[i].translation), 1e-4f * 200.0f) << name << " bone " << i;
            EXPECT_GT(std::fabs(glm::dot(a[i].rotation, b[i].rotation)), 1.0f - 1e-5f) << name << " bone " << i;
        }
        // The humanoid's sides are built alike: flipped, each side is the other's mirror image.
        if (std::string(name) == "humanoid.json")
            expect_mirror_images(rig, once.value(), {"upper_arm_l", "hand_r", "foot_l", "head"}, 1e-4f);
    }
}

TEST(MirrorPose, BadRequestsAreRefusedWithAMessage) {
    const Rig hero = shipped("hero.json");
    const int l = hero.skeleton.find("arm_l_upper"), r = hero.skeleton.find("arm_r_upper");
    Result<Rig> both = mirror_pose(hero, std::vector<int>{l, r}, {1, 0, 0});
    ASSERT_FALSE(both.ok());
    EXPECT_NE(both.message().find("arm_r_upper and arm_l_upper are both to be copied"), std::string::npos) << both.message();
    EXPECT_FALSE(mirror_pose(hero, std::vector<int>{99}, {1, 0, 0}).ok());
    EXPECT_FALSE(mirror_pose(hero, std::vector<int>{l}, {2, 0, 0}).ok()) << "not a unit axis";
    EXPECT_FALSE(flip_pose(hero, {0, 0, 0}).ok());
    EXPECT_FALSE(flip_pose(hero, {std::nanf(""), 0, 0}).ok());
    // A bone without a twin copies nowhere: nothing changes.
    Result<Rig> body = mirror_pose(hero, std::vector<int>{hero.skeleton.find("body")}, {1, 0, 0});
    ASSERT_TRUE(body.ok());
    EXPECT_EQ(body.value().pose, hero.pose);
}

namespace marionette {
namespace {

TEST(SideAxis, A3DRigNamesItsAxisSavesItAndMirrorsAcrossIt) {
    Rig humanoid = shipped("humanoid.json");
    EXPECT_EQ(mirror_axis(humanoid), glm::vec3(1, 0, 0)) << "detected: the humanoid's twins lie apart along x";
    const Result<Rig> named = set_side_axis(humanoid, glm::vec3(0, 0, 2));
    ASSERT_TRUE(named.ok()) << named.message();
    EXPECT_EQ(named.value().side_axis, glm::vec3(0, 0, 1)) << "stored unit";
    EXPECT_EQ(mirror_axis(named.value()), glm::vec3(0, 0, 1));
    // Saved and read back; back to detected with nullopt.
    const Result<std::string> text = serialize_rig(named.value());
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_NE(text.value().find("\"side_axis\""), std::string::npos);
    const Result<Rig> back = parse_rig(text.value());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().side_axis, glm::vec3(0, 0, 1));
    EXPECT_FALSE(set_side_axis(named.value(), std::nullopt).value().side_axis.has_value());
    EXPECT_EQ(serialize_rig(humanoid).value().find("side_axis"), std::string::npos) << "a detected axis is not written";
    // Refusals: no direction, a 2D rig.
    EXPECT_EQ(set_side_axis(humanoid, glm::vec3(0.0f)).message(), "the side axis must be a finite, non-zero direction");
    EXPECT_FALSE(set_side_axis(humanoid, glm::vec3(NAN, 0, 0)).ok());
    EXPECT_EQ(set_side_axis(shipped("hero.json"), glm::vec3(1, 0, 0)).message(), "a 2D rig mirrors across x: it takes no side axis");
    EXPECT_TRUE(set_side_axis(shipped("hero.json"), std::nullopt).ok());
}

TEST(SideAxis, TheFileRefusesASideAxisItCannotUse) {
    const std::string start =
        R"({"format": "marionette-rig", "version": 1, "dimensions": DIMS, "bones": [{"name": "a", "length": 1}], "side_axis": AXIS})";
    const std::pair<std::pair<const char*, const char*>, const char*> cases[] = {
        {{"3", "[0, 0, 0]"}, "side_axis: must be a non-zero direction"},
        {{"3", "[1, 0]"}, "side_axis"},
        {{"2", "[1, 0, 0]"}, "side_axis: a 2D rig mirrors across x: it takes no side axis"},
    };
    for (const auto& [input, expected] : cases) {
        std::string text = start;
        text.replace(text.find("DIMS"), 4, input.first);
        text.replace(text.find("AXIS"), 4, input.second);
        const Result<Rig> r = parse_rig(text);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_NE(r.message().find(expected), std::string::npos) << r.message();
    }
}

}  // namespace
}  // namespace marionette
