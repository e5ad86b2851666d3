// A pose moves bones as well as turning them (issue 17, point 1): each bone's translation is
// added to its rest translation in its parent's frame. Forward kinematics, every solver that
// places a chain's joints and the rig file honour it; files without it read as before.

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// base, b0 (length 1), b1 (length 1, at b0's tip), b2 (0.3): b1 moved 0.5 further along b0.
Rig moved_arm(Dimensions dims) {
    Rig rig = chain_rig(dims, {1.0f, 1.0f, 0.3f});
    rig.pose.translations[2] = {0.5f, 0.0f, 0.0f};
    return rig;
}

}  // namespace

TEST(PoseTranslation, MovesTheBoneInItsParentsFrame) {
    Rig rig = moved_arm(Dimensions::Two);
    rig.pose.rotations[1] = rotation_2d(kPiF / 2);  // b0 points up: b1 moves up with it
    const auto w = world_of(rig, rig.pose);
    // base at the origin, b0 at 0.5 along x pointing up, b1 1.5 above b0's joint.
    EXPECT_NEAR(w[2].translation.x, 0.5f, 1e-5f);
    EXPECT_NEAR(w[2].translation.y, 1.5f, 1e-5f);
    EXPECT_NEAR(w[3].translation.y, 2.5f, 1e-5f) << "the moved bone's child moves with it";
}

TEST(PoseTranslation, TwoBoneSolvesReachWithTheMovedJoint) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = moved_arm(dims);
        // The limb b0-b1 now reaches 1.5 + 1 = 2.5 from b0's joint at (0.5, 0): a target at 2.3
        // is out of reach of the unmoved limb (2.0) and within this one's.
        const glm::vec3 target{0.5f + 1.6f, 1.6f, 0.0f};
        ASSERT_GT(glm::length(target - glm::vec3{0.5f, 0.0f, 0.0f}), 2.0f);
        Pose pose = rig.pose;
        Result<IkResult> r = solve_chain(rig, test_chain("limb", 1, 2, SolverKind::TwoBone), target, pose);
        ASSERT_TRUE(r.ok()) << r.message();
        EXPECT_TRUE(r.value().reached) << (dims == Dimensions::Two ? "2D" : "3D");
        EXPECT_LT(glm::length(tip_of(rig, pose, 2) - target), 1e-3f) << (dims == Dimensions::Two ? "2D" : "3D");
    }
}

TEST(PoseTranslation, CcdReachesWithTheMovedJoint) {
    const Rig rig = moved_arm(Dimensions::Two);
    const glm::vec3 target{0.5f + 1.2f, 2.0f, 0.0f};  // 2.33 from b0's joint, the chain reaches 2.8
    Pose pose = rig.pose;
    Result<IkResult> r = solve_chain(rig, test_chain("arm", 1, 3, SolverKind::Ccd), target, pose);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_LT(glm::length(tip_of(rig, pose, 3) - target), 1e-3f);
}

TEST(PoseTranslation, BlendsLinearly) {
    const Rig rig = moved_arm(Dimensions::Two);
    Pose rest = Pose::rest(rig.skeleton.size());
    Pose out;
    blend_poses(rest, rig.pose, 0.25f, out);
    EXPECT_NEAR(out.translations[2].x, 0.125f, 1e-6f);
    EXPECT_EQ(out.translations.size(), rig.skeleton.size());
}

TEST(PoseTranslation, RoundTripsThroughTheFileAndOldFilesHaveNone) {
    const Rig rig = moved_arm(Dimensions::Two);
    const std::string text = serialize_rig(rig).value();
    EXPECT_EQ(Json::parse(text)["pose"]["translations"], Json::parse(R"({"b1": [0.5, 0]})")) << text;
    Result<Rig> back = parse_rig(text);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().pose.translations, rig.pose.translations);

    const Rig unmoved = chain_rig(Dimensions::Three, {1.0f, 1.0f});
    const std::string old_text = serialize_rig(unmoved).value();
    EXPECT_EQ(old_text.find("translations"), std::string::npos) << "a rig with no moved bone writes what it did before";
    Result<Rig> old = parse_rig(old_text);
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old.value().pose.translations, std::vector<glm::vec3>(unmoved.skeleton.size(), glm::vec3{0.0f}));
}

TEST(PoseTranslation, BadTranslationsAreRefusedNamingThePlace) {
    const Json good = Json::parse(serialize_rig(moved_arm(Dimensions::Two)).value());
    const auto with = [&good](const char* translations) {
        Json document = good;
        document["pose"]["translations"] = Json::parse(translations);
        return parse_rig(document.dump());
    };
    const auto expect_error = [](const Result<Rig>& r, const std::string& part) {
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.message().find(part), std::string::npos) << r.message();
    };
    expect_error(with(R"({"elbow": [1, 0]})"), "pose.translations.elbow: \"elbow\" is not a bone");
    expect_error(with(R"({"b1": [1e16, 0]})"), "pose.translations.b1[0]");
    expect_error(with(R"({"b1": [1, 0, 0]})"), "pose.translations.b1");
    expect_error(with(R"({"b1": "far"})"), "pose.translations.b1");
    expect_error(with(R"([0, 1])"), "pose.translations");
}

TEST(PoseTranslation, APoseWithoutTranslationsForEveryBoneIsRefused) {
    Rig rig = moved_arm(Dimensions::Three);
    rig.pose.translations.pop_back();
    Result<std::vector<Transform>> w = compute_world(rig.skeleton, rig.pose);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.message(), "forward kinematics: the pose has 3 translations for 4 bones");
    Pose pose = rig.pose;
    EXPECT_FALSE(solve_chain(rig, test_chain("limb", 1, 2, SolverKind::TwoBone), {1.0f, 1.0f, 0.0f}, pose).ok());
    EXPECT_EQ(pose, rig.pose) << "a refused solve leaves the pose";
}
