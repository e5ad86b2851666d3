// IK in states leaving the editor: Spine gets the chain's mix keys as its IK timeline with the
// target standing at the pin (played back by the tests' own reading of Spine's rules, it shows
// what Marionette shows while the hips move); glTF, which has no IK, gets the solved limb baked
// at every frame (read back by the importer, the same poses).

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/anim/state_ik.hpp"
#include "core/anim/state_ik_rigs.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/spine/spine_playback.hpp"
#include "core/io/spine/spine_pose.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;
using nlohmann::json;

namespace {

// The walker with its hips keyed forward 30 units over the step: a planted foot must stay at
// its pin in the world while they move.
Rig walking() {
    Rig rig = walker();
    const int hips = rig.skeleton.find("hips");
    KeyTrack move{hips, PoseProperty::Translation, {}};
    move.keys.push_back(Key{});
    Key forward;
    forward.time = 2.0f;
    forward.vector = glm::vec3(-30.0f, 0.0f, 0.0f);
    move.keys.push_back(forward);
    rig.states[0].tracks.push_back(move);
    return rig;
}

Pose shown(const Rig& rig, double t) {
    Pose pose = rig.pose;
    sample_state_at(rig.states[0], rig.is_2d(), t, t, rig.pose, pose);
    solve_state_chains(rig, rig.states[0], t, pose);
    return pose;
}

}  // namespace

TEST(StateIkExport, SpineKeysTheMixAndStandsTheTargetAtThePin) {
    const Rig rig = walking();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    EXPECT_TRUE(out.warnings.empty()) << out.warnings.front();
    const SpineSkeleton spine(out.json);
    const json& anim = spine.json().at("animations").at("step");
    EXPECT_EQ(spine.json().at("bones")[0].at("name"), "root") << "an added root, which no state moves, holds the target";
    EXPECT_DOUBLE_EQ(spine.ik_mix("step", "leg_l", 0.0), 1.0);
    EXPECT_DOUBLE_EQ(spine.ik_mix("step", "leg_l", 1.0), 0.0);
    EXPECT_NEAR(spine.ik_mix("step", "leg_l", 1.5), 0.5, 1e-3);
    EXPECT_EQ(anim.at("ik").at("leg_l")[0].at("bendPositive"), false);
    // Where the foot is planted, the target is the pin, whatever the hips do.
    for (const double t : {0.0, 0.5, 2.0}) {
        const std::vector<SpineWorld> world = spine.world(spine.animate("step", t), "step", t);
        const glm::dvec2 target = world[static_cast<std::size_t>(spine.bone("leg_l-target"))].position();
        EXPECT_LT(glm::length(target - glm::dvec2(*rig.chains[1].pin)), 1e-4) << t;
    }
    // Every bone at every frame and key where Marionette has it (frames of the cosine ease joined
    // by straight lines between).
    expect_plays_as_marionette(rig, out, {});
}

TEST(StateIkExport, SpineWarnsOfAKeyedCcdChainAndLeavesAnUnpinnedLimbMixedOut) {
    Rig rig = walker();
    rig.chains[0].pin = glm::vec3(0.0f, 200.0f, 0.0f);  // the back, a CCD chain, now reaches
    rig.chains[1].pin.reset();                          // the leg has no target
    const SpineExport out = exported(rig);
    ASSERT_EQ(out.warnings.size(), 1u);
    EXPECT_NE(out.warnings[0].find("state \"step\" keys the mix of CCD chain \"back\": Spine has no CCD solver"), std::string::npos)
        << out.warnings[0];
    const SpineSkeleton spine(out.json);
    for (const double t : {0.0, 1.5}) EXPECT_EQ(spine.ik_mix("step", "leg_l", t), 0.0) << "nothing to reach: as in Marionette";
}

TEST(StateIkExport, GltfBakesTheSolvedLimbAtEveryFrame) {
    const Rig rig = walking();
    for (const bool binary : {true, false}) {
        const Result<GltfExport> out = export_gltf(rig, GltfExportOptions{binary, false});
        ASSERT_TRUE(out.ok()) << out.message();
        const Result<GltfImport> in = import_gltf(out.value().bytes, binary, {});
        ASSERT_TRUE(in.ok()) << in.message();
        const Rig& back = in.value().rig;
        ASSERT_EQ(back.states.size(), 1u);
        EXPECT_TRUE(back.states[0].chain_tracks.empty());
        EXPECT_NEAR(state_length(back.states[0]), 2.0f, 1e-6f);
        for (int f = 0; f <= 60; ++f) {
            const double t = f / 30.0;
            Pose theirs = back.pose;
            sample_state_at(back.states[0], false, t, t, back.pose, theirs);
            const std::vector<Transform> a = compute_world(rig.skeleton, shown(rig, t)).value();
            const std::vector<Transform> b = compute_world(back.skeleton, theirs).value();
            for (std::size_t i = 0; i < a.size(); ++i) {
                EXPECT_LT(glm::length(a[i].translation - b[i].translation), 1e-3f) << "bone " << i << " at " << t;
                EXPECT_LT(glm::length(bone_tip(a[i], rig.skeleton[i].length) - bone_tip(b[i], back.skeleton[i].length)), 1e-3f)
                    << "bone " << i << " at " << t;
            }
        }
    }
}
