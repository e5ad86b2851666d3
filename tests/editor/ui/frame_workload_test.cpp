#include <gtest/gtest.h>

#include "core/ik/ik_chain.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/script/benchmark_rig.hpp"
#include "editor/ui/frame_workload.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(BenchmarkRig, HasTheAdvertisedShapeAndIsValid) {
    const Rig rig = make_benchmark_rig();
    EXPECT_EQ(rig.skeleton.size(), 1001u);
    ASSERT_EQ(rig.chains.size(), 10u);
    EXPECT_TRUE(rig.skeleton.is_parent_before_child());
    int ccd = 0;
    for (const IkChain& c : rig.chains) {
        const std::size_t n = chain_bones(rig.skeleton, c.root, c.effector).size();
        if (c.solver == SolverKind::Ccd) {
            EXPECT_EQ(n, 16u);
            ++ccd;
        } else {
            EXPECT_EQ(n, 2u);
        }
    }
    EXPECT_EQ(ccd, 5);
}

TEST(FrameWorkload, SolvesEveryChainTowardItsMovingTarget) {
    const Rig rig = make_benchmark_rig(4, 20, 8);
    FrameWorkload w(rig);
    // The targets stay within reach: after the first few frames every chain keeps up, every frame.
    for (int f = 0; f < 60; ++f) {
        w.run(static_cast<float>(f) / 60.0f);
        if (f >= 5) {
            EXPECT_EQ(w.chains_reached(), 4) << "frame " << f;
        }
    }
    // One instance a bone; the triangles built on the CPU are only the target ring at each of
    // the four chains' ends: 20 segments of two triangles.
    EXPECT_EQ(w.bone_instance_count(), rig.skeleton.size());
    EXPECT_EQ(w.vertex_count(), 4u * 20 * 2 * 3);
    // Only chain bones moved.
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        const int bone = static_cast<int>(i);
        bool in_chain = false;
        for (const IkChain& c : rig.chains) {
            in_chain = in_chain || (rig.skeleton.is_ancestor_or_self(c.root, bone) && rig.skeleton.is_ancestor_or_self(bone, c.effector));
        }
        if (!in_chain) {
            EXPECT_EQ(w.pose().rotations[i], rig.pose.rotations[i]) << i;
        }
    }
}

TEST(FrameWorkload, AChainUnderAnotherIsNotPlacedFromTheLastFramesKinematics) {
    // The generated rig's chains end separate arms: each hangs from bones no other chain moves.
    const Rig arms = make_benchmark_rig(4, 20, 8);
    const FrameWorkload separate(arms);
    for (std::size_t i = 0; i < arms.chains.size(); ++i) EXPECT_TRUE(separate.placed_from_fk(i)) << i;
    // A chain hanging below another's bones: solved after it in a frame, the frame's FK is stale
    // above it, so it is placed by walking up the rig; the one above is not affected by it.
    Rig nested = chain_rig(Dimensions::Two, {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
    nested.chains = {test_chain("upper", 1, 3, SolverKind::Ccd), test_chain("lower", 5, 6, SolverKind::TwoBone)};
    const FrameWorkload w(nested);
    EXPECT_TRUE(w.placed_from_fk(0));
    EXPECT_FALSE(w.placed_from_fk(1));
    // Frame after frame, each chain's tip is where its solve says: the lower chain is not
    // placed from where the upper one left its bones a frame ago.
    FrameWorkload running(nested);
    for (int f = 0; f < 30; ++f) {
        running.run(static_cast<float>(f) / 60.0f);
        const std::vector<Transform> world = compute_world(nested.skeleton, running.pose()).value();
        const IkChain& lower = nested.chains[1];
        const auto e = static_cast<std::size_t>(lower.effector);
        const glm::vec3 tip = bone_tip(world[e], posed_length(nested.skeleton, running.pose(), e));
        const glm::vec3 root = world[static_cast<std::size_t>(lower.root)].translation;
        // Reachable targets are reached; others are missed by no more than the chain's slack.
        const float reach = nested.skeleton[5].length + nested.skeleton[6].length;
        const float expected_miss = std::max(0.0f, glm::distance(root, running.targets()[1]) - reach);
        EXPECT_NEAR(glm::distance(tip, running.targets()[1]), expected_miss, 1e-3f) << "frame " << f;
    }
    // In the other order the lower chain is solved first: both are placed from the frame's FK.
    std::swap(nested.chains[0], nested.chains[1]);
    const FrameWorkload swapped(nested);
    EXPECT_TRUE(swapped.placed_from_fk(0));
    EXPECT_TRUE(swapped.placed_from_fk(1));
}
