// The pose library and the clipboard as edits: storing, applying with a weight, renaming,
// deleting, pasting as copied and flipped; and stored poses following their bones through
// bone-tree edits.

#include "editor/edits/pose_library_edits.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/math/rotation_math.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"
#include "editor/posing/mirror_pose.hpp"

namespace marionette {
namespace {

using marionette::testing::bone_named;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;

Rig hero_at_rest() {
    Rig rig = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json").value();
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

float angle_of(const Rig& rig, const char* bone) { return angle_2d(rig.pose.rotations[static_cast<std::size_t>(bone_named(rig, bone))]); }

TEST(PoseLibraryEdits, StoreThenApplyFullyOrPartWayAndNamesAreChecked) {
    Rig rig = figure_2d();
    const int forearm = bone_named(rig, "forearm");
    const int shin = bone_named(rig, "shin");
    rig.pose.rotations[static_cast<std::size_t>(forearm)] = rotation_2d(1.0f);
    const int bones[] = {forearm};
    Result<Rig> stored = store_pose(rig, "bent", bones);
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_EQ(stored.value().poses.size(), 1u);
    EXPECT_EQ(stored.value().poses[0].bones.size(), 1u);
    EXPECT_EQ(store_pose(stored.value(), "bent", bones).message(), "cannot store the pose: another pose is named \"bent\"");
    EXPECT_EQ(store_pose(rig, "", bones).message(), "cannot store the pose: a pose needs a name");
    EXPECT_FALSE(store_pose(rig, "\xff", bones).ok());
    const int bad[] = {99};
    EXPECT_FALSE(store_pose(rig, "x", bad).ok());
    EXPECT_EQ(unique_pose_name(stored.value(), "bent"), "bent.001");
    // Every bone when none is given.
    EXPECT_EQ(store_pose(rig, "all", {}).value().poses[0].bones.size(), rig.skeleton.size());

    Rig moved = stored.value();
    moved.pose.rotations[static_cast<std::size_t>(forearm)] = rotation_2d(0.0f);
    moved.pose.rotations[static_cast<std::size_t>(shin)] = rotation_2d(0.3f);
    const Result<Rig> half = apply_stored_pose(moved, 0, 0.5f);
    ASSERT_TRUE(half.ok()) << half.message();
    EXPECT_NEAR(angle_of(half.value(), "forearm"), 0.5f, 1e-5f);
    EXPECT_NEAR(angle_of(half.value(), "shin"), 0.3f, 1e-6f) << "a bone the pose does not hold moved";
    EXPECT_NEAR(angle_of(apply_stored_pose(moved, 0, 1.0f).value(), "forearm"), 1.0f, 1e-5f);
    EXPECT_TRUE(apply_stored_pose(moved, 0, 0.0f).value() == moved);
    EXPECT_EQ(apply_stored_pose(moved, 0, 1.5f).message(), "cannot apply pose \"bent\": the weight must be between 0 and 1, not 1.5");
    EXPECT_FALSE(apply_stored_pose(moved, 0, std::nanf("")).ok());
    EXPECT_EQ(apply_stored_pose(moved, 3, 1.0f).message(), "cannot apply: no stored pose 3");
}

TEST(PoseLibraryEdits, RenameAndDelete) {
    Rig rig = store_pose(store_pose(figure_2d(), "a", {}).value(), "b", {}).value();
    EXPECT_EQ(rename_stored_pose(rig, 0, "b").message(), "cannot rename pose \"a\": another pose is named \"b\"");
    EXPECT_TRUE(rename_stored_pose(rig, 0, "a").ok()) << "renaming to its own name";
    EXPECT_EQ(rename_stored_pose(rig, 1, "c").value().poses[1].name, "c");
    const Result<Rig> deleted = delete_stored_pose(rig, 0);
    ASSERT_TRUE(deleted.ok());
    ASSERT_EQ(deleted.value().poses.size(), 1u);
    EXPECT_EQ(deleted.value().poses[0].name, "b");
    EXPECT_FALSE(delete_stored_pose(rig, -1).ok());
}

TEST(PoseLibraryEdits, StoredPosesFollowTheirBonesThroughTreeEdits) {
    Rig rig = figure_2d();
    const int hand = bone_named(rig, "hand");
    const int forearm = bone_named(rig, "forearm");
    const int bones[] = {forearm, hand, bone_named(rig, "shin")};
    rig = store_pose(rig, "p", bones).value();
    // Deleting the forearm drops it from the pose; the hand, renumbered, stays.
    const Result<TreeEdit> deleted = delete_bone(rig, forearm);
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    const Rig& after = deleted.value().rig;
    ASSERT_EQ(after.poses[0].bones.size(), 2u);
    EXPECT_EQ(after.poses[0].bones[0].bone, after.skeleton.find("hand"));
    EXPECT_EQ(after.poses[0].bones[1].bone, after.skeleton.find("shin"));
    // Moving the leg under the hand renumbers: the pose stays in skeleton order and saves.
    const Result<TreeEdit> moved = reparent_bone(rig, bone_named(rig, "thigh"), hand);
    ASSERT_TRUE(moved.ok()) << moved.message();
    const std::vector<BonePose>& kept = moved.value().rig.poses[0].bones;
    ASSERT_EQ(kept.size(), 3u);
    EXPECT_TRUE(kept[0].bone < kept[1].bone && kept[1].bone < kept[2].bone);
    EXPECT_EQ(kept[2].bone, moved.value().rig.skeleton.find("shin"));
    EXPECT_TRUE(serialize_rig(moved.value().rig).ok());
}

TEST(PastePose, PastesOnTheBonesOfTheSameNamesAndListsTheMissing) {
    Rig from = figure_2d();
    from.pose.rotations[static_cast<std::size_t>(bone_named(from, "shin"))] = rotation_2d(0.7f);
    const std::string text = pose_clipboard_text(from, {});
    Rig to = figure_2d();
    to.pose = Pose::rest(to.skeleton.size());
    const Result<CopiedPose> copied = parse_pose_clipboard(text);
    ASSERT_TRUE(copied.ok());
    const Result<PastedPose> pasted = paste_pose(to, copied.value(), false, {1, 0, 0});
    ASSERT_TRUE(pasted.ok()) << pasted.message();
    for (std::size_t b = 0; b < from.skeleton.size(); ++b) {
        EXPECT_NEAR(angle_2d(pasted.value().rig.pose.rotations[b]), angle_2d(from.pose.rotations[b]), 1e-5f) << from.skeleton[b].name;
        EXPECT_EQ(pasted.value().rig.pose.translations[b], from.pose.translations[b]);
    }
    EXPECT_NEAR(angle_of(pasted.value().rig, "shin"), 0.7f, 1e-5f);
    EXPECT_TRUE(pasted.value().missing.empty());
    // Into a rig without some of the bones.
    CopiedPose extra = copied.value();
    extra.bones.emplace_back("tail", BonePose{});
    EXPECT_EQ(paste_pose(to, extra, false, {1, 0, 0}).value().missing, std::vector<std::string>{"tail"});
    CopiedPose none;
    none.bones.emplace_back("tail", BonePose{});
    EXPECT_EQ(paste_pose(to, none, false, {1, 0, 0}).message(), "cannot paste: none of the copied bones is in this rig");
    EXPECT_EQ(paste_pose(figure_3d(), copied.value(), false, {1, 0, 0}).message(),
              "cannot paste: the copied pose is of a 2D rig, this one is 3D");
}

TEST(PastePose, FlippedPutsTheCopiedSideOnTheOtherAsMirrorCopyWouldAndLeavesTheSourceSide) {
    Rig rig = hero_at_rest();
    const glm::vec3 axis = detect_side_axis(rig.skeleton, mirror_twins(rig.skeleton), true);
    rig.pose.rotations[static_cast<std::size_t>(bone_named(rig, "arm_l_upper"))] = rotation_2d(0.9f);
    rig.pose.rotations[static_cast<std::size_t>(bone_named(rig, "arm_l_lower"))] = rotation_2d(-0.6f);
    const int arm[] = {bone_named(rig, "arm_l_upper"), bone_named(rig, "arm_l_lower")};
    const Result<CopiedPose> copied = parse_pose_clipboard(pose_clipboard_text(rig, arm));
    ASSERT_TRUE(copied.ok());
    // Pasted into the same rig at rest: the right arm takes the left's pose mirrored.
    Rig target = hero_at_rest();
    const Result<PastedPose> flipped = paste_pose(target, copied.value(), true, axis);
    ASSERT_TRUE(flipped.ok()) << flipped.message();
    const Rig expected = mirror_pose(rig, arm, axis).value();
    for (const char* bone : {"arm_r_upper", "arm_r_lower"})
        EXPECT_NEAR(angle_of(flipped.value().rig, bone), angle_of(expected, bone), 1e-5f) << bone;
    for (const char* bone : {"arm_l_upper", "arm_l_lower", "body", "leg_l_upper"}) {
        EXPECT_NEAR(angle_of(flipped.value().rig, bone), 0.0f, 1e-6f) << bone << " changed";
    }
    EXPECT_GT(std::fabs(angle_of(flipped.value().rig, "arm_r_upper")), 0.1f);
}

}  // namespace
}  // namespace marionette
