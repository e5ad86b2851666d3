#include <gtest/gtest.h>

#include "core/forward_kinematics.hpp"
#include "core/ik_chain.hpp"
#include "editor/benchmark_rig.hpp"
#include "editor/frame_workload.hpp"

using namespace marionette;

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
