// The Spine export played back by an independent reading of Spine's rules (spine_pose.hpp): for
// the shipped 2D rigs and for rigs built to stress the conversions (an uneven parent scale over
// turned children, several roots, a root offset), every bone's joint and direction and every
// picture's corners at every frame, between frames and at every key are Marionette's; and
// two-bone chains are IK constraints that solve to the rest pose and are mixed out of every
// animation.

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/spine/spine_playback.hpp"
#include "core/io/spine/spine_pose.hpp"
#include "core/io/spine/spine_test_rigs.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;
using nlohmann::json;

TEST(SpineExport, ShippedPuppetsPlayAsInMarionette) {
    for (const char* name : {"io.json", "hero.json", "arm.json"}) {
        SCOPED_TRACE(name);
        const Rig rig = shipped_rig(name);
        const SpineExport out = exported(rig, rig_folder(asset_path(name)));
        expect_well_formed(out);
        // Their states are oscillators or cosine keys: exact at the frames, straight between.
        expect_plays_as_marionette(rig, out, {});
    }
}

TEST(SpineExport, AnUnevenParentScaleDoesNotSkewTurnedChildren) {
    const Rig rig = uneven_scale_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    // The trunk's children do not inherit its scale; the trunk's parent's scale is never set.
    for (const json& b : doc.at("bones")) {
        const std::string n = b.at("name").get<std::string>();
        EXPECT_EQ(b.contains("inherit"), n == "arm" || n == "neck" || n == "leg") << n;
    }
    // Steps and a pose held still are exact between frames; a scale and a turn both moving are
    // keyed every frame.
    expect_plays_as_marionette(rig, out, {"held", "pose"});
}

TEST(SpineExport, BoneColoursAreSpinesOpaqueHex) {
    Rig rig = two_root_rig();
    rig.skeleton[1].color = glm::vec3{1.0f, 0.5f, 0.0f};
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    int coloured = 0;
    for (const json& b : doc.at("bones")) {
        if (!b.contains("color")) continue;
        ++coloured;
        EXPECT_EQ(b.at("name"), rig.skeleton[1].name);
        EXPECT_EQ(b.at("color"), "ff8000ff");
    }
    EXPECT_EQ(coloured, 1) << "a bone without a colour of its own takes Spine's default";
}

TEST(SpineExport, SeveralRootsAndARootOffsetHangUnderAnAddedRoot) {
    const Rig rig = two_root_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    EXPECT_EQ(doc.at("bones")[0], json({{"name", "root"}}));
    EXPECT_EQ(doc.at("bones")[1].at("parent"), "root");
    EXPECT_EQ(doc.at("bones")[2].at("parent"), "root");
    // The pose's root offset moves the added root in every animation.
    EXPECT_EQ(doc.at("animations").at("curves").at("bones").at("root").at("translate"), json::parse(R"([{"time": 0, "x": 5, "y": -3}])"));
    expect_plays_as_marionette(rig, out, {"curves"});

    // A single root with an offset, and a bone named "root" already: the added root is "root_1".
    Rig one = rig;
    add_bone(one, "root", "left", {0.0f, 0.0f}, 0.0f, 5.0f);
    one.pose.root_offset = {5.0f, -3.0f, 0.0f};
    const SpineExport renamed = exported(one);
    EXPECT_EQ(json::parse(renamed.json).at("bones")[0], json({{"name", "root_1"}}));
    expect_plays_as_marionette(one, renamed, {"curves"});
}

TEST(SpineExport, NoScaleCompensationIsTheTurnWhoseSkewedDirectionIsOurs) {
    // Spine's noScale child of a parent scaled (sx, sy) points along P (cos r, sin r): the
    // export's rotation for a wanted angle a must give the direction (cos a, sin a).
    const SpineSkeleton probe(
        R"({"bones": [{"name": "p", "scaleX": 2, "scaleY": 0.5}, {"name": "c", "parent": "p", "inherit": "noScale"}]})");
    for (double wanted : {0.0, 30.0, 89.0, 120.0, -60.0, 179.0, -179.0}) {
        Rig rig;
        add_bone(rig, "p", "", {0.0f, 0.0f}, 0.0f, 10.0f);
        add_bone(rig, "c", "p", {10.0f, 0.0f}, static_cast<float>(wanted), 10.0f);
        State s;
        s.name = "s";
        s.tracks.push_back(track(rig, "p", PoseProperty::Scale, {vector_key(0.0f, {2.0f, 0.5f}, 1.0f)}));
        rig.states.push_back(s);
        const SpineSkeleton spine(exported(rig).json);
        const std::vector<SpineWorld> w = spine.world(spine.animate("s", 0.0));
        const double a = wanted * 3.14159265358979323846 / 180.0;
        EXPECT_NEAR(w[1].direction().x, std::cos(a), 1e-4) << wanted;
        EXPECT_NEAR(w[1].direction().y, std::sin(a), 1e-4) << wanted;
        // Without the turn, Spine would point elsewhere (but along the axes).
        std::vector<SpineLocal> plain = probe.setup();
        plain[1].rotation = wanted;
        const glm::dvec2 skewed = probe.world(plain)[1].direction();
        if (std::fabs(std::sin(2.0 * a)) > 0.1) {
            EXPECT_GT(glm::length(skewed - glm::dvec2(std::cos(a), std::sin(a))), 0.05) << wanted;
        }
    }
}

TEST(SpineExport, TwoBoneChainsAreIkConstraintsMixedOutOfEveryAnimation) {
    const Rig rig = shipped_rig("hero.json");
    const SpineExport out = exported(rig);
    const SpineSkeleton spine(out.json);
    const json doc = spine.json();
    ASSERT_EQ(doc.at("ik").size(), 4u);  // the four limbs; the CCD chain has no counterpart
    EXPECT_EQ(doc.at("ik")[0].at("bones"), json({"arm_l_upper", "arm_l_lower"}));
    EXPECT_EQ(doc.at("ik")[0].at("target"), "arm_l-target");
    EXPECT_FALSE(doc.at("ik")[0].contains("bendPositive"));  // bend 1: counter-clockwise, Spine's default
    EXPECT_EQ(doc.at("ik")[2].at("bendPositive"), false);    // the legs bend -1
    // The targets sit at the chains' tips in the setup pose, and the setup pose solved by the
    // constraints (mix 1) is the rest pose: the arms, bent at rest, bend the side the chains do.
    const std::vector<Transform> rest = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value();
    const std::vector<SpineWorld> solved = spine.world(spine.setup(), "", 0.0);
    const double size = rig_size(rig);
    for (const IkChain& chain : rig.chains) {
        if (chain.solver != SolverKind::TwoBone) continue;
        const auto lower = static_cast<std::size_t>(chain.effector);
        const glm::dvec2 tip(bone_tip(rest[lower], rig.skeleton[lower].length));
        EXPECT_LT(glm::length(solved[static_cast<std::size_t>(spine.bone(chain.name + "-target"))].position() - tip) / size, kExact)
            << chain.name;
    }
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        const SpineWorld& w = solved[static_cast<std::size_t>(spine.bone(rig.skeleton[b].name))];
        EXPECT_LT(glm::length(w.position() - glm::dvec2(rest[b].translation)) / size, kExact) << rig.skeleton[b].name;
        // The legs are straight at rest, where the law of cosines turns a target a float's step
        // off its tip into a bend of sqrt(step): their directions hold to 1e-3 only.
        EXPECT_LT(glm::length(w.direction() - glm::dvec2(rest[b].rotation * glm::vec3(1, 0, 0))), 1e-3) << rig.skeleton[b].name;
    }
    // The sign matters: the left arm's constraint with the other bend folds its forearm away.
    json flipped = doc;
    flipped["ik"][0]["bendPositive"] = false;
    const SpineSkeleton flipped_spine(flipped.dump());
    const auto forearm = static_cast<std::size_t>(rig.skeleton.find("arm_l_lower"));
    const SpineWorld folded =
        flipped_spine.world(flipped_spine.setup(), "", 0.0)[static_cast<std::size_t>(flipped_spine.bone("arm_l_lower"))];
    EXPECT_GT(glm::length(folded.direction() - glm::dvec2(rest[forearm].rotation * glm::vec3(1, 0, 0))), 0.1);
    // The other bend: a limb bent clockwise at rest with bend -1 solves to its rest pose too; with
    // bend 1 it would fold the other way, which the export warns of.
    Rig limb;
    add_bone(limb, "base", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    add_bone(limb, "upper", "base", {10.0f, 0.0f}, 20.0f, 100.0f);
    add_bone(limb, "lower", "upper", {100.0f, 0.0f}, -40.0f, 60.0f);
    IkChain chain;
    chain.name = "leg";
    chain.root = 1;
    chain.effector = 2;
    chain.solver = SolverKind::TwoBone;
    chain.two_bone.bend = -1;
    chain.two_bone.softness = 0.5f;
    limb.chains.push_back(chain);
    const SpineExport limb_out = exported(limb);
    EXPECT_TRUE(limb_out.warnings.empty());
    const SpineSkeleton limb_spine(limb_out.json);
    // Spine's softness is a distance: the chain's 0.5 of the reach's range, (100 + 60) - (100 - 60).
    EXPECT_DOUBLE_EQ(limb_spine.json().at("ik")[0].at("softness").get<double>(), 60.0);
    EXPECT_FALSE(limb_spine.json().at("ik")[0].contains("mix"));  // 1, Spine's default
    Rig mixed = limb;
    mixed.chains[0].mix = 0.25f;
    EXPECT_DOUBLE_EQ(SpineSkeleton(exported(mixed).json).json().at("ik")[0].at("mix").get<double>(), 0.25);
    json hard = limb_spine.json();
    hard["ik"][0].erase("softness");
    const SpineSkeleton hard_spine(hard.dump());
    const std::vector<SpineWorld> limb_solved = hard_spine.world(hard_spine.setup(), "", 0.0);
    const std::vector<Transform> limb_rest = compute_world(limb.skeleton, Pose::rest(3)).value();
    for (std::size_t b = 0; b < 3; ++b) EXPECT_LT(glm::length(limb_solved[b].position() - glm::dvec2(limb_rest[b].translation)), 1e-3) << b;
    EXPECT_LT(glm::length(limb_solved[2].direction() - glm::dvec2(limb_rest[2].rotation * glm::vec3(1, 0, 0))), 1e-5);
    limb.chains[0].two_bone.bend = 1;
    const SpineExport against = exported(limb);
    ASSERT_EQ(against.warnings.size(), 1u);
    EXPECT_NE(against.warnings[0].find("bends against its bend direction"), std::string::npos) << against.warnings[0];

    // Every animation keys every constraint's mix to 0 from its start to its end, so the keys
    // play as they are (hero's states play as in Marionette above).
    for (const State& state : rig.states) {
        for (const json& c : doc.at("ik")) {
            for (double t : {0.0, 0.5, 10.0}) EXPECT_EQ(spine.ik_mix(state.name, c.at("name"), t), 0.0) << state.name;
        }
    }
    // A chain that starts at a root (the arm) gets an added root above it: Spine's two-bone IK
    // needs the upper bone's parent.
    const json arm = json::parse(exported(shipped_rig("arm.json")).json);
    EXPECT_EQ(arm.at("bones")[0], json({{"name", "root"}}));
    EXPECT_EQ(arm.at("bones")[1].at("parent"), "root");
    EXPECT_EQ(arm.at("ik").size(), 1u);
}

// A state mixing keys that do not come back (0 to 90 degrees in 1 s) with an oscillator: the
// exported loop's last key holds where the keys got to, so a player jumps back at the loop as
// Marionette does instead of sweeping 90 degrees back over the last frame; and periods of 1 and
// 0.75 s loop over 3 s (the 0.75 s one is 22.5 frames at 30 fps) without a warning.
TEST(SpineExport, AMixedStatesLoopEndsWhereItsKeysGotTo) {
    Rig rig;
    add_bone(rig, "thigh", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    add_bone(rig, "tail", "", {0.0f, 5.0f}, 0.0f, 10.0f);
    State s{"kick", {}, {}, true};
    s.tracks.push_back(track(rig, "thigh", PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.0f, 90.0f)}));
    s.channels.push_back(turn_channel(rig, "tail", 0.0f, 20.0f, 0.75f));
    rig.states.push_back(s);
    const SpineExport out = exported(rig);
    EXPECT_TRUE(out.warnings.empty()) << out.warnings.front();
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    const json& rotate = doc.at("animations").at("kick").at("bones").at("thigh").at("rotate");
    EXPECT_NEAR(rotate.back().at("time").get<double>(), 3.0, 1e-6) << "the loop of 1 and 0.75 s";
    EXPECT_NEAR(rotate.back().at("value").get<double>(), 90.0, 1e-3) << "the keys' end, not their start";
    EXPECT_NEAR(rotate[rotate.size() - 2].at("value").get<double>(), 87.0, 1e-3) << "a frame before";
}

// A key a stepped value switches at is written a float below its time, so that a runtime (which
// compares the playing time as a double with the file's float) switches at the same frame as
// Marionette (which reads both as floats): at 0.3 s exactly, the hand is already big.
TEST(SpineExport, AStepSwitchesAtTheFrameOfItsKey) {
    Rig rig;
    add_bone(rig, "hand", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    State s{"grow", {}, {}, true};
    s.tracks.push_back(track(rig, "hand", PoseProperty::Scale,
                             {vector_key(0.0f, {1.0f, 1.0f}, 1.0f, Interpolation::Step),
                              vector_key(0.3f, {1.4f, 1.0f}, 1.0f, Interpolation::Step), vector_key(0.9f, {1.0f, 1.0f}, 1.0f)}));
    rig.states.push_back(s);
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json scale = json::parse(out.json).at("animations").at("grow").at("bones").at("hand").at("scale");
    ASSERT_EQ(scale.size(), 3u);
    EXPECT_EQ(scale[0].at("time").get<double>(), 0.0);
    const float written = scale[1].at("time").get<float>();
    EXPECT_LT(written, 0.3f);
    EXPECT_EQ(written, std::nextafter(0.3f, 0.0f));
    EXPECT_LE(static_cast<double>(written), 0.3) << "at the frame 0.3 a runtime has switched";
    EXPECT_EQ(scale[2].at("time").get<float>(), std::nextafter(0.9f, 0.0f));
    expect_plays_as_marionette(rig, out, {"grow"});
}
