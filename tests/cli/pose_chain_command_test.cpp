// `marionette --pose` on chains that share a rig with others: pinned chains hold while another
// is posed, a pinned chain's pin goes where it is posed, and a chain takes its FK/IK mix.

#include <gtest/gtest.h>

#include <cmath>

#include "cli/pose_run.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kAssets;
namespace mt = marionette::testing;

namespace {

using mt::load;
using mt::parse_line;
using mt::pose;
using mt::PoseRun;
using mt::PrintedResult;

}  // namespace

TEST(PoseCommand, PinnedChainsHoldAndThePosedChainsPinMoves) {
    mt::ScratchDir dir;
    Rig rig = load(kAssets + "/hero.json");
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    auto tip = [&](const Rig& r, const std::vector<Transform>& w, const std::string& name) {
        const auto b = static_cast<std::size_t>(r.skeleton.find(name));
        return bone_tip(w[b], r.skeleton[b].length);
    };
    for (const char* leg : {"leg_l", "leg_r"}) {
        IkChain& c = rig.chains[static_cast<std::size_t>(rig.find_chain(leg))];
        c.pin = tip(rig, world, rig.skeleton[static_cast<std::size_t>(c.effector)].name);
    }
    IkChain& arm = rig.chains[static_cast<std::size_t>(rig.find_chain("arm_r"))];
    arm.pin = tip(rig, world, "arm_r_lower");
    ASSERT_TRUE(save_rig_file(rig, dir / "pinned.json").ok());

    // The spine chain turns the body, which carries the legs: the pinned feet must hold.
    PoseRun run =
        pose({(dir / "pinned.json").string(), "--chain", "spine_to_hand_l", "--target", "-60,150", "--out", (dir / "spine.json").string()});
    ASSERT_EQ(run.code, 0) << run.err;
    const Rig spine = load(dir / "spine.json");
    const std::vector<Transform> spine_world = compute_world(spine.skeleton, spine.pose).value();
    const int body = spine.skeleton.find("body");
    EXPECT_NE(spine.pose.rotations[static_cast<std::size_t>(body)], rig.pose.rotations[static_cast<std::size_t>(body)])
        << "the body did not turn";
    EXPECT_LT(glm::distance(tip(spine, spine_world, "leg_l_lower"), *rig.chains[static_cast<std::size_t>(rig.find_chain("leg_l"))].pin),
              0.05f);
    EXPECT_LT(glm::distance(tip(spine, spine_world, "leg_r_lower"), *rig.chains[static_cast<std::size_t>(rig.find_chain("leg_r"))].pin),
              0.05f);

    // Posing a pinned chain moves its pin to the target.
    run = pose({(dir / "pinned.json").string(), "--chain", "arm_r", "--target", "40,90", "--out", (dir / "arm.json").string()});
    ASSERT_EQ(run.code, 0) << run.err;
    const Rig posed = load(dir / "arm.json");
    const IkChain& moved = posed.chains[static_cast<std::size_t>(posed.find_chain("arm_r"))];
    ASSERT_TRUE(moved.pin.has_value());
    EXPECT_EQ(*moved.pin, glm::vec3(40.0f, 90.0f, 0.0f));
}


TEST(PoseCommand, AChainTakesItsMixOfTheAnswer) {
    // arm.json's arm at mix 0.5: each bone turns half as far as at mix 1, and the line says
    // where that leaves the tip, not where the whole answer would.
    mt::ScratchDir dir;
    Rig rig = load(kAssets + "/arm.json");
    const std::size_t arm = static_cast<std::size_t>(rig.find_chain("arm"));
    ASSERT_TRUE(save_rig_file(rig, dir / "full.json").ok());
    rig.chains[arm].mix = 0.5f;
    ASSERT_TRUE(save_rig_file(rig, dir / "half.json").ok());
    const PoseRun full =
        pose({(dir / "full.json").string(), "--chain", "arm", "--target", "300,100", "--out", (dir / "full_out.json").string()});
    const PoseRun half =
        pose({(dir / "half.json").string(), "--chain", "arm", "--target", "300,100", "--out", (dir / "half_out.json").string()});
    ASSERT_EQ(full.code, 0) << full.err;
    ASSERT_EQ(half.code, 0) << half.err;
    const Rig a = load(dir / "full_out.json");
    const Rig b = load(dir / "half_out.json");
    auto angle = [](const glm::quat& q) { return 2.0f * std::atan2(q.z, q.w); };
    for (const int bone : chain_bones(rig.skeleton, rig.chains[arm].root, rig.chains[arm].effector)) {
        const auto i = static_cast<std::size_t>(bone);
        const float start = angle(rig.pose.rotations[i]);
        const float turned = std::remainder(angle(a.pose.rotations[i]) - start, 6.2831853f);
        EXPECT_NEAR(std::remainder(angle(b.pose.rotations[i]) - start, 6.2831853f), 0.5f * turned, 1e-3f) << bone;
    }
    const PrintedResult printed = parse_line(half.out);
    EXPECT_FALSE(printed.reached);
    const std::vector<Transform> world = compute_world(b.skeleton, b.pose).value();
    const auto e = static_cast<std::size_t>(b.chains[arm].effector);
    EXPECT_NEAR(printed.error, glm::distance(bone_tip(world[e], b.skeleton[e].length), glm::vec3(300.0f, 100.0f, 0.0f)), 0.01f);
    EXPECT_EQ(b.chains[arm].mix, 0.5f);
}
