// Adding, deleting and re-parenting bones: the array stays parent-before-child, every index
// follows its bone, bones keep their rest placement in the world, and chains that no longer
// fit are removed and named.

#include <limits>

#include <gtest/gtest.h>

#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// figure_2d: 0 hips, 1 spine, 2 upper_arm, 3 forearm, 4 hand, 5 thigh, 6 shin.

using Names = std::vector<std::string>;

Names bone_names(const Rig& rig) {
    Names out;
    for (const Bone& b : rig.skeleton.bones()) out.push_back(b.name);
    return out;
}

Names chain_names(const Rig& rig) {
    Names out;
    for (const IkChain& c : rig.chains) out.push_back(c.name);
    return out;
}

std::vector<int> channel_bones(const State& state) {
    std::vector<int> out;
    for (const StateChannel& c : state.channels) out.push_back(c.bone);
    return out;
}

const IkChain& chain(const Rig& rig, const std::string& name) {
    const int c = rig.find_chain(name);
    EXPECT_GE(c, 0) << name;
    return rig.chains[static_cast<std::size_t>(c < 0 ? 0 : c)];
}

}  // namespace

TEST(UniqueBoneName, NumbersOnlyWhenTheNameIsTaken) {
    const Rig rig = figure_2d();
    EXPECT_EQ(unique_bone_name(rig.skeleton, "tail"), "tail");
    EXPECT_EQ(unique_bone_name(rig.skeleton, "hand"), "hand.001");
    EXPECT_EQ(unique_bone_name(rig.skeleton, ""), "bone");
    Rig numbered = rename_bone(rig, kShin, "hand.001").value();
    EXPECT_EQ(unique_bone_name(numbered.skeleton, "hand"), "hand.002");
    EXPECT_EQ(unique_bone_name(numbered.skeleton, "hand.001"), "hand.002");
}

TEST(AddChildBone, GoesAfterItsParentsSubtreeAndEveryIndexFollows) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = add_child_bone(rig, kSpine, std::nullopt, 40.0f);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "add_child_bone");
    EXPECT_EQ(r.value().bone, 5);
    EXPECT_EQ(bone_names(out), (Names{"hips", "spine", "upper_arm", "forearm", "hand", "bone", "thigh", "shin"}));
    const Bone& added = out.skeleton[5];
    EXPECT_EQ(added.parent, kSpine);
    EXPECT_EQ(added.length, 40.0f);
    EXPECT_EQ(added.rest.translation, glm::vec3(100.0f, 0.0f, 0.0f));  // the spine's tip
    EXPECT_EQ(added.rest.rotation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    EXPECT_EQ(out.skeleton[6].parent, kHips);
    EXPECT_EQ(out.skeleton[7].parent, 6);
    EXPECT_EQ(chain(out, "leg").root, 6);
    EXPECT_EQ(chain(out, "leg").effector, 7);
    EXPECT_EQ(chain(out, "back").effector, kHand);
    EXPECT_EQ(channel_bones(out.states[0]), (std::vector<int>{6, 7, kForearm, kHand}));
    EXPECT_EQ(channel_bones(out.states[1]), (std::vector<int>{kSpine}));
    EXPECT_EQ(out.pose.rotations[5], glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    expect_pose_kept(rig, out);
    expect_rest_world_kept(rest_world_by_name(rig), out);
    EXPECT_TRUE(r.value().removed_chains.empty());
}

TEST(AddChildBone, AddsRootsAtTheEndAndLeavesAtTheirParentsTip) {
    const Rig rig = figure_2d();
    Result<TreeEdit> root = add_child_bone(rig, -1, "prop", 12.0f);
    ASSERT_TRUE(root.ok()) << root.message();
    expect_valid_rig(root.value().rig, "adding a root");
    EXPECT_EQ(root.value().bone, 7);
    EXPECT_EQ(root.value().rig.skeleton[7].name, "prop");
    EXPECT_EQ(root.value().rig.skeleton[7].parent, -1);
    EXPECT_EQ(root.value().rig.skeleton[7].rest.translation, glm::vec3(0.0f));

    Result<TreeEdit> finger = add_child_bone(rig, kHand, "finger", 0.0f);
    ASSERT_TRUE(finger.ok()) << finger.message();
    expect_valid_rig(finger.value().rig, "adding under a leaf");
    EXPECT_EQ(finger.value().bone, 5);
    EXPECT_EQ(finger.value().rig.skeleton[5].rest.translation, glm::vec3(20.0f, 0.0f, 0.0f));
    EXPECT_EQ(chain(finger.value().rig, "leg").root, 6);
}

TEST(AddChildBone, GivesEachUnnamedBoneItsOwnName) {
    TreeEdit first = add_child_bone(figure_2d(), kHand, std::nullopt, 5.0f).value();
    Result<TreeEdit> second = add_child_bone(first.rig, first.bone, std::nullopt, 5.0f);
    ASSERT_TRUE(second.ok()) << second.message();
    expect_valid_rig(second.value().rig, "two unnamed bones");
    EXPECT_EQ(second.value().rig.skeleton[static_cast<std::size_t>(first.bone)].name, "bone");
    EXPECT_EQ(second.value().rig.skeleton[static_cast<std::size_t>(second.value().bone)].name, "bone.001");
}

TEST(AddChildBone, RefusesBadParentsNamesAndLengths) {
    const Rig rig = figure_2d();
    expect_error(add_child_bone(rig, 7, "x", 1.0f), "cannot add a bone: the parent bone 7 does not exist");
    expect_error(add_child_bone(rig, -2, "x", 1.0f), "the parent bone -2 does not exist");
    expect_error(add_child_bone(rig, kHand, "hand", 1.0f), "cannot add a bone: the name \"hand\" is already taken by bone 4");
    expect_error(add_child_bone(rig, kHand, "", 1.0f), "cannot add a bone: a bone name must not be empty");
    expect_error(add_child_bone(rig, kHand, "\xC0\xAF", 1.0f), "not valid UTF-8");
    expect_error(add_child_bone(rig, kHand, "x", -1.0f), "length of the new bone: must be a finite number >= 0, got -1");
    expect_error(add_child_bone(rig, kHand, "x", std::numeric_limits<float>::quiet_NaN()), "length of the new bone");
}

TEST(DeleteBone, ChildrenKeepTheirPlaceAndChainsThroughItGetShorter) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = delete_bone(rig, kForearm);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "delete_bone");
    EXPECT_EQ(bone_names(out), (Names{"hips", "spine", "upper_arm", "hand", "thigh", "shin"}));
    EXPECT_EQ(out.skeleton[3].parent, kUpperArm);  // hand, re-attached
    expect_rest_world_kept(rest_world_by_name(rig), out);
    expect_pose_kept(rig, out);
    EXPECT_EQ(r.value().removed_chains, (Names{"arm"}));  // its effector is gone
    EXPECT_EQ(chain_names(out), (Names{"arm_reach", "leg", "back"}));
    EXPECT_EQ(chain(out, "arm_reach").effector, 3);
    EXPECT_EQ(chain(out, "back").effector, 3);
    EXPECT_EQ(chain(out, "leg").root, 4);
    EXPECT_EQ(r.value().removed_channels, 1u);
    EXPECT_EQ(channel_bones(out.states[0]), (std::vector<int>{4, 5, 3}));
    EXPECT_EQ(r.value().bone, -1);
}

TEST(DeleteBone, ARootsChildrenBecomeRootsWhereTheyWere) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = delete_bone(rig, kHips);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "deleting a root");
    EXPECT_EQ(out.skeleton[0].name, "spine");
    EXPECT_EQ(out.skeleton[0].parent, -1);
    EXPECT_EQ(out.skeleton[4].name, "thigh");
    EXPECT_EQ(out.skeleton[4].parent, -1);
    expect_rest_world_kept(rest_world_by_name(rig), out);
    EXPECT_EQ(r.value().removed_chains, (Names{"back"}));
    EXPECT_EQ(r.value().removed_channels, 0u);
}

TEST(DeleteBone, ALeafTakesTheChainsEndingThereAndItsChannels) {
    Result<TreeEdit> r = delete_bone(figure_2d(), kHand);
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value().rig, "deleting a leaf");
    EXPECT_EQ(r.value().removed_chains, (Names{"arm_reach", "back"}));
    EXPECT_EQ(r.value().removed_channels, 1u);
    EXPECT_EQ(chain_names(r.value().rig), (Names{"arm", "leg"}));
}

TEST(DeleteBone, ComposesFullRotationsIn3D) {
    const Rig rig = figure_3d();
    Result<TreeEdit> r = delete_bone(rig, 2);  // upper_arm: its forearm moves to the chest
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value().rig, "3D delete");
    EXPECT_EQ(r.value().rig.skeleton[2].name, "forearm");
    EXPECT_EQ(r.value().rig.skeleton[2].parent, 1);
    expect_rest_world_kept(rest_world_by_name(rig), r.value().rig);
    EXPECT_EQ(r.value().removed_chains, (Names{"arm"}));
}

TEST(DeleteBone, RefusesTheLastBoneAndBonesThatDoNotExist) {
    const Rig single = parse_or_fail(R"({"format": "marionette-rig", "version": 1, "dimensions": 2,
                                         "bones": [{"name": "only", "length": 1}]})");
    expect_error(delete_bone(single, 0), "cannot delete bone \"only\": it is the last bone, and a rig needs one");
    expect_error(delete_bone(figure_2d(), 7), "cannot delete: bone 7 does not exist (the rig has 7 bones)");
    Rig short_pose = figure_2d();
    short_pose.pose.rotations.clear();
    expect_error(delete_bone(short_pose, kHand), "cannot delete: the rig's pose has 0 rotations for 7 bones");
}

TEST(ReparentBone, KeepsTheRestPlacementAndRemovesChainsThatNoLongerFit) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = reparent_bone(rig, kHand, kSpine);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "reparent_bone");
    EXPECT_EQ(r.value().bone, kHand);
    EXPECT_EQ(out.skeleton[kHand].parent, kSpine);
    EXPECT_NE(out.skeleton[kHand].rest.translation, rig.skeleton[kHand].rest.translation);
    expect_rest_world_kept(rest_world_by_name(rig), out);
    expect_pose_kept(rig, out);
    EXPECT_EQ(r.value().removed_chains, (Names{"arm_reach"}));   // hand is no longer below upper_arm
    EXPECT_EQ(chain_names(out), (Names{"arm", "leg", "back"}));  // back: hips -> spine -> hand
    EXPECT_EQ(chain_bones(out.skeleton, kHips, kHand).size(), 3u);
    EXPECT_EQ(r.value().removed_channels, 0u);
}

TEST(ReparentBone, MovesTheSubtreeAfterTheNewParentsSubtree) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = reparent_bone(rig, kUpperArm, kShin);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "reparenting a subtree");
    EXPECT_EQ(bone_names(out), (Names{"hips", "spine", "thigh", "shin", "upper_arm", "forearm", "hand"}));
    EXPECT_EQ(r.value().bone, 4);
    EXPECT_EQ(out.skeleton[4].parent, 3);
    expect_rest_world_kept(rest_world_by_name(rig), out);
    expect_pose_kept(rig, out);
    EXPECT_TRUE(r.value().removed_chains.empty());
    EXPECT_EQ(chain(out, "arm").root, 4);
    EXPECT_EQ(chain(out, "arm").effector, 5);
    EXPECT_EQ(chain(out, "leg").root, 2);
    EXPECT_EQ(chain(out, "back").effector, 6);
    EXPECT_EQ(channel_bones(out.states[0]), (std::vector<int>{2, 3, 5, 6}));
    EXPECT_EQ(channel_bones(out.states[1]), (std::vector<int>{kSpine}));
}

TEST(ReparentBone, MakesARootAtTheEndOfTheArray) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = reparent_bone(rig, kForearm, -1);
    ASSERT_TRUE(r.ok()) << r.message();
    const Rig& out = r.value().rig;
    expect_valid_rig(out, "reparenting to the root");
    EXPECT_EQ(bone_names(out), (Names{"hips", "spine", "upper_arm", "thigh", "shin", "forearm", "hand"}));
    EXPECT_EQ(r.value().bone, 5);
    EXPECT_EQ(out.skeleton[5].parent, -1);
    expect_rest_world_kept(rest_world_by_name(rig), out);
    EXPECT_EQ(r.value().removed_chains, (Names{"arm", "arm_reach", "back"}));
}

TEST(ReparentBone, RemovesATwoBoneChainThatNoLongerHasTwoBones) {
    const TreeEdit padded = add_child_bone(figure_2d(), kUpperArm, "elbow_pad", 10.0f).value();
    const int pad = padded.bone;
    const int forearm = bone_named(padded.rig, "forearm");
    Result<TreeEdit> r = reparent_bone(padded.rig, forearm, pad);
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value().rig, "lengthening a two_bone chain");
    EXPECT_EQ(r.value().removed_chains, (Names{"arm"}));
    EXPECT_EQ(chain_bones(r.value().rig.skeleton, kUpperArm, bone_named(r.value().rig, "hand")).size(), 4u);
}

TEST(ReparentBone, KeepsFull3DPlacement) {
    const Rig rig = figure_3d();
    Result<TreeEdit> r = reparent_bone(rig, 4, 5);  // hand under head
    ASSERT_TRUE(r.ok()) << r.message();
    expect_valid_rig(r.value().rig, "3D reparent");
    expect_rest_world_kept(rest_world_by_name(rig), r.value().rig);
    EXPECT_TRUE(r.value().removed_chains.empty());  // reach now runs chest -> head -> hand
    EXPECT_EQ(chain_bones(r.value().rig.skeleton, 1, r.value().bone), (std::vector<int>{1, 4, 5}));
}

TEST(ReparentBone, RefusesCyclesAndBonesThatDoNotExist) {
    const Rig rig = figure_2d();
    expect_error(reparent_bone(rig, kUpperArm, kHand),
                 "cannot move bone \"upper_arm\" under bone \"hand\": that bone is below it, so the move would make a cycle");
    expect_error(reparent_bone(rig, kUpperArm, kUpperArm), "cannot make bone \"upper_arm\" its own parent");
    expect_error(reparent_bone(rig, 7, kHips), "cannot re-parent: bone 7 does not exist");
    expect_error(reparent_bone(rig, kHand, 7), "cannot re-parent: the new parent bone 7 does not exist");
    expect_error(reparent_bone(rig, kHand, -2), "the new parent bone -2 does not exist");
}

TEST(ReparentBone, ToTheCurrentParentChangesNothing) {
    const Rig rig = figure_2d();
    Result<TreeEdit> r = reparent_bone(rig, kForearm, kUpperArm);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.value().bone, kForearm);
    EXPECT_EQ(serialize_rig(r.value().rig).value(), serialize_rig(rig).value());
}

namespace {
// figure_2d() with a mesh hung on the hand, skinned between it and its parent.
Rig figure_with_mesh(int bone) {
    Rig rig = figure_2d();
    MeshSet set;
    Mesh m;
    m.name = "glove";
    const int parent = rig.skeleton[static_cast<std::size_t>(bone)].parent;
    m.joints = {{bone, glm::mat4(1.0f)}, {parent, glm::mat4(1.0f)}};
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.influences = {{{0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}}, {{0, 0, 0, 0}, {1, 0, 0, 0}}, {{1, 0, 0, 0}, {1, 0, 0, 0}}};
    m.indices = {0, 1, 2};
    set.meshes.push_back(m);
    rig.meshes = RigMeshes(std::move(set));
    return rig;
}
}  // namespace

TEST(DeleteBone, RefusesABoneAMeshHangsOnAndMeshesFollowARenumbering) {
    const Rig rig = figure_with_mesh(bone_named(figure_2d(), "shin"));
    expect_error(delete_bone(rig, bone_named(rig, "shin")), "cannot delete bone \"shin\": the mesh \"glove\" hangs on it");
    // Re-parenting renumbers the bones; the mesh's joints still name the same bones.
    // A bone added under the spine goes before the leg: the mesh's joints follow their bones.
    Result<TreeEdit> added = add_child_bone(rig, kSpine, std::string("extra"), 1.0f);
    ASSERT_TRUE(added.ok()) << added.message();
    const Rig& out = added.value().rig;
    const Mesh& glove = out.meshes.meshes().at(0);
    EXPECT_NE(glove.joints[0].bone, rig.meshes.meshes()[0].joints[0].bone) << "the edit was meant to renumber the leg";
    EXPECT_EQ(out.skeleton[static_cast<std::size_t>(glove.joints[0].bone)].name, "shin");
    EXPECT_EQ(out.skeleton[static_cast<std::size_t>(glove.joints[1].bone)].name, "thigh");
}

TEST(DeleteBone, RefusesABoneASlotHangsOnAndSlotsFollowARenumbering) {
    Rig rig = figure_2d();
    Slot sock;
    sock.name = "sock";
    sock.bone = bone_named(rig, "shin");
    sock.attachments.push_back(Attachment{"striped", "images/sock.png", {2, 1}});
    sock.shown = 0;
    rig.slots.push_back(sock);
    expect_error(delete_bone(rig, bone_named(rig, "shin")), "cannot delete bone \"shin\": the slot \"sock\" hangs on it");
    Result<TreeEdit> added = add_child_bone(rig, kSpine, std::string("extra"), 1.0f);
    ASSERT_TRUE(added.ok()) << added.message();
    const Rig& out = added.value().rig;
    ASSERT_EQ(out.slots.size(), 1u);
    EXPECT_NE(out.slots[0].bone, rig.slots[0].bone) << "the edit was meant to renumber the leg";
    EXPECT_EQ(out.skeleton[static_cast<std::size_t>(out.slots[0].bone)].name, "shin");
    EXPECT_EQ(out.slots[0].attachments, rig.slots[0].attachments);
    // Deleting another bone keeps the slot on its bone too.
    Result<TreeEdit> deleted = delete_bone(out, bone_named(out, "extra"));
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    EXPECT_EQ(deleted.value().rig.skeleton[static_cast<std::size_t>(deleted.value().rig.slots[0].bone)].name, "shin");
}

// A weighted mesh's weights name bones: a bone it is weighted to is not deleted, and the weights
// follow their bones when an edit renumbers them.
TEST(DeleteBone, RefusesABoneAMeshIsWeightedToAndWeightsFollowARenumbering) {
    Rig rig = figure_2d();
    Slot sock;
    sock.name = "sock";
    sock.bone = bone_named(rig, "shin");
    Attachment a{"striped", "images/sock.png", {2, 1}};
    a.mesh = grid_mesh(a.size, 1, 1);
    for (std::size_t v = 0; v < a.mesh->vertices.size(); ++v) {
        VertexWeights w;
        w.count = 2;
        w.bones = {static_cast<std::uint16_t>(bone_named(rig, "shin")), static_cast<std::uint16_t>(bone_named(rig, "thigh")), 0, 0};
        w.weights = {0.75f, 0.25f, 0.0f, 0.0f};
        a.mesh->weights.push_back(w);
    }
    sock.attachments.push_back(a);
    rig.slots.push_back(sock);
    expect_error(delete_bone(rig, bone_named(rig, "thigh")),
                 "cannot delete bone \"thigh\": the mesh \"striped\" of slot \"sock\" has weights on it");
    Result<TreeEdit> added = add_child_bone(rig, kSpine, std::string("extra"), 1.0f);
    ASSERT_TRUE(added.ok()) << added.message();
    const Rig& out = added.value().rig;
    const VertexWeights& w = out.slots[0].attachments[0].mesh->weights[2];
    EXPECT_NE(w.bones[0], rig.slots[0].attachments[0].mesh->weights[2].bones[0]) << "the edit was meant to renumber the leg";
    EXPECT_EQ(out.skeleton[w.bones[0]].name, "shin");
    EXPECT_EQ(out.skeleton[w.bones[1]].name, "thigh");
}

TEST(DeleteBones, DeletesTheSelectionInOneEditAsOneAfterAnotherWould) {
    const Rig rig = figure_2d();
    const int bones[] = {kHand, kThigh, kHand};  // any order, repeats once
    Result<TreeEdit> both = delete_bones(rig, bones);
    ASSERT_TRUE(both.ok()) << both.message();
    Result<TreeEdit> first = delete_bone(rig, kThigh);
    ASSERT_TRUE(first.ok());
    Result<TreeEdit> second = delete_bone(first.value().rig, kHand);
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(both.value().rig == second.value().rig);
    EXPECT_EQ(both.value().rig.skeleton.size(), rig.skeleton.size() - 2);
    EXPECT_EQ(both.value().rig.skeleton.find("hand"), -1);
    EXPECT_EQ(both.value().rig.skeleton.find("thigh"), -1);
    // The chains through them and the states' channels on them are counted from both.
    EXPECT_EQ(both.value().removed_channels, first.value().removed_channels + second.value().removed_channels);
    EXPECT_EQ(both.value().removed_chains.size(), first.value().removed_chains.size() + second.value().removed_chains.size());
}

TEST(DeleteBones, RefusesEveryBoneNoBoneAndWhatOneOfThemRefuses) {
    const Rig rig = figure_2d();
    std::vector<int> all;
    for (int b = 0; b < static_cast<int>(rig.skeleton.size()); ++b) all.push_back(b);
    EXPECT_EQ(delete_bones(rig, all).message(), "cannot delete every bone: a rig needs one");
    EXPECT_FALSE(delete_bones(rig, {}).ok());
    const int bad[] = {kHand, 99};
    const Result<TreeEdit> r = delete_bones(rig, bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("cannot delete"), std::string::npos) << r.message();
}
