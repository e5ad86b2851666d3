// A pose scales bones (issue 17, point 1): a bone's scale stretches the bone itself and its
// children's offsets in its frame, not the children themselves (Spine's "noScale" inheritance).
// Forward kinematics, the solvers (a longer bone reaches farther), blending and the rig file
// honour it; files without scales read as before; out-of-range scales are refused.

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// base (0.5), b0 (1), b1 (1, at b0's tip), b2 (0.3): b0 stretched to twice its length.
Rig stretched_arm(Dimensions dims) {
    Rig rig = chain_rig(dims, {1.0f, 1.0f, 0.3f});
    rig.pose.scales[1] = {2.0f, 1.0f, 1.0f};
    return rig;
}

Result<Rig> parse_with_scales(const Rig& rig, const char* scales) {
    Json document = Json::parse(serialize_rig(rig).value());
    document["pose"]["scales"] = Json::parse(scales);
    return parse_rig(document.dump());
}

void expect_error(const Result<Rig>& r, const std::string& part) {
    ASSERT_FALSE(r.ok()) << "expected an error with " << part;
    EXPECT_NE(r.message().find(part), std::string::npos) << r.message();
}

}  // namespace

TEST(PoseScale, StretchesTheBoneAndMovesItsChildrenButDoesNotScaleThem) {
    Rig rig = stretched_arm(Dimensions::Two);
    rig.pose.rotations[1] = rotation_2d(kPiF / 2);  // b0 points up
    const auto w = world_of(rig, rig.pose);
    EXPECT_NEAR(w[2].translation.x, 0.5f, 1e-5f);
    EXPECT_NEAR(w[2].translation.y, 2.0f, 1e-5f) << "b1 stays at the stretched b0's tip";
    EXPECT_NEAR(w[3].translation.y, 3.0f, 1e-5f) << "b1 keeps its own length: scale is not inherited";
    EXPECT_NEAR(posed_length(rig.skeleton, rig.pose, 1), 2.0f, 1e-6f);
    EXPECT_NEAR(posed_length(rig.skeleton, rig.pose, 2), 1.0f, 1e-6f);
    // The world frames stay rigid: a scaled bone's frame is a rotation and a translation.
    EXPECT_NEAR(glm::length(w[1].rotation), 1.0f, 1e-6f);
}

TEST(PoseScale, AScaleAcrossTheBoneMovesAChildOffTheAxis) {
    Rig rig = chain_rig(Dimensions::Three, {1.0f, 1.0f});
    rig.pose.translations[2] = {0.0f, 0.25f, 0.5f};  // b1 beside b0's tip
    rig.pose.scales[1] = {1.0f, 2.0f, 4.0f};
    const auto w = world_of(rig, rig.pose);
    // b0's joint at (0.5, 0, 0); b1 at b0 + (1, 0.25 * 2, 0.5 * 4).
    EXPECT_NEAR(w[2].translation.x, 1.5f, 1e-5f);
    EXPECT_NEAR(w[2].translation.y, 0.5f, 1e-5f);
    EXPECT_NEAR(w[2].translation.z, 2.0f, 1e-5f);
}

TEST(PoseScale, TwoBoneSolvesReachWithTheLongerBones) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const char* label = dims == Dimensions::Two ? "2D" : "3D";
        for (const int scaled : {1, 2}) {  // the upper bone (its child's offset) or the lower one (its length)
            Rig rig = chain_rig(dims, {1.0f, 1.0f, 0.3f});
            rig.pose.scales[static_cast<std::size_t>(scaled)] = {1.5f, 1.0f, 1.0f};
            // b0's joint at (0.5, 0); the limb now reaches 2.5: the target is beyond the unscaled 2.0.
            const glm::vec3 target{0.5f + 1.6f, 1.6f, 0.0f};
            Pose pose = rig.pose;
            Result<IkResult> r = solve_chain(rig, test_chain("limb", 1, 2, SolverKind::TwoBone), target, pose);
            ASSERT_TRUE(r.ok()) << r.message();
            EXPECT_TRUE(r.value().reached) << label << " bone " << scaled;
            EXPECT_LT(glm::length(tip_of(rig, pose, 2) - target), 1e-3f) << label << " bone " << scaled;
        }
    }
}

TEST(PoseScale, CcdReachesWithTheLongerBones) {
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f, 0.3f});
    rig.pose.scales[3] = {3.0f, 1.0f, 1.0f};          // the effector: 0.9 long
    const glm::vec3 target{0.5f + 1.5f, 2.0f, 0.0f};  // 2.5 from b0's joint; the chain reaches 2.9, unscaled 2.3
    Pose pose = rig.pose;
    Result<IkResult> r = solve_chain(rig, test_chain("arm", 1, 3, SolverKind::Ccd), target, pose);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_LT(glm::length(tip_of(rig, pose, 3) - target), 1e-3f);
}

TEST(PoseScale, ABoneScaledToNothingLeavesEverySolveFinite) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        for (const int scaled : {1, 2}) {
            Rig rig = chain_rig(dims, {1.0f, 1.0f});
            rig.pose.scales[static_cast<std::size_t>(scaled)] = {0.0f, 0.0f, dims == Dimensions::Two ? 1.0f : 0.0f};
            for (const SolverKind solver : {SolverKind::TwoBone, SolverKind::Ccd}) {
                Pose pose = rig.pose;
                Result<IkResult> r = solve_chain(rig, test_chain("limb", 1, 2, solver), {1.0f, 0.7f, 0.0f}, pose);
                ASSERT_TRUE(r.ok()) << r.message();
                for (const glm::quat& q : pose.rotations) EXPECT_TRUE(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.z));
                EXPECT_TRUE(finite(tip_of(rig, pose, 2)));
            }
        }
    }
}

TEST(PoseScale, BlendsLinearly) {
    const Rig rig = stretched_arm(Dimensions::Two);
    Pose out;
    blend_poses(Pose::rest(rig.skeleton.size()), rig.pose, 0.25f, out);
    EXPECT_NEAR(out.scales[1].x, 1.25f, 1e-6f);
    EXPECT_EQ(out.scales[1].y, 1.0f);
    EXPECT_EQ(out.scales.size(), rig.skeleton.size());
}

TEST(PoseScale, RoundTripsThroughTheFileAndOldFilesHaveNone) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        Rig rig = stretched_arm(dims);
        if (dims == Dimensions::Three) rig.pose.scales[2] = {1.0f, 0.5f, 0.25f};
        const std::string text = serialize_rig(rig).value();
        const Json written = Json::parse(text)["pose"]["scales"];
        EXPECT_EQ(written, Json::parse(dims == Dimensions::Two ? R"({"b0": [2, 1]})" : R"({"b0": [2, 1, 1], "b1": [1, 0.5, 0.25]})"))
            << text;
        Result<Rig> back = parse_rig(text);
        ASSERT_TRUE(back.ok()) << back.message();
        EXPECT_EQ(back.value().pose.scales, rig.pose.scales);
    }
    const Rig unscaled = chain_rig(Dimensions::Two, {1.0f, 1.0f});
    const std::string old_text = serialize_rig(unscaled).value();
    EXPECT_EQ(old_text.find("scales"), std::string::npos) << "a rig with no scaled bone writes what it did before";
    Result<Rig> old = parse_rig(old_text);
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old.value().pose.scales, std::vector<glm::vec3>(unscaled.skeleton.size(), glm::vec3{1.0f}));
}

TEST(PoseScale, BadScalesAreRefusedNamingThePlace) {
    const Rig rig = stretched_arm(Dimensions::Two);
    expect_error(parse_with_scales(rig, R"({"elbow": [1, 1]})"), "pose.scales.elbow: \"elbow\" is not a bone");
    expect_error(parse_with_scales(rig, R"({"b0": [-1, 1]})"), "pose.scales.b0[0]: must be between 0 and 1000, got -1");
    expect_error(parse_with_scales(rig, R"({"b0": [1, 1001]})"), "pose.scales.b0[1]: must be between 0 and 1000");
    expect_error(parse_with_scales(rig, R"({"b0": [1, 1, 1]})"), "pose.scales.b0");
    expect_error(parse_with_scales(rig, R"({"b0": 2})"), "pose.scales.b0");
    expect_error(parse_with_scales(rig, R"([1, 1])"), "pose.scales");
    expect_error(parse_with_scales(stretched_arm(Dimensions::Three), R"({"b0": [1, 1e39, 1]})"), "pose.scales.b0[1]");
    EXPECT_TRUE(parse_with_scales(rig, R"({"b0": [0, 1000]})").ok()) << "both ends of the range are scales";
}

TEST(PoseScale, APoseWithoutScalesForEveryBoneIsRefused) {
    Rig rig = stretched_arm(Dimensions::Three);
    rig.pose.scales.pop_back();
    Result<std::vector<Transform>> w = compute_world(rig.skeleton, rig.pose);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.message(), "forward kinematics: the pose has 3 scales for 4 bones");
    Pose pose = rig.pose;
    EXPECT_FALSE(solve_chain(rig, test_chain("limb", 1, 2, SolverKind::TwoBone), {1.0f, 1.0f, 0.0f}, pose).ok());
    EXPECT_EQ(pose, rig.pose) << "a refused solve leaves the pose";
}
