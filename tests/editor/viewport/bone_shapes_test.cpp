#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/ik/ik_test_rigs.hpp"
#include "editor/viewport/bone_shapes.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

glm::quat turn_of(const BoneInstance& b) { return glm::quat(b.rotation.w, b.rotation.x, b.rotation.y, b.rotation.z); }

// Where a unit-shape corner lands for `b`: what bone.vert computes on the GPU.
glm::vec3 corner_in_world(const BoneInstance& b, const glm::vec3& corner) { return b.joint + turn_of(b) * (corner * b.size); }

}  // namespace

TEST(BoneShapes, OneInstancePerBoneAtItsJointFrame) {
    const Rig rig = chain_rig(Dimensions::Three, {1.0f, 2.0f}, Transform{{1, 2, 3}, glm::angleAxis(0.7f, glm::vec3{0, 1, 0})});
    const auto world = world_of(rig, rig.pose);
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world, {}, out);
    ASSERT_EQ(out.size(), rig.skeleton.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_EQ(out[i].joint, world[i].translation);
        const glm::vec3 tip = corner_in_world(out[i], {1, 0, 0});
        EXPECT_NEAR(glm::distance(tip, bone_tip(world[i], rig.skeleton[i].length)), 0.0f, 1e-5f) << i;
        EXPECT_NEAR(out[i].size.y, kBoneWidth * rig.skeleton[i].length, 1e-6f);
        EXPECT_NEAR(out[i].size.z, kBoneWidth * rig.skeleton[i].length, 1e-6f);
    }
}

TEST(BoneShapes, AppendsAfterWhatIsThere) {
    // The onion skin builds several poses' instances into one list.
    const Rig rig = chain_rig(Dimensions::Two, {1.0f});
    const auto world = world_of(rig, rig.pose);
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world, {}, out);
    build_bone_instances(rig.skeleton, rig.pose, world, {}, out);
    ASSERT_EQ(out.size(), 2 * rig.skeleton.size());
    EXPECT_EQ(out[0].joint, out[rig.skeleton.size()].joint);
}

TEST(BoneShapes, TheOctahedronsFacesPointOutward) {
    const std::span<const BoneShapeVertex> v = octahedron_vertices();
    ASSERT_EQ(v.size(), 24u);
    const glm::vec3 center{kBoneWaist, 0, 0};
    for (std::size_t t = 0; t < v.size(); t += 3) {
        const glm::vec3 n = glm::cross(v[t + 1].corner - v[t].corner, v[t + 2].corner - v[t].corner);
        const glm::vec3 face = (v[t].corner + v[t + 1].corner + v[t + 2].corner) / 3.0f;
        EXPECT_GT(glm::dot(n, face - center), 0.0f) << "face " << t / 3;
        // Each corner of a face is its own barycentric vertex: the wire outline needs all three.
        EXPECT_EQ(v[t].edges + v[t + 1].edges + v[t + 2].edges, glm::vec3(1.0f));
    }
}

TEST(BoneShapes, TheDiamondSpansJointToTipAndItsWaist) {
    const std::span<const BoneShapeVertex> v = diamond_vertices();
    ASSERT_EQ(v.size(), 6u);
    glm::vec3 lo{1e9f};
    glm::vec3 hi{-1e9f};
    for (const BoneShapeVertex& c : v) {
        lo = glm::min(lo, c.corner);
        hi = glm::max(hi, c.corner);
        EXPECT_EQ(c.corner.z, 0.0f);
    }
    EXPECT_EQ(lo, glm::vec3(0, -1, 0));
    EXPECT_EQ(hi, glm::vec3(1, 1, 0));
}

TEST(BoneShapes, LooksPaintEachBoneWithAnOutline) {
    const Rig rig = chain_rig(Dimensions::Two, {1.0f});
    const auto world = world_of(rig, rig.pose);
    const BoneLook looks[] = {BoneLook::Normal, BoneLook::Selected};
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world, looks, out);
    const BonePaint normal = bone_paint(kDefaultBoneColor, BoneLook::Normal);
    const BonePaint selected = bone_paint(kDefaultBoneColor, BoneLook::Selected);
    EXPECT_EQ(out[0].fill, pack_color(normal.fill));
    EXPECT_EQ(out[0].outline, pack_color(normal.outline));
    EXPECT_EQ(out[1].fill, pack_color(selected.fill));
    EXPECT_EQ(out[1].outline, pack_color(selected.outline));
    EXPECT_GT(out[1].outline_width, out[0].outline_width) << "the selection's outline is the wider";
    // The normal outline is the fill darkened, so overlapping bones keep their edges; the
    // selection's and hover's outlines are lighter than their fill, the chain's darker.
    const auto brightness = [](const glm::vec4& c) { return c.r + c.g + c.b; };
    EXPECT_LT(brightness(normal.outline), 0.5f * brightness(normal.fill));
    EXPECT_GT(brightness(selected.outline), brightness(selected.fill));
    EXPECT_GT(brightness(bone_paint(kDefaultBoneColor, BoneLook::Hovered).outline),
              brightness(bone_paint(kDefaultBoneColor, BoneLook::Hovered).fill));
    EXPECT_NE(bone_paint(kDefaultBoneColor, BoneLook::Hovered).fill, selected.fill);
    EXPECT_NE(bone_paint(kDefaultBoneColor, BoneLook::InChain).fill, normal.fill);
}

TEST(BoneShapes, ABonesOwnColourPaintsItUnlessSelected) {
    Rig rig = chain_rig(Dimensions::Two, {1.0f});
    rig.skeleton[1].color = glm::vec3{0.2f, 0.4f, 0.9f};
    const auto world = world_of(rig, rig.pose);
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world, {}, out);
    EXPECT_EQ(out[0].fill, pack_color(glm::vec4(kDefaultBoneColor, 1.0f)));
    EXPECT_EQ(out[1].fill, pack_color({0.2f, 0.4f, 0.9f, 1.0f}));
    EXPECT_EQ(unpack_color(out[1].outline), unpack_color(pack_color(bone_paint({0.2f, 0.4f, 0.9f}, BoneLook::Normal).outline)));
    const BoneLook looks[] = {BoneLook::Normal, BoneLook::Selected};
    out.clear();
    build_bone_instances(rig.skeleton, rig.pose, world, looks, out);
    EXPECT_EQ(out[1].fill, pack_color(bone_paint(kDefaultBoneColor, BoneLook::Selected).fill));
}

TEST(BoneShapes, ColoursPackIntoBytes) {
    EXPECT_EQ(pack_color({1.0f, 0.0f, 0.0f, 1.0f}), 0xff0000ffu);
    EXPECT_EQ(pack_color({0.0f, 1.0f, 0.0f, 0.0f}), 0x0000ff00u);
    EXPECT_EQ(pack_color({2.0f, -1.0f, 0.5f, 1.0f}), 0xff8000ffu) << "clamped into [0, 1]";
    EXPECT_EQ(unpack_color(0xff8000ffu), glm::vec4(1.0f, 0.0f, 128.0f / 255.0f, 1.0f));
}

TEST(BoneShapes, GhostsTakeTheirTint) {
    const Rig rig = chain_rig(Dimensions::Two, {1.0f});
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world_of(rig, rig.pose), {}, out);
    tint_bone_instances(out, {0.2f, 0.6f, 1.0f, 0.4f});
    for (const BoneInstance& b : out) {
        EXPECT_EQ(b.fill, pack_color({0.2f, 0.6f, 1.0f, 0.4f}));
        EXPECT_EQ(b.outline, b.fill) << "no outline of another colour";
    }
}

TEST(BoneShapes, ZeroLengthBonesKeepOnlyTheirJoint) {
    Rig rig = chain_rig(Dimensions::Two, {0.0f, 1.0f});
    rig.pose.scales[2] = {0.0f, 1.0f, 1.0f};  // scaled to nothing
    const auto world = world_of(rig, rig.pose);
    std::vector<BoneInstance> out;
    build_bone_instances(rig.skeleton, rig.pose, world, {}, out);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_GT(out[0].size.x, 0.0f);
    EXPECT_EQ(out[1].size, glm::vec3(0.0f));
    EXPECT_EQ(out[2].size, glm::vec3(0.0f));
    EXPECT_EQ(out[2].joint, world[2].translation) << "its joint's ring is still drawn";
}

TEST(BoneShapes, APoseScaleStretchesTheShapeAlongEachAxis) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const bool is_2d = dims == Dimensions::Two;
        Rig rig = chain_rig(dims, {1.0f});  // base (0.5) then b0 (1) from x = 0.5, along x
        rig.pose.scales[1] = {2.0f, 3.0f, is_2d ? 1.0f : 0.5f};
        std::vector<BoneInstance> out;
        build_bone_instances(rig.skeleton, rig.pose, world_of(rig, rig.pose), {}, out);
        EXPECT_NEAR(out[1].size.x, 2.0f, 1e-6f) << "the tip is at twice the length";
        EXPECT_NEAR(out[1].size.y, 3.0f * kBoneWidth, 1e-6f);
        EXPECT_NEAR(out[1].size.z, (is_2d ? 1.0f : 0.5f) * kBoneWidth, 1e-6f);
        EXPECT_NEAR(out[0].size.y, 0.5f * kBoneWidth, 1e-6f) << "the base is untouched";
    }
}
