#include "editor/viewport/bone_shapes.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

namespace {

// The looks' colours: the selection orange, the hover light, the chain a drag poses blue.
constexpr glm::vec3 kSelectedFill{1.0f, 0.45f, 0.25f};
constexpr glm::vec3 kSelectedOutline{1.0f, 0.95f, 0.80f};
constexpr glm::vec3 kHoveredFill{1.0f, 0.88f, 0.55f};
constexpr glm::vec3 kHoveredOutline{1.0f, 1.0f, 1.0f};
constexpr glm::vec3 kChainFill{0.45f, 0.78f, 0.95f};
constexpr glm::vec3 kChainOutline{0.10f, 0.30f, 0.55f};
// An outline is the fill this dark, so bones that overlap keep their edges.
constexpr float kOutlineShade = 0.38f;

std::uint32_t channel(float c) { return static_cast<std::uint32_t>(std::lround(std::clamp(c, 0.0f, 1.0f) * 255.0f)); }

BoneShapeVertex at(glm::vec3 corner, int which) {
    glm::vec3 edges{0.0f};
    edges[which] = 1.0f;
    return {corner, edges};
}

std::array<BoneShapeVertex, 24> make_octahedron() {
    const glm::vec3 joint{0.0f};
    const glm::vec3 tip{1.0f, 0.0f, 0.0f};
    // The waist runs counter-clockwise about +x.
    const glm::vec3 ring[4] = {{kBoneWaist, 1, 0}, {kBoneWaist, 0, 1}, {kBoneWaist, -1, 0}, {kBoneWaist, 0, -1}};
    std::array<BoneShapeVertex, 24> v{};
    std::size_t n = 0;
    for (int i = 0; i < 4; ++i) {
        const glm::vec3 a = ring[i];
        const glm::vec3 b = ring[(i + 1) % 4];
        v[n++] = at(joint, 0);
        v[n++] = at(b, 1);
        v[n++] = at(a, 2);
        v[n++] = at(tip, 0);
        v[n++] = at(a, 1);
        v[n++] = at(b, 2);
    }
    return v;
}

}  // namespace

PackedColor pack_color(const glm::vec4& rgba) {
    return channel(rgba.r) | (channel(rgba.g) << 8) | (channel(rgba.b) << 16) | (channel(rgba.a) << 24);
}

glm::vec4 unpack_color(PackedColor c) {
    return glm::vec4(static_cast<float>(c & 0xffu), static_cast<float>((c >> 8) & 0xffu), static_cast<float>((c >> 16) & 0xffu),
                     static_cast<float>(c >> 24)) /
           255.0f;
}

BonePaint bone_paint(const glm::vec3& color, BoneLook look) {
    switch (look) {
        case BoneLook::Normal: return {glm::vec4(color, 1.0f), glm::vec4(color * kOutlineShade, 1.0f), 1.0f};
        case BoneLook::InChain: return {glm::vec4(kChainFill, 1.0f), glm::vec4(kChainOutline, 1.0f), 1.5f};
        case BoneLook::Hovered: return {glm::vec4(kHoveredFill, 1.0f), glm::vec4(kHoveredOutline, 1.0f), 1.5f};
        case BoneLook::Selected: return {glm::vec4(kSelectedFill, 1.0f), glm::vec4(kSelectedOutline, 1.0f), 2.5f};
    }
    return {glm::vec4(1, 0, 1, 1), glm::vec4(1, 0, 1, 1), 1.0f};
}

void build_bone_instances(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, std::span<const BoneLook> looks,
                          std::vector<BoneInstance>& out) {
    const std::size_t count = std::min({skeleton.size(), world.size(), pose.scales.size()});
    const std::size_t first = out.size();
    out.resize(first + count);
    // The default look's paint, worked out once rather than per bone.
    const BonePaint plain = bone_paint(kDefaultBoneColor, BoneLook::Normal);
    const PackedColor plain_fill = pack_color(plain.fill);
    const PackedColor plain_outline = pack_color(plain.outline);
    for (std::size_t i = 0; i < count; ++i) {
        const Bone& bone = skeleton[i];
        const glm::vec3 scale = pose.scales[i];
        const Transform& joint = world[i];
        BoneInstance& b = out[first + i];
        b.joint = joint.translation;
        b.rotation = {joint.rotation.x, joint.rotation.y, joint.rotation.z, joint.rotation.w};
        const bool shown = bone.length > 0.0f && scale.x > 0.0f;
        const float width = kBoneWidth * bone.length;
        b.size = shown ? glm::vec3{bone.length * scale.x, width * scale.y, width * scale.z} : glm::vec3{0.0f};
        const BoneLook look = looks.empty() ? BoneLook::Normal : looks[i];
        if (look == BoneLook::Normal && !bone.color) {
            b.fill = plain_fill;
            b.outline = plain_outline;
            b.outline_width = plain.outline_width;
        } else {
            const BonePaint paint = bone_paint(bone.color.value_or(kDefaultBoneColor), look);
            b.fill = pack_color(paint.fill);
            b.outline = pack_color(paint.outline);
            b.outline_width = paint.outline_width;
        }
    }
}

void tint_bone_instances(std::span<BoneInstance> instances, const glm::vec4& tint) {
    // No outline: see-through shapes already show where they overlap, and a ghost is a hint.
    const PackedColor fill = pack_color(tint);
    for (BoneInstance& b : instances) {
        b.fill = fill;
        b.outline = fill;
        b.outline_width = 1.0f;
    }
}

std::span<const BoneShapeVertex> diamond_vertices() {
    static const BoneShapeVertex kDiamond[] = {at({0, 0, 0}, 0),          at({kBoneWaist, -1, 0}, 1), at({kBoneWaist, 1, 0}, 2),
                                               at({kBoneWaist, 1, 0}, 0), at({kBoneWaist, -1, 0}, 1), at({1, 0, 0}, 2)};
    return kDiamond;
}

std::span<const BoneShapeVertex> octahedron_vertices() {
    static const std::array<BoneShapeVertex, 24> kOctahedron = make_octahedron();
    return kOctahedron;
}

}  // namespace marionette
