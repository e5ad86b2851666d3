// A state's chain mix keys edited as the timeline edits every other key: keyed at the playhead
// (a key there takes the new mix), their value set, moved, deleted (an emptied track goes), found
// again by id, shown as rows after the other timelines; a deleted chain takes its keys along and
// a reorder of the bones renumbers them; a scrubbed state solves the chain as it plays.

#include <gtest/gtest.h>

#include "core/anim/state_ik_rigs.hpp"
#include "core/anim/state_pose.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/bake_edits.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/timeline/state_player.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/timeline_rows.hpp"

using namespace marionette;
using marionette::testing::walker;

namespace {

// The walker's leg_l mix track (chain 1) is chain_tracks[0]; the back's (chain 0) chain_tracks[1].
constexpr int kLeg = 1;

bool loads(const Rig& rig) {
    Result<std::string> text = serialize_rig(rig);
    return text.ok() && parse_rig(text.value()).ok();
}

}  // namespace

TEST(ChainKeyEdits, KeyingTheMixAddsAKeyInTimeOrderOrSetsTheOneThere) {
    const Rig rig = walker();
    Result<Rig> added = key_chain_mix(rig, 0, kLeg, 0.5f, 0.25f);
    ASSERT_TRUE(added.ok()) << added.message();
    const std::vector<MixKey>& keys = added.value().states[0].chain_tracks[0].keys;
    ASSERT_EQ(keys.size(), 4u);
    EXPECT_EQ(keys[1].time, 0.5f);
    EXPECT_EQ(keys[1].mix, 0.25f);
    EXPECT_EQ(keys[1].interpolation, Interpolation::Linear);
    Result<Rig> over = key_chain_mix(rig, 0, kLeg, 1.0002f, 0.75f);  // on the cosine key at 1 s
    ASSERT_TRUE(over.ok()) << over.message();
    const MixKey& kept = over.value().states[0].chain_tracks[0].keys[1];
    EXPECT_EQ(kept.time, 1.0f);
    EXPECT_EQ(kept.mix, 0.75f);
    EXPECT_EQ(kept.interpolation, Interpolation::Cosine) << "a key there keeps its way on";
    EXPECT_TRUE(loads(over.value()));

    Rig bare = rig;
    bare.states[0].chain_tracks.clear();
    Result<Rig> made = key_chain_mix(bare, 0, kLeg, 2.0f, 0.0f);
    ASSERT_TRUE(made.ok()) << made.message();
    ASSERT_EQ(made.value().states[0].chain_tracks.size(), 1u);
    EXPECT_EQ(made.value().states[0].chain_tracks[0].chain, kLeg);
    EXPECT_TRUE(is_keyed(made.value().states[0]));

    EXPECT_NE(key_chain_mix(rig, 0, kLeg, 0.5f, 1.5f).message().find("cannot key the mix: a mix must be between 0 and 1"),
              std::string::npos);
    EXPECT_NE(key_chain_mix(rig, 0, 7, 0.5f, 0.5f).message().find("no chain 7"), std::string::npos);
    EXPECT_NE(key_chain_mix(rig, 0, kLeg, -1.0f, 0.5f).message().find("a key's time must be between 0 and 3600 seconds"),
              std::string::npos);
    EXPECT_NE(key_chain_mix(rig, 3, kLeg, 0.5f, 0.5f).message().find("no state 3"), std::string::npos);
}

TEST(ChainKeyEdits, MixKeysAreSetMovedDeletedAndFoundAgainLikeOtherKeys) {
    const Rig rig = walker();
    const KeyRef middle{0, 1, KeyTimeline::Chain};
    EXPECT_EQ(track_label(rig, rig.states[0], KeyTimeline::Chain, 0), "leg_l's mix");
    Result<Rig> set = set_chain_key_mix(rig, 0, std::span<const KeyRef>(&middle, 1), 0.4f);
    ASSERT_TRUE(set.ok()) << set.message();
    EXPECT_EQ(set.value().states[0].chain_tracks[0].keys[1].mix, 0.4f);
    const KeyRef bone{0, 0, KeyTimeline::Bone};
    EXPECT_NE(set_chain_key_mix(rig, 0, std::span<const KeyRef>(&bone, 1), 0.4f).message().find("keys no mix"), std::string::npos);

    Result<Rig> moved = move_keys(rig, 0, std::span<const KeyRef>(&middle, 1), 0.5f);
    ASSERT_TRUE(moved.ok()) << moved.message();
    EXPECT_EQ(moved.value().states[0].chain_tracks[0].keys[1].time, 1.5f);
    EXPECT_FALSE(move_keys(rig, 0, std::span<const KeyRef>(&middle, 1), 1.0f).ok()) << "onto the key at 2 s";

    const KeyId id = key_id(rig.states[0], middle);
    EXPECT_EQ(id.chain, kLeg);
    const std::optional<KeyRef> again = find_key(moved.value().states[0], chain_key_id(kLeg, 1.5f));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(*again, middle);
    EXPECT_FALSE(find_key(moved.value().states[0], id).has_value()) << "no key left at 1 s";

    Result<Rig> curved = set_key_interpolation(rig, 0, middle, Interpolation::Step);
    ASSERT_TRUE(curved.ok()) << curved.message();
    EXPECT_EQ(curved.value().states[0].chain_tracks[0].keys[1].interpolation, Interpolation::Step);

    const KeyRef back_key{1, 0, KeyTimeline::Chain};
    Result<Rig> deleted = delete_keys(rig, 0, std::span<const KeyRef>(&back_key, 1));
    ASSERT_TRUE(deleted.ok()) << deleted.message();
    ASSERT_EQ(deleted.value().states[0].chain_tracks.size(), 1u) << "the emptied track goes";
    EXPECT_TRUE(loads(deleted.value()));
}

TEST(ChainKeyEdits, MixRowsComeAfterTheOtherTimelinesInChainOrder) {
    const Rig rig = walker();
    const std::vector<TimelineRow> rows = timeline_rows(rig.states[0]);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0], (TimelineRow{KeyTimeline::Bone, 0}));
    EXPECT_EQ(rows[1], (TimelineRow{KeyTimeline::Chain, 1})) << "the back (chain 0) first";
    EXPECT_EQ(rows[2], (TimelineRow{KeyTimeline::Chain, 0}));
    const std::optional<KeyRef> near = key_near(rig.states[0], rows, 2, 0.98, 0.05);
    ASSERT_TRUE(near.has_value());
    EXPECT_EQ(*near, (KeyRef{0, 1, KeyTimeline::Chain}));
    EXPECT_EQ(keys_in_box(rig.states[0], rows, 1, 2, 0.0, 2.0).size(), 4u);
}

TEST(ChainKeyEdits, ADeletedChainTakesItsKeysAndABoneReorderRenumbersThem) {
    const Rig rig = walker();
    Result<Rig> without_back = delete_chain(rig, 0);
    ASSERT_TRUE(without_back.ok()) << without_back.message();
    ASSERT_EQ(without_back.value().states[0].chain_tracks.size(), 1u);
    EXPECT_EQ(without_back.value().states[0].chain_tracks[0].chain, 0) << "the leg moved up";
    EXPECT_EQ(without_back.value().states[0].chain_tracks[0].keys.size(), 3u);
    EXPECT_TRUE(loads(without_back.value()));

    // Deleting the thigh removes the leg chain, and the leg's keys with it.
    Result<TreeEdit> no_thigh = delete_bone(rig, rig.skeleton.find("thigh_l"));
    ASSERT_TRUE(no_thigh.ok()) << no_thigh.message();
    const Rig& left = no_thigh.value().rig;
    ASSERT_EQ(left.chains.size(), 1u);
    ASSERT_EQ(left.states[0].chain_tracks.size(), 1u);
    EXPECT_EQ(left.states[0].chain_tracks[0].chain, 0) << "the back's keys stay";
    EXPECT_TRUE(loads(left));
}

TEST(ChainKeyEdits, AScrubbedStateSolvesTheChainAsItPlays) {
    const Rig rig = walker();
    StatePlayer player;
    player.seek(rig, 0, 0.0);
    Pose shown;
    player.sample(rig, shown);
    const std::vector<Transform> world = compute_world(rig.skeleton, shown).value();
    EXPECT_LT(glm::distance(bone_tip(world[2], rig.skeleton[2].length), *rig.chains[kLeg].pin), 1e-3f) << "planted at the playhead";
}

TEST(ChainKeyEdits, BakingATimelineKeepsWhatItsStatesIkDidAndBakingAStateKeepsItsMixKeys) {
    const Rig rig = walker();
    const std::vector<TimelineEntry> timeline{{0, 0.0}};
    Result<Rig> baked = bake_timeline_state(rig, timeline, 30.0, 1.0, "baked");
    ASSERT_TRUE(baked.ok()) << baked.message();
    const State& out = baked.value().states.back();
    EXPECT_TRUE(out.chain_tracks.empty());
    EXPECT_GE(track_driving(out, 2, PoseProperty::Rotation), 0) << "the shin, which only IK turned, is baked too";
    for (const double t : {0.0, 0.3}) {
        Pose pose = rig.pose;
        sample_state_at(out, true, t, t, rig.pose, pose);
        const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
        const float planted = 1.0f - static_cast<float>(t);  // the mix, linear from 1 to 0 over the first second
        Pose shown;
        sample_state(rig, rig.states[0], t, rig.pose, shown);
        const std::vector<Transform> expected = compute_world(rig.skeleton, shown).value();
        EXPECT_LT(glm::distance(bone_tip(world[2], 50.0f), bone_tip(expected[2], 50.0f)), 0.5f) << t << " (mix " << planted << ")";
    }
    // "Bake to keys" of a state bakes its FK and keeps its mix keys, so IK still acts on top.
    Rig waving = rig;
    StateChannel sway;
    sway.bone = 3;
    sway.amplitude = 0.2f;
    waving.states[0].channels.push_back(sway);
    Result<Rig> state_baked = bake_state(waving, 0, 30.0);
    ASSERT_TRUE(state_baked.ok()) << state_baked.message();
    EXPECT_EQ(state_baked.value().states.back().chain_tracks, rig.states[0].chain_tracks);
}
