#include <gtest/gtest.h>

#include "core/ik_test_rigs.hpp"
#include "editor/bone_shapes.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(BoneShapes, TwoDimensionalBonesAreDiamondsWithJointDiscs) {
    const Rig rig = chain_rig(Dimensions::Two, {1.0f, 2.0f});
    const auto world = world_of(rig, rig.pose);
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, rig.pose, world, true, {}, 0.05f, out);
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
    build_bone_shapes(rig.skeleton, rig.pose, world, false, {}, 0.05f, out);
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
    build_bone_shapes(rig.skeleton, rig.pose, world, true, looks, 0.05f, out);
    EXPECT_EQ(out.front().color, bone_color(BoneLook::Normal));
    EXPECT_EQ(out.back().color, bone_color(BoneLook::Selected));
    EXPECT_NE(bone_color(BoneLook::Hovered), bone_color(BoneLook::Selected));
    EXPECT_NE(bone_color(BoneLook::InChain), bone_color(BoneLook::Normal));
}

TEST(BoneShapes, ZeroLengthBonesKeepOnlyTheirJoint) {
    const Rig rig = chain_rig(Dimensions::Two, {0.0f});
    const auto world = world_of(rig, rig.pose);
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, rig.pose, world, true, {}, 0.05f, out);
    EXPECT_EQ(out.size(), (2 + 16 + 16) * 3u);  // base: diamond and disc; zero-length bone: disc only
    for (const ShapeVertex& v : out) EXPECT_TRUE(finite(v.position));
}

TEST(BoneShapes, APoseScaleStretchesTheShapeAlongEachAxis) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const bool is_2d = dims == Dimensions::Two;
        Rig rig = chain_rig(dims, {1.0f});  // base (0.5) then b0 (1) from x = 0.5, along x
        const auto extent = [&](const Rig& r) {
            std::vector<ShapeVertex> out;
            build_bone_shapes(r.skeleton, r.pose, world_of(r, r.pose), is_2d, {}, 0.0f, out);
            glm::vec3 hi{-1e9f};
            for (const ShapeVertex& v : out) hi = glm::max(hi, v.position);
            return hi;
        };
        const glm::vec3 rest = extent(rig);
        rig.pose.scales[1] = {2.0f, 3.0f, is_2d ? 1.0f : 0.5f};
        const glm::vec3 scaled = extent(rig);
        EXPECT_NEAR(scaled.x, 0.5f + 2.0f, 1e-5f) << "the tip is at twice the length";
        EXPECT_NEAR(rest.x, 1.5f, 1e-5f);
        // The base's shape is untouched; b0's width grows threefold (the base's is 0.06 wide).
        EXPECT_NEAR(scaled.y, 3.0f * rest.y, 1e-5f);
        if (!is_2d) {
            EXPECT_NEAR(rest.z, 0.12f, 1e-5f);
            EXPECT_NEAR(scaled.z, 0.06f, 1e-5f) << "b0 as deep as the base now";
        }
    }
}

TEST(BoneShapes, ABoneScaledToZeroLengthKeepsOnlyItsJoint) {
    Rig rig = chain_rig(Dimensions::Two, {1.0f});
    const auto world = world_of(rig, rig.pose);
    rig.pose.scales[1] = {0.0f, 1.0f, 1.0f};
    std::vector<ShapeVertex> out;
    build_bone_shapes(rig.skeleton, rig.pose, world, true, {}, 0.05f, out);
    EXPECT_EQ(out.size(), (2 + 16 + 16) * 3u);
}
