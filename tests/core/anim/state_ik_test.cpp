// IK while a state plays: a state keys a chain's mix (Spine's IK timeline); the chain is solved
// toward its pin on top of the state's forward-kinematics pose and takes the keyed share; the
// file reads and writes the keys by chain name and refuses what breaks the rules at the place.

#include <gtest/gtest.h>

#include "core/anim/state_ik.hpp"
#include "core/anim/state_ik_rigs.hpp"
#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/ik/chain_mix.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using marionette::testing::kWalker;
using marionette::testing::walker;

namespace {

glm::vec3 tip(const Rig& rig, const Pose& pose, int bone) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    return bone_tip(world[static_cast<std::size_t>(bone)], rig.skeleton[static_cast<std::size_t>(bone)].length);
}

Pose fk_at(const Rig& rig, double t) {
    Pose pose = rig.pose;
    sample_state_at(rig.states[0], rig.is_2d(), t, t, rig.pose, pose);
    return pose;
}

float angle_between(const glm::quat& a, const glm::quat& b) { return 2.0f * std::acos(std::min(1.0f, std::abs(glm::dot(a, b)))); }

std::string broken(const std::string& from, const std::string& to) {
    std::string text = kWalker;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return {};
    text.replace(at, from.size(), to);
    Result<Rig> r = parse_rig(text);
    EXPECT_FALSE(r.ok()) << to;
    return r.ok() ? std::string() : r.message();
}

}  // namespace

TEST(ChainTrack, TheMixMovesOnByTheKeysInterpolationAndStaysWithinZeroAndOne) {
    ChainTrack t{0,
                 {MixKey{1.0f, 0.2f}, MixKey{2.0f, 1.0f, Interpolation::Cosine},
                  MixKey{3.0f, 0.0f, Interpolation::Bezier, {0.2f, 3.0f, 0.8f, -2.0f}}, MixKey{4.0f, 1.0f}}};
    EXPECT_FLOAT_EQ(sample_chain_track(t, 0.0), 0.2f) << "before the first key, the first key's mix";
    EXPECT_NEAR(sample_chain_track(t, 1.5), 0.6f, 1e-6f);
    EXPECT_NEAR(sample_chain_track(t, 2.25), 0.5f + 0.5f * std::cos(0.25f * 3.14159265f), 1e-5f) << "cosine from the key at 2 s";
    for (double s = 3.0; s <= 4.0; s += 0.01) {
        const float m = sample_chain_track(t, s);
        EXPECT_TRUE(m >= 0.0f && m <= 1.0f) << s << ": " << m;  // the curve overshoots both ends
    }
    EXPECT_FLOAT_EQ(sample_chain_track(t, 9.0), 1.0f) << "after the last key, the last";
    EXPECT_FLOAT_EQ(sample_chain_track(ChainTrack{}, 1.0), 1.0f);
    EXPECT_EQ(last_chain_key_time({t}), 4.0f);
}

TEST(StateIk, APlantedFootHoldsItsPinWhileTheKeyedMixIsOneAndSwingsByFkAtZero) {
    const Rig rig = walker();
    const glm::vec3 pin = *rig.chains[1].pin;
    Pose pose;
    sample_state(rig, rig.states[0], 0.0, rig.pose, pose);
    EXPECT_LT(glm::distance(tip(rig, pose, 2), pin), 1e-3f) << "planted";

    // At 1 s the mix is 0: the state's own pose, whatever the pin says.
    sample_state(rig, rig.states[0], 1.0, rig.pose, pose);
    const Pose fk1 = fk_at(rig, 1.0);
    for (std::size_t b = 0; b < pose.rotations.size(); ++b) EXPECT_EQ(pose.rotations[b], fk1.rotations[b]) << b;
    EXPECT_GT(glm::distance(tip(rig, pose, 2), pin), 10.0f) << "the keyed swing takes the foot off its pin";

    // Half-way through the cosine ease (mix 0.5 at 1.5 s), each bone half-way from FK to IK.
    const Pose fk = fk_at(rig, 1.5);
    Pose ik = fk;
    ASSERT_TRUE(solve_chain(rig, rig.chains[1], pin, ik).ok());
    sample_state(rig, rig.states[0], 1.5, rig.pose, pose);
    for (const int b : {1, 2}) {
        const auto i = static_cast<std::size_t>(b);
        const float whole = angle_between(fk.rotations[i], ik.rotations[i]);
        EXPECT_GT(whole, 0.05f) << b;
        EXPECT_NEAR(angle_between(fk.rotations[i], pose.rotations[i]), 0.5f * whole, 1e-4f) << b;
        EXPECT_NEAR(angle_between(pose.rotations[i], ik.rotations[i]), 0.5f * whole, 1e-4f) << b;
    }
    EXPECT_EQ(pose.rotations[3], fk.rotations[3]) << "the back keys a mix but has no pin: no target, no change";
}

TEST(StateIk, TheStateMachineAndItsTimeSolveTheSameWayAndTheKeysCountInTheLength) {
    const Rig rig = walker();
    EXPECT_FLOAT_EQ(state_length(rig.states[0]), 2.0f);
    Rig only_mix = rig;
    only_mix.states[0].tracks.clear();
    only_mix.states[0].chain_tracks[1].keys.push_back(MixKey{3.0f, 1.0f});
    EXPECT_TRUE(is_keyed(only_mix.states[0]));
    EXPECT_FLOAT_EQ(state_length(only_mix.states[0]), 3.0f) << "mix keys alone make a keyed state";

    StateMachine m;
    jump_to_state(m, 0);
    for (const double t : {0.0, 0.4, 1.5, 2.5}) {  // 2.5 s loops to 0.5 s
        set_clock(m, t);
        Pose shown, expected = fk_at(rig, keyed_time(rig.states[0], t));
        sample(m, rig, shown);
        EXPECT_EQ(solve_state_chains(rig, rig.states[0], keyed_time(rig.states[0], t), expected), 1) << t;
        for (std::size_t b = 0; b < shown.rotations.size(); ++b) EXPECT_EQ(shown.rotations[b], expected.rotations[b]) << t << " bone " << b;
        KeyedClipCache clips;
        Pose compiled;
        sample(m, rig, compiled, &clips);
        for (std::size_t b = 0; b < shown.rotations.size(); ++b) EXPECT_EQ(compiled.rotations[b], shown.rotations[b]) << t << " bone " << b;
    }
}

TEST(StateIk, WithoutAPinOrAtAMixOfZeroNothingIsSolved) {
    Rig rig = walker();
    Pose pose = fk_at(rig, 1.0);
    EXPECT_EQ(solve_state_chains(rig, rig.states[0], 1.0, pose), 0) << "mix 0";
    rig.chains[1].pin.reset();
    pose = fk_at(rig, 0.0);
    const Pose fk = pose;
    EXPECT_EQ(solve_state_chains(rig, rig.states[0], 0.0, pose), 0) << "no pin";
    EXPECT_EQ(pose.rotations, fk.rotations);
}

TEST(StateIk, TheFileWritesTheKeysByChainNameAndReadsThemBack) {
    const Rig rig = walker();
    ASSERT_EQ(rig.states[0].chain_tracks.size(), 2u);
    EXPECT_EQ(rig.states[0].chain_tracks[0].chain, 1);
    EXPECT_EQ(rig.states[0].chain_tracks[0].keys[1].interpolation, Interpolation::Cosine);
    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_NE(text.value().find("\"chain_tracks\""), std::string::npos);
    Result<Rig> again = parse_rig(text.value());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().states[0].chain_tracks, rig.states[0].chain_tracks);
    EXPECT_NE(summarize(rig).find("step [keyed: 3 tracks, 7 keys, 2 s]"), std::string::npos)
        << summarize(rig) << ": --check counts the mix keys";
    // A save refuses what the loader would: a track on a chain that is gone.
    Rig gone = rig;
    gone.chains.pop_back();
    Result<std::string> refused = serialize_rig(gone);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("states[0].chain_tracks[0]: not a chain"), std::string::npos) << refused.message();
}

TEST(StateIk, WhatBreaksTheRulesIsRefusedNamingThePlace) {
    EXPECT_NE(broken(R"("chain": "leg_l")", R"("chain": "arm")").find("states[0].chain_tracks[0].chain: \"arm\" is not a chain"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "time": 2, "mix": 1 })", R"({ "time": 2, "mix": 1.5 })")
                  .find("states[0].chain_tracks[0].keys[2]: a mix must be between 0 and 1"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "time": 2, "mix": 1 })", R"({ "time": 0.5, "mix": 1 })")
                  .find("states[0].chain_tracks[0].keys[2]: keys must be in strictly increasing time"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "time": 2, "mix": 1 })", R"({ "time": 4000, "mix": 1 })").find("a key's time must be between 0 and 3600 seconds"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "time": 2, "mix": 1 })", R"({ "time": 2 })").find("states[0].chain_tracks[0].keys[2]: missing required \"mix\""),
              std::string::npos);
    EXPECT_NE(broken(R"({ "chain": "back", "keys")", R"({ "chain": "leg_l", "keys")")
                  .find("states[0].chain_tracks[1]: a second mix track for the chain (also chain_tracks[0])"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "chain": "back", "keys": [ { "time": 0, "mix": 1 } ] })", R"({ "chain": "back", "keys": [] })")
                  .find("states[0].chain_tracks[1]: a track needs a key at least"),
              std::string::npos);
    EXPECT_NE(broken(R"({ "chain": "back", "keys")", R"({ "chain": "back", "bone": "hips", "keys")").find("states[0].chain_tracks[1]"),
              std::string::npos);
    EXPECT_NE(broken(R"("mix": 0, "interpolation": "cosine")", R"("mix": 0, "interpolation": "wobbly")")
                  .find("states[0].chain_tracks[0].keys[1].interpolation"),
              std::string::npos);
}
