#include <gtest/gtest.h>

#include "core/ik/ik_chain.hpp"
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
