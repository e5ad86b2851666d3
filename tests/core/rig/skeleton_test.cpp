#include <gtest/gtest.h>

#include "core/ik/ik_chain.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

using namespace marionette;

namespace {
Skeleton tree() {
    // body -> {arm -> hand, leg}
    std::vector<Bone> bones(4);
    bones[0].name = "body";
    bones[1].name = "arm";
    bones[1].parent = 0;
    bones[2].name = "hand";
    bones[2].parent = 1;
    bones[3].name = "leg";
    bones[3].parent = 0;
    return Skeleton(std::move(bones));
}
}  // namespace

TEST(Skeleton, FindsBonesByName) {
    const Skeleton sk = tree();
    EXPECT_EQ(sk.find("hand"), 2);
    EXPECT_EQ(sk.find("tail"), -1);
}

TEST(Skeleton, AncestorRelation) {
    const Skeleton sk = tree();
    EXPECT_TRUE(sk.is_ancestor_or_self(0, 2));
    EXPECT_TRUE(sk.is_ancestor_or_self(2, 2));
    EXPECT_FALSE(sk.is_ancestor_or_self(3, 2));
    EXPECT_FALSE(sk.is_ancestor_or_self(2, 0));
}

TEST(Skeleton, ChainBonesRunRootToEffector) {
    const Skeleton sk = tree();
    EXPECT_EQ(chain_bones(sk, 0, 2), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(chain_bones(sk, 2, 2), (std::vector<int>{2}));
    EXPECT_TRUE(chain_bones(sk, 3, 2).empty());
    EXPECT_TRUE(chain_bones(sk, -1, 2).empty());
    EXPECT_TRUE(chain_bones(sk, 0, 9).empty());
}

// A chain's reach under a pose: the joints' offsets below the root, stretched by their parents'
// scale, and the effector's length, stretched by its own; the root's own offset is no part of it.
TEST(Skeleton, ChainReachAddsTheOffsetsBelowTheRootAndTheEffectorUnderThePose) {
    Skeleton sk = tree();
    std::vector<Bone> bones(sk.bones().begin(), sk.bones().end());
    bones[1].rest.translation = {5.0f, 0.0f, 0.0f};
    bones[1].length = 3.0f;
    bones[2].rest.translation = {0.0f, 3.0f, 4.0f};
    bones[2].length = 2.0f;
    sk = Skeleton(std::move(bones));
    Pose pose = Pose::rest(sk.size());
    EXPECT_FLOAT_EQ(chain_reach(sk, pose, 1, 2), 7.0f);
    EXPECT_FLOAT_EQ(chain_reach(sk, pose, 0, 2), 12.0f);
    EXPECT_FLOAT_EQ(chain_reach(sk, pose, 2, 2), 2.0f);
    pose.scales[1] = glm::vec3{2.0f};
    pose.scales[2] = glm::vec3{0.5f, 1.0f, 1.0f};
    EXPECT_FLOAT_EQ(chain_reach(sk, pose, 1, 2), 11.0f);
}
