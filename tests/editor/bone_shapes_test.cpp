#include <gtest/gtest.h>

#include "core/ik_test_rigs.hpp"
#include "editor/bone_shapes.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(BoneShapes, TwoDimensionalBonesAreDiamondsWithJointDiscs) {
    const Rig rig = chain_rig(Dimensions::Two, {1.0f, 2.0f});
    const auto world = world_of(rig, rig.pose);
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, world, true, {}, 0.05f, out);
    // Three bones: two triangles each for the diamond, sixteen for the disc.
    ASSERT_EQ(out.size(), 3u * (2 + 16) * 3);
    // Every vertex lies in the plane, and the longest bone's diamond reaches its tip.
    float max_x = -1;
    for (const ShapeVertex& v : out) {
        EXPECT_FLOAT_EQ(v.position.z, 0.0f);
        EXPECT_EQ(v.normal, glm::vec3(0, 0, 1));
        max_x = std::max(max_x, v.position.x);
    }
    EXPECT_NEAR(max_x, 0.5f + 1.0f + 2.0f, 1e-5f);
}

TEST(BoneShapes, ThreeDimensionalBonesAreOctahedraWithOutwardNormals) {
    const Rig rig = chain_rig(Dimensions::Three, {1.0f}, Transform{{1, 2, 3}, glm::angleAxis(0.7f, glm::vec3{0, 1, 0})});
    const auto world = world_of(rig, rig.pose);
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, world, false, {}, 0.05f, out);
    ASSERT_EQ(out.size(), 2u * 8 * 3);
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        // Each face's normal points away from the bone's axis midpoint.
        const glm::vec3 center = world[i].apply({0.15f * rig.skeleton[i].length, 0, 0});
        for (std::size_t t = i * 24; t < (i + 1) * 24; t += 3) {
            const glm::vec3 face = (out[t].position + out[t + 1].position + out[t + 2].position) / 3.0f;
            EXPECT_GT(glm::dot(out[t].normal, face - center), 0.0f) << "bone " << i << " face " << t;
            EXPECT_NEAR(glm::length(out[t].normal), 1.0f, 1e-5f);
        }
    }
}

TEST(BoneShapes, LooksColourEachBone) {
    const Rig rig = chain_rig(Dimensions::Two, {1.0f});
    const auto world = world_of(rig, rig.pose);
    const BoneLook looks[] = {BoneLook::Normal, BoneLook::Selected};
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, world, true, looks, 0.05f, out);
    EXPECT_EQ(out.front().color, bone_color(BoneLook::Normal));
    EXPECT_EQ(out.back().color, bone_color(BoneLook::Selected));
    EXPECT_NE(bone_color(BoneLook::Hovered), bone_color(BoneLook::Selected));
    EXPECT_NE(bone_color(BoneLook::InChain), bone_color(BoneLook::Normal));
}

TEST(BoneShapes, ZeroLengthBonesKeepOnlyTheirJoint) {
    const Rig rig = chain_rig(Dimensions::Two, {0.0f});
    const auto world = world_of(rig, rig.pose);
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, world, true, {}, 0.05f, out);
    EXPECT_EQ(out.size(), (2 + 16 + 16) * 3u);  // base: diamond and disc; zero-length bone: disc only
    for (const ShapeVertex& v : out) EXPECT_TRUE(finite(v.position));
}
