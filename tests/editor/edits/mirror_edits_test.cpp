// Mirror editing: a bone's rest or limits edited, its twin given the mirror image.

#include "editor/edits/mirror_edits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "core/ik/ik_test_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using marionette::testing::rotation_change;

namespace {

Rig shipped(const char* name) {
    Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

std::vector<Transform> rest_world(const Rig& rig) { return compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value(); }


}  // namespace

TEST(MirrorEdits, ASymmetricRigsLimitsMirrorOntoTheTwinsOwn) {
    // The shipped humanoid was built alike on both sides: each bone's limits, mirrored, are its
    // twin's as the file has them (hinges included, which come out with the same axis and range).
    // (The hero is drawn in profile: its two arms are alike, not mirror images.)
    for (const char* name : {"humanoid.json"}) {
        const Rig rig = shipped(name);
        const std::vector<int> twins = mirror_twins(rig.skeleton);
        int checked = 0;
        for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
            const int t = twins[b];
            if (t < 0 || !rig.skeleton[b].limits) continue;
            Rig before = rig;
            before.skeleton[b].limits.reset();
            const int bone = static_cast<int>(b);
            Result<Rig> mirrored = mirror_rest_and_limits(before, rig, std::span<const int>(&bone, 1), mirror_axis(rig));
            ASSERT_TRUE(mirrored.ok()) << mirrored.message();
            const std::optional<JointLimits>& got = mirrored.value().skeleton[static_cast<std::size_t>(t)].limits;
            const std::optional<JointLimits>& want = rig.skeleton[static_cast<std::size_t>(t)].limits;
            ASSERT_EQ(got.has_value(), want.has_value()) << name << " " << rig.skeleton[b].name;
            EXPECT_EQ(got->min_angle.has_value(), want->min_angle.has_value());
            if (got->min_angle) {
                EXPECT_NEAR(*got->min_angle, *want->min_angle, 1e-5f) << rig.skeleton[b].name;
            }
            if (got->max_angle) {
                EXPECT_NEAR(*got->max_angle, *want->max_angle, 1e-5f) << rig.skeleton[b].name;
            }
            ASSERT_EQ(got->hinge.has_value(), want->hinge.has_value());
            if (got->hinge) {
                EXPECT_LT(glm::distance(*got->hinge, *want->hinge), 1e-4f) << rig.skeleton[b].name;
            }
            ++checked;
        }
        EXPECT_GE(checked, 4) << name;
    }
}

TEST(MirrorEdits, A2DRangeTurnsTheOtherWay) {
    const Rig rig = shipped("hero.json");
    const int upper = rig.skeleton.find("arm_l_upper");
    const int twin = rig.skeleton.find("arm_r_upper");
    Result<Rig> edited = set_limits(rig, upper, JointLimits{std::nullopt, -30.0f * kPi / 180.0f, 100.0f * kPi / 180.0f, {}, {}});
    ASSERT_TRUE(edited.ok());
    Result<Rig> mirrored = mirror_rest_and_limits(rig, edited.value(), std::span<const int>(&upper, 1), mirror_axis(rig));
    ASSERT_TRUE(mirrored.ok()) << mirrored.message();
    const JointLimits& l = *mirrored.value().skeleton[static_cast<std::size_t>(twin)].limits;
    EXPECT_NEAR(*l.min_angle, -100.0f * kPi / 180.0f, 1e-5f);
    EXPECT_NEAR(*l.max_angle, 30.0f * kPi / 180.0f, 1e-5f);
    // Taking the limits off takes the twin's off.
    Result<Rig> off = set_limits(mirrored.value(), upper, std::nullopt);
    ASSERT_TRUE(off.ok());
    Result<Rig> both_off = mirror_rest_and_limits(mirrored.value(), off.value(), std::span<const int>(&upper, 1), mirror_axis(rig));
    ASSERT_TRUE(both_off.ok());
    EXPECT_FALSE(both_off.value().skeleton[static_cast<std::size_t>(twin)].limits.has_value());
}

TEST(MirrorEdits, TheTwinsJointAndTurnMirrorTheBones) {
    for (const char* name : {"humanoid.json", "hero.json"}) {
        const Rig rig = shipped(name);
        const char* source_name = rig.is_2d() ? "arm_l_upper" : "upper_arm_l";
        const int b = rig.skeleton.find(source_name);
        const int t = mirror_twins(rig.skeleton)[static_cast<std::size_t>(b)];
        ASSERT_GE(t, 0);
        const glm::vec3 axis = mirror_axis(rig);
        const glm::mat3 reflect = glm::mat3(1.0f) - 2.0f * glm::outerProduct(axis, axis);
        Rig edited = rig;
        Bone& bone = edited.skeleton[static_cast<std::size_t>(b)];
        const glm::quat nudge = rig.is_2d() ? rotation_2d(0.4f) : glm::angleAxis(0.4f, glm::normalize(glm::vec3{0.3f, 1.0f, -0.5f}));
        bone.rest.rotation = normalized(bone.rest.rotation * nudge);
        bone.rest.translation += rig.is_2d() ? glm::vec3{4.0f, -3.0f, 0.0f} : glm::vec3{0.02f, -0.01f, 0.03f};
        Result<Rig> mirrored = mirror_rest_and_limits(rig, edited, std::span<const int>(&b, 1), axis);
        ASSERT_TRUE(mirrored.ok()) << mirrored.message();
        const std::vector<Transform> old_world = rest_world(rig);
        const std::vector<Transform> new_world = rest_world(mirrored.value());
        const auto bi = static_cast<std::size_t>(b);
        const auto ti = static_cast<std::size_t>(t);
        EXPECT_LT(glm::distance(new_world[ti].translation, reflect * new_world[bi].translation), 1e-4f) << name;
        // The twin turned by the bone's turn, reflected.
        const glm::mat3 turn = glm::mat3_cast(new_world[bi].rotation) * glm::transpose(glm::mat3_cast(old_world[bi].rotation));
        const glm::quat expected = glm::quat_cast(reflect * turn * reflect * glm::mat3_cast(old_world[ti].rotation));
        EXPECT_LT(rotation_change(new_world[ti].rotation, expected), 1e-4f) << name;
        EXPECT_EQ(mirrored.value().skeleton[bi].rest.rotation, edited.skeleton[bi].rest.rotation);  // the edited bone is the user's
    }
}

TEST(MirrorEdits, ATurnAloneLeavesTheTwinsJointWhereItIs) {
    // The humanoid moved off the mirror plane: a turn of the left arm turns the right one and
    // does not pull its joint across to the mirror of the left's.
    Rig rig = shipped("humanoid.json");
    rig.skeleton[0].rest.translation.x += 0.3f;
    const int b = rig.skeleton.find("upper_arm_l");
    const int t = rig.skeleton.find("upper_arm_r");
    Rig edited = rig;
    edited.skeleton[static_cast<std::size_t>(b)].rest.rotation =
        normalized(edited.skeleton[static_cast<std::size_t>(b)].rest.rotation * glm::angleAxis(0.3f, glm::vec3{0, 0, 1}));
    Result<Rig> mirrored = mirror_rest_and_limits(rig, edited, std::span<const int>(&b, 1), mirror_axis(rig));
    ASSERT_TRUE(mirrored.ok()) << mirrored.message();
    EXPECT_EQ(mirrored.value().skeleton[static_cast<std::size_t>(t)].rest.translation,
              rig.skeleton[static_cast<std::size_t>(t)].rest.translation);
    EXPECT_GT(rotation_change(mirrored.value().skeleton[static_cast<std::size_t>(t)].rest.rotation,
                              rig.skeleton[static_cast<std::size_t>(t)].rest.rotation),
              0.29f);
}

TEST(MirrorEdits, ALengthGoesToTheTwin) {
    // A bone's length is part of its rest: the twin takes the same length (a length is not
    // reflected), and nothing else of it changes.
    const Rig rig = shipped("humanoid.json");
    const int b = rig.skeleton.find("forearm_l");
    const int t = rig.skeleton.find("forearm_r");
    ASSERT_GE(b, 0);
    ASSERT_GE(t, 0);
    Result<Rig> edited = set_bone_length(rig, b, 0.41f);
    ASSERT_TRUE(edited.ok()) << edited.message();
    Result<Rig> mirrored = mirror_rest_and_limits(rig, edited.value(), std::span<const int>(&b, 1), mirror_axis(rig));
    ASSERT_TRUE(mirrored.ok()) << mirrored.message();
    Bone want = rig.skeleton[static_cast<std::size_t>(t)];
    want.length = 0.41f;
    EXPECT_EQ(mirrored.value().skeleton[static_cast<std::size_t>(t)], want);
}

TEST(MirrorEdits, BonesWithoutATwinOrWithTheirTwinEditedAreLeft) {
    const Rig rig = shipped("hero.json");
    const int body = rig.skeleton.find("body");
    Result<Rig> edited = set_limits(rig, body, JointLimits{std::nullopt, -0.5f, 0.5f, {}, {}});
    ASSERT_TRUE(edited.ok());
    Result<Rig> same = mirror_rest_and_limits(rig, edited.value(), std::span<const int>(&body, 1), mirror_axis(rig));
    ASSERT_TRUE(same.ok());
    EXPECT_TRUE(same.value() == edited.value());
    const std::vector<int> both{rig.skeleton.find("arm_l_upper"), rig.skeleton.find("arm_r_upper")};
    Result<Rig> pair = set_limits(rig, both, JointLimits{std::nullopt, -0.2f, 0.9f, {}, {}});
    ASSERT_TRUE(pair.ok());
    Result<Rig> kept = mirror_rest_and_limits(rig, pair.value(), both, mirror_axis(rig));
    ASSERT_TRUE(kept.ok());
    EXPECT_TRUE(kept.value() == pair.value());
}

TEST(MirrorEdits, A3DTwistRangeTurnsTheOtherWayAndTheConeStays) {
    const Rig rig = shipped("humanoid.json");
    const int b = rig.skeleton.find("upper_arm_l");
    const int t = rig.skeleton.find("upper_arm_r");
    JointLimits limits;
    limits.swing = 1.2f;
    limits.twist = TwistRange{-0.3f, 0.8f};
    Result<Rig> edited = set_limits(rig, b, limits);
    ASSERT_TRUE(edited.ok()) << edited.message();
    Result<Rig> mirrored = mirror_rest_and_limits(rig, edited.value(), std::span<const int>(&b, 1), mirror_axis(rig));
    ASSERT_TRUE(mirrored.ok()) << mirrored.message();
    const JointLimits& got = *mirrored.value().skeleton[static_cast<std::size_t>(t)].limits;
    EXPECT_EQ(got.swing, limits.swing);
    ASSERT_TRUE(got.twist.has_value());
    EXPECT_EQ(got.twist->min, -0.8f);
    EXPECT_EQ(got.twist->max, 0.3f);
}
