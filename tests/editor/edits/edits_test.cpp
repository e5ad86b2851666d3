// Edits of one bone's values and of the pose: each succeeds with a valid rig or fails with a
// message naming the problem.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/math/rotation_math.hpp"
#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr float kQuietNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

}  // namespace

TEST(RenameBone, RenamesOnlyThatBoneAndItsReferencesFollow) {
    const Rig rig = figure_2d();
    Result<Rig> r = rename_bone(rig, kForearm, "elbow");
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "rename");
    EXPECT_EQ(r.value().skeleton[kForearm].name, "elbow");
    EXPECT_EQ(r.value().skeleton[kHand].name, "hand");
    const std::string text = serialize_rig(r.value()).value();
    EXPECT_NE(text.find("\"effector\": \"elbow\""), std::string::npos);  // the chain "arm" follows
    EXPECT_EQ(text.find("\"forearm\""), std::string::npos);
}

TEST(RenameBone, AcceptsItsOwnNameAndMultiByteNames) {
    const Rig rig = figure_2d();
    EXPECT_TRUE(rename_bone(rig, kForearm, "forearm").ok());
    for (const char* name : {"avant-bras", "\xC3\xA9paule", "\xE8\x85\x95", "\xF0\x9F\xA6\xB4 bone"}) {
        Result<Rig> r = rename_bone(rig, kForearm, name);
        ASSERT_TRUE(r.ok()) << name << ": " << r.message();
        expect_valid_rig(r.value(), std::string("rename to ") + name);
        EXPECT_EQ(r.value().skeleton[kForearm].name, name);
    }
}

TEST(RenameBone, RefusesEmptyDuplicateAndNonUtf8Names) {
    const Rig rig = figure_2d();
    expect_error(rename_bone(rig, kForearm, ""), "cannot rename bone \"forearm\": a bone name must not be empty");
    expect_error(rename_bone(rig, kForearm, "hand"), "the name \"hand\" is already taken by bone 4");
    expect_error(rename_bone(rig, kForearm, "fore\xFF"), "not valid UTF-8 (byte 5 of 5");
    expect_error(rename_bone(rig, kForearm, "\xC3"), "not valid UTF-8");
    expect_error(rename_bone(rig, kForearm, "\xED\xA0\x80"), "not valid UTF-8");  // a surrogate
}

TEST(RenameBone, RefusesABoneThatDoesNotExist) {
    const Rig rig = figure_2d();
    expect_error(rename_bone(rig, 7, "x"), "bone 7 does not exist (the rig has 7 bones)");
    expect_error(rename_bone(rig, -1, "x"), "bone -1 does not exist");
}

TEST(SetBoneLength, MovesChildrenAtTheTipAndLeavesOthersWhereTheyAre) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_bone_length(rig, 0, 75.0f);  // hips: spine at its tip, thigh elsewhere
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_bone_length");
    EXPECT_EQ(r.value().skeleton[0].length, 75.0f);
    EXPECT_EQ(r.value().skeleton[1].rest.translation, glm::vec3(75.0f, 0.0f, 0.0f));
    EXPECT_EQ(r.value().skeleton[kThigh].rest.translation, glm::vec3(0.0f, 10.0f, 0.0f));
    EXPECT_EQ(r.value().skeleton[2].rest.translation, rig.skeleton[2].rest.translation);  // not hips' child
}

TEST(SetBoneLength, AcceptsZeroAndRefusesNegativeOrNonFinite) {
    const Rig rig = figure_2d();
    Result<Rig> zero = set_bone_length(rig, kForearm, 0.0f);
    ASSERT_TRUE(zero.ok()) << zero.message();
    EXPECT_EQ(zero.value().skeleton[kHand].rest.translation, glm::vec3(0.0f));
    expect_error(set_bone_length(rig, kForearm, -4.0f), "length of bone \"forearm\": must be a finite number >= 0, got -4");
    expect_error(set_bone_length(rig, kForearm, kQuietNaN), "must be a finite number >= 0, got nan");
    expect_error(set_bone_length(rig, kForearm, kInf), "must be a finite number >= 0, got inf");
    // What the loader refuses (core/base/extents.hpp): a rig the editor saves must load again.
    expect_error(set_bone_length(rig, kForearm, 2e15f), "must be at most 1e15, got 2e+15");
    EXPECT_TRUE(set_bone_length(rig, kForearm, 1e15f).ok());
    expect_error(set_bone_length(rig, 9, 1.0f), "bone 9 does not exist");
}

TEST(SetRestTranslation, SetsFiniteValuesAndKeeps2DInItsPlane) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_rest_translation(rig, kThigh, {5.0f, -2.5f, 0.0f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_rest_translation");
    EXPECT_EQ(r.value().skeleton[kThigh].rest.translation, glm::vec3(5.0f, -2.5f, 0.0f));
    expect_error(set_rest_translation(rig, kThigh, {1.0f, 2.0f, 3.0f}),
                 "rest translation of bone \"thigh\": a 2D rig lies in the z = 0 plane, got z = 3");
    expect_error(set_rest_translation(rig, kThigh, {kQuietNaN, 0.0f, 0.0f}), "every component must be a finite number");
    expect_error(set_rest_translation(rig, kThigh, {0.0f, -3e38f, 0.0f}), "every component must be between -1e15 and 1e15");
    expect_error(set_rest_translation(rig, 12, {0.0f, 0.0f, 0.0f}), "bone 12 does not exist");

    Result<Rig> r3 = set_rest_translation(figure_3d(), 2, {0.1f, 0.2f, 0.3f});
    ASSERT_TRUE(r3.ok()) << r3.message();
    expect_valid_rig(r3.value(), "3D set_rest_translation");
    EXPECT_EQ(r3.value().skeleton[2].rest.translation, glm::vec3(0.1f, 0.2f, 0.3f));
}

TEST(SetRestRotation, NormalizesAndRefusesZeroNonFiniteOrTilted2D) {
    const Rig rig = figure_2d();
    const glm::quat scaled = rotation_2d(1.0f) * 3.0f;
    Result<Rig> r = set_rest_rotation(rig, kForearm, scaled);
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_rest_rotation");
    EXPECT_NEAR(glm::length(r.value().skeleton[kForearm].rest.rotation), 1.0f, 1e-6f);
    EXPECT_NEAR(angle_2d(r.value().skeleton[kForearm].rest.rotation), 1.0f, 1e-6f);
    expect_error(set_rest_rotation(rig, kForearm, glm::angleAxis(0.5f, glm::vec3(1.0f, 0.0f, 0.0f))),
                 "rest rotation of bone \"forearm\": a 2D rig's rotations turn about z only");
    expect_error(set_rest_rotation(rig, kForearm, glm::quat(0.0f, 0.0f, 0.0f, 0.0f)), "must not be zero");
    expect_error(set_rest_rotation(rig, kForearm, glm::quat(kInf, 0.0f, 0.0f, 0.0f)), "must be a finite number");

    const glm::quat tilt = glm::angleAxis(0.5f, glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f)));
    Result<Rig> r3 = set_rest_rotation(figure_3d(), 1, tilt * 2.0f);
    ASSERT_TRUE(r3.ok()) << r3.message();
    expect_valid_rig(r3.value(), "3D set_rest_rotation");
    expect_same_rotation(r3.value().skeleton[1].rest.rotation, tilt, "chest rest");
}

TEST(SetPoseRotation, SetsOneBonesPoseAndChecksItLikeARestRotation) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_pose_rotation(rig, kHand, rotation_2d(-0.75f));
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_pose_rotation");
    EXPECT_NEAR(angle_2d(r.value().pose.rotations[kHand]), -0.75f, 1e-6f);
    EXPECT_EQ(r.value().pose.rotations[kForearm], rig.pose.rotations[kForearm]);
    expect_error(set_pose_rotation(rig, kHand, glm::angleAxis(0.1f, glm::vec3(0.0f, 1.0f, 0.0f))),
                 "pose rotation of bone \"hand\": a 2D rig's rotations turn about z only");
    expect_error(set_pose_rotation(rig, kHand, glm::quat(kQuietNaN, 0.0f, 0.0f, 1.0f)), "must be a finite number");
    expect_error(set_pose_rotation(rig, 7, rotation_2d(0.0f)), "bone 7 does not exist");

    Rig short_pose = rig;
    short_pose.pose.rotations.pop_back();
    expect_error(set_pose_rotation(short_pose, kHand, rotation_2d(0.0f)), "the rig's pose has 6 rotations for 7 bones");
}

TEST(SetPoseTranslation, MovesOneBoneAndChecksItLikeARestTranslation) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_pose_translation(rig, kHand, {3.0f, -2.0f, 0.0f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_pose_translation");
    EXPECT_EQ(r.value().pose.translations[kHand], glm::vec3(3.0f, -2.0f, 0.0f));
    EXPECT_EQ(r.value().pose.translations[kForearm], glm::vec3(0.0f));
    expect_error(set_pose_translation(rig, kHand, {0.0f, 0.0f, 1.0f}),
                 "pose translation of bone \"hand\": a 2D rig lies in the z = 0 plane");
    expect_error(set_pose_translation(rig, kHand, {kQuietNaN, 0.0f, 0.0f}), "must be a finite number");
    expect_error(set_pose_translation(rig, kHand, {2e15f, 0.0f, 0.0f}), "between -1e15 and 1e15");
    expect_error(set_pose_translation(rig, -1, {}), "bone -1 does not exist");
    EXPECT_TRUE(set_pose_translation(figure_3d(), 1, {0.0f, 0.0f, 1.0f}).ok());
}

TEST(SetPoseScale, ScalesOneBoneWithinTheRange) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_pose_scale(rig, kHand, {2.0f, 0.5f, 1.0f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_pose_scale");
    EXPECT_EQ(r.value().pose.scales[kHand], glm::vec3(2.0f, 0.5f, 1.0f));
    EXPECT_EQ(r.value().pose.scales[kForearm], glm::vec3(1.0f));
    expect_error(set_pose_scale(rig, kHand, {-0.5f, 1.0f, 1.0f}),
                 "pose scale of bone \"hand\": every component must be between 0 and 1000");
    expect_error(set_pose_scale(rig, kHand, {1.0f, 1001.0f, 1.0f}), "between 0 and 1000");
    expect_error(set_pose_scale(rig, kHand, {kQuietNaN, 1.0f, 1.0f}), "between 0 and 1000");
    expect_error(set_pose_scale(rig, kHand, {1.0f, 1.0f, 0.0f}), "a 2D rig's bones keep a z scale of 1");
    expect_error(set_pose_scale(rig, 7, glm::vec3(1.0f)), "bone 7 does not exist");
    EXPECT_TRUE(set_pose_scale(rig, kHand, {0.0f, 1000.0f, 1.0f}).ok()) << "both ends of the range";
    EXPECT_TRUE(set_pose_scale(figure_3d(), 1, {1.0f, 1.0f, 3.0f}).ok());
    Rig short_pose = rig;
    short_pose.pose.scales.pop_back();
    expect_error(set_pose_scale(short_pose, kHand, glm::vec3(1.0f)), "the rig's pose has 6 scales for 7 bones");
}

TEST(ResetPose, TakesBackTurnsMovesAndScales) {
    Rig rig = set_pose_scale(figure_2d(), kHand, {2.0f, 2.0f, 1.0f}).value();
    rig = set_pose_translation(rig, kHand, {1.0f, 0.0f, 0.0f}).value();
    EXPECT_EQ(reset_pose(rig).value().pose, Pose::rest(rig.skeleton.size()));
}

TEST(SetRootOffset, SetsFiniteOffsetsOnly) {
    Result<Rig> r = set_root_offset(figure_2d(), {-7.0f, 8.5f, 0.0f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_root_offset");
    EXPECT_EQ(r.value().pose.root_offset, glm::vec3(-7.0f, 8.5f, 0.0f));
    expect_error(set_root_offset(figure_2d(), {0.0f, 0.0f, 1.0f}), "root offset: a 2D rig lies in the z = 0 plane");
    expect_error(set_root_offset(figure_3d(), {0.0f, kInf, 0.0f}), "root offset: every component must be a finite number");
    expect_error(set_root_offset(figure_3d(), {0.0f, 0.0f, 1e16f}), "root offset: every component must be between -1e15 and 1e15");
    EXPECT_TRUE(set_root_offset(figure_3d(), {0.0f, 0.0f, 1.0f}).ok());
}

TEST(SetLimits, Sets2DRangesAndRemovesLimits) {
    const Rig rig = figure_2d();
    Result<Rig> r = set_limits(rig, kHand, JointLimits{std::nullopt, -kPi, 0.5f, {}, {}});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_limits");
    ASSERT_TRUE(r.value().skeleton[kHand].limits.has_value());
    EXPECT_EQ(r.value().skeleton[kHand].limits->min_angle, -kPi);
    EXPECT_EQ(r.value().skeleton[kHand].limits->max_angle, 0.5f);

    Result<Rig> one_sided = set_limits(rig, kHand, JointLimits{std::nullopt, std::nullopt, kPi, {}, {}});
    ASSERT_TRUE(one_sided.ok()) << one_sided.message();
    expect_valid_rig(one_sided.value(), "one-sided limits");

    Result<Rig> removed = set_limits(rig, kForearm, std::nullopt);
    ASSERT_TRUE(removed.ok()) << removed.message();
    expect_valid_rig(removed.value(), "removing limits");
    EXPECT_FALSE(removed.value().skeleton[kForearm].limits.has_value());
}

TEST(SetBoneColor, ColoursEverySelectedBoneAndGoesBackToTheDefault) {
    const Rig rig = figure_3d();
    const int bones[] = {kForearm, kHand};
    Result<Rig> r = set_bone_color(rig, bones, glm::vec3{0.2f, 0.9f, 0.4f});
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value(), "set_bone_color");
    EXPECT_EQ(r.value().skeleton[kForearm].color, glm::vec3(0.2f, 0.9f, 0.4f));
    EXPECT_EQ(r.value().skeleton[kHand].color, glm::vec3(0.2f, 0.9f, 0.4f));
    EXPECT_FALSE(r.value().skeleton[0].color) << "only the bones asked for";
    Result<Rig> back = set_bone_color(r.value(), std::span<const int>(bones, 1), std::nullopt);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_FALSE(back.value().skeleton[kForearm].color);
    EXPECT_TRUE(back.value().skeleton[kHand].color);
}

TEST(SetBoneColor, RefusesWhatTheLoaderWould) {
    const Rig rig = figure_2d();
    const int hand[] = {kHand};
    expect_error(set_bone_color(rig, hand, glm::vec3{0.5f, 1.5f, 0.0f}),
                 "colour of bone \"hand\": each of red, green and blue must be between 0 and 1, got (0.5, 1.5, 0)");
    expect_error(set_bone_color(rig, hand, glm::vec3{kQuietNaN, 0.0f, 0.0f}), "got (nan, 0, 0)");
    expect_error(set_bone_color(rig, std::span<const int>{}, glm::vec3{0.5f}), "no bone to colour");
    const int missing[] = {7};
    expect_error(set_bone_color(rig, missing, glm::vec3{0.5f}), "bone 7 does not exist");
}

TEST(SetLimits, Refuses2DLimitsTheLoaderWouldRefuse) {
    const Rig rig = figure_2d();
    expect_error(set_limits(rig, kHand, JointLimits{glm::vec3(0, 0, 1), 0.0f, 1.0f, {}, {}}),
                 "limits of bone \"hand\": a 2D joint turns about z and takes no hinge");
    expect_error(set_limits(rig, kHand, JointLimits{std::nullopt, -4.0f, 1.0f, {}, {}}),
                 "limits of bone \"hand\": min: must be between -pi and pi radians, got -4");
    expect_error(set_limits(rig, kHand, JointLimits{std::nullopt, 0.0f, 3.2f, {}, {}}), "max: must be between -pi and pi radians, got 3.2");
    expect_error(set_limits(rig, kHand, JointLimits{std::nullopt, 1.0f, 0.5f, {}, {}}), "min (1) must not exceed max (0.5)");
    expect_error(set_limits(rig, kHand, JointLimits{std::nullopt, kQuietNaN, 0.5f, {}, {}}),
                 "min: must be between -pi and pi radians, got nan");
    expect_error(set_limits(rig, 7, JointLimits{}), "bone 7 does not exist");
}

TEST(SetLimits, Checks3DHingesAndBallJoints) {
    const Rig rig = figure_3d();
    Result<Rig> hinge = set_limits(rig, 4, JointLimits{glm::vec3(0.0f, 0.0f, 2.0f), -0.5f, 1.5f, {}, {}});
    ASSERT_TRUE(hinge.ok()) << hinge.message();
    expect_valid_rig(hinge.value(), "3D hinge");
    EXPECT_EQ(*hinge.value().skeleton[4].limits->hinge, glm::vec3(0.0f, 0.0f, 1.0f));  // normalized

    Result<Rig> ball = set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, 0.8f, {}, {}});
    ASSERT_TRUE(ball.ok()) << ball.message();
    expect_valid_rig(ball.value(), "3D ball");

    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, -0.2f, 0.8f, {}, {}}),
                 "a 3D joint without a hinge takes only a max (its largest turn from rest)");
    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, -0.1f, {}, {}}), "max: must be between 0 and pi radians");
    expect_error(set_limits(rig, 4, JointLimits{glm::vec3(0.0f), 0.0f, 1.0f, {}, {}}), "the hinge must be a finite, non-zero direction");
    expect_error(set_limits(rig, 4, JointLimits{glm::vec3(kQuietNaN, 0.0f, 1.0f), 0.0f, 1.0f, {}, {}}), "the hinge must be a finite");
    // As the loader: scaled by the largest component first, so neither overflows nor vanishes.
    for (const glm::vec3& axis : {glm::vec3(0.0f, 0.0f, 1e30f), glm::vec3(0.0f, 0.0f, 1e-30f)}) {
        Result<Rig> scaled = set_limits(rig, 4, JointLimits{axis, 0.0f, 1.0f, {}, {}});
        ASSERT_TRUE(scaled.ok()) << scaled.message();
        EXPECT_EQ(*scaled.value().skeleton[4].limits->hinge, glm::vec3(0.0f, 0.0f, 1.0f));
    }
}

TEST(SetLimits, ChecksSwingTwistLimits) {
    const Rig rig = figure_3d();
    Result<Rig> st = set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, std::nullopt, 1.2f, TwistRange{-0.5f, 0.7f}});
    ASSERT_TRUE(st.ok()) << st.message();
    expect_valid_rig(st.value(), "swing-twist");
    EXPECT_EQ(*st.value().skeleton[4].limits->swing, 1.2f);
    EXPECT_EQ(st.value().skeleton[4].limits->twist->max, 0.7f);

    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, 0.8f, 1.2f, {}}),
                 "a ball joint takes either a max (its largest turn from rest) or swing and twist, not both");
    expect_error(set_limits(rig, 4, JointLimits{glm::vec3(0, 0, 1), std::nullopt, std::nullopt, 1.2f, {}}),
                 "swing and twist are for 3D joints without a hinge");
    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, std::nullopt, 3.5f, {}}),
                 "swing: must be between 0 and pi radians, got 3.5");
    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, std::nullopt, {}, TwistRange{0.5f, -0.5f}}),
                 "twist min (0.5) must not exceed twist max (-0.5)");
    expect_error(set_limits(rig, 4, JointLimits{std::nullopt, std::nullopt, std::nullopt, {}, TwistRange{kQuietNaN, 0.5f}}),
                 "twist min: must be between -pi and pi");
    expect_error(set_limits(figure_2d(), kHand, JointLimits{std::nullopt, std::nullopt, std::nullopt, 0.5f, {}}),
                 "swing and twist are for 3D joints without a hinge");
}

TEST(SelectionEdits, ALengthLimitsAndPoseValueSetOnSeveralBonesIsOneEditAsOneAfterAnother) {
    const Rig rig = figure_2d();
    const int upper = bone_named(rig, "upper_arm");
    const int forearm = bone_named(rig, "forearm");
    const int hand = bone_named(rig, "hand");
    const int bones[] = {upper, forearm};
    // The forearm sits at the upper arm's tip and the hand at the forearm's: both follow.
    const Result<Rig> both = set_bone_length(rig, bones, 40.0f);
    ASSERT_TRUE(both.ok()) << both.message();
    EXPECT_TRUE(both.value() == set_bone_length(set_bone_length(rig, upper, 40.0f).value(), forearm, 40.0f).value());
    EXPECT_EQ(both.value().skeleton[static_cast<std::size_t>(hand)].rest.translation, glm::vec3(40.0f, 0.0f, 0.0f));
    const JointLimits limits{std::nullopt, -0.5f, 0.5f, {}, {}};
    EXPECT_TRUE(set_limits(rig, bones, limits).value() == set_limits(set_limits(rig, upper, limits).value(), forearm, limits).value());
    const glm::vec3 scale{2.0f, 1.0f, 1.0f};
    EXPECT_TRUE(set_pose_scale(rig, bones, scale).value() ==
                set_pose_scale(set_pose_scale(rig, upper, scale).value(), forearm, scale).value());
    // A bad value names how many bones; a bad bone or none is refused; nothing half-done.
    EXPECT_NE(set_bone_length(rig, bones, -1.0f).message().find("length of 2 bones"), std::string::npos)
        << set_bone_length(rig, bones, -1.0f).message();
    EXPECT_NE(set_bone_length(rig, upper, -1.0f).message().find("length of bone \"upper_arm\""), std::string::npos);
    const int bad[] = {upper, 42};
    EXPECT_FALSE(set_pose_scale(rig, bad, scale).ok());
    EXPECT_FALSE(set_limits(rig, std::span<const int>{}, limits).ok());
}
