#include "editor/bone_shapes.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

namespace {

constexpr int kDiscSegments = 16;
// Where along the bone the shape is widest, and how wide, as fractions of its length.
constexpr float kWaist = 0.15f;
constexpr float kWidth = 0.12f;

void triangle(std::vector<ShapeVertex>& out, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 n, glm::vec4 color) {
    out.push_back({a, n, color});
    out.push_back({b, n, color});
    out.push_back({c, n, color});
}

void disc(std::vector<ShapeVertex>& out, glm::vec3 center, float radius, glm::vec4 color) {
    const glm::vec3 n{0.0f, 0.0f, 1.0f};
    constexpr float step = 2.0f * 3.14159265f / kDiscSegments;
    for (int i = 0; i < kDiscSegments; ++i) {
        const float a0 = step * static_cast<float>(i);
        const float a1 = a0 + step;
        triangle(out, center, center + radius * glm::vec3{std::cos(a0), std::sin(a0), 0.0f},
                 center + radius * glm::vec3{std::cos(a1), std::sin(a1), 0.0f}, n, color);
    }
}

// `length` is the rest length and `scale` the pose's: the shape is the rest one stretched per
// axis, so a bone made longer keeps its width and one made wider keeps its length.
void diamond_2d(std::vector<ShapeVertex>& out, const Transform& joint, float length, glm::vec3 scale, glm::vec4 color) {
    const glm::vec3 n{0.0f, 0.0f, 1.0f};
    const glm::vec3 head = joint.translation;
    const glm::vec3 tip = joint.apply({length * scale.x, 0.0f, 0.0f});
    const float waist = kWaist * length * scale.x;
    const float width = kWidth * length * scale.y;
    const glm::vec3 left = joint.apply({waist, width, 0.0f});
    const glm::vec3 right = joint.apply({waist, -width, 0.0f});
    triangle(out, head, right, left, n, color);
    triangle(out, left, right, tip, n, color);
}

void octahedron_3d(std::vector<ShapeVertex>& out, const Transform& joint, float length, glm::vec3 scale, glm::vec4 color) {
    const glm::vec3 head = joint.translation;
    const glm::vec3 tip = joint.apply({length * scale.x, 0.0f, 0.0f});
    const float waist = kWaist * length * scale.x;
    const float wy = kWidth * length * scale.y;
    const float wz = kWidth * length * scale.z;
    const glm::vec3 ring[4] = {joint.apply({waist, wy, 0.0f}), joint.apply({waist, 0.0f, wz}), joint.apply({waist, -wy, 0.0f}),
                               joint.apply({waist, 0.0f, -wz})};
    for (int i = 0; i < 4; ++i) {
        const glm::vec3 a = ring[i];
        const glm::vec3 b = ring[(i + 1) % 4];
        // The ring runs counter-clockwise about +X; wound so each face is counter-clockwise seen
        // from outside, with its normal pointing out.
        glm::vec3 n = glm::cross(b - head, a - head);
        if (glm::dot(n, n) > 0.0f) n = glm::normalize(n);
        triangle(out, head, b, a, n, color);
        n = glm::cross(a - tip, b - tip);
        if (glm::dot(n, n) > 0.0f) n = glm::normalize(n);
        triangle(out, tip, a, b, n, color);
    }
}

}  // namespace

glm::vec4 bone_color(BoneLook look) {
    switch (look) {
        case BoneLook::Normal: return {0.96f, 0.74f, 0.32f, 1.0f};
        case BoneLook::InChain: return {0.45f, 0.78f, 0.95f, 1.0f};
        case BoneLook::Hovered: return {1.0f, 0.88f, 0.55f, 1.0f};
        case BoneLook::Selected: return {1.0f, 0.45f, 0.25f, 1.0f};
    }
    return {1.0f, 0.0f, 1.0f, 1.0f};
}

void build_bone_shapes(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, bool is_2d,
                       std::span<const BoneLook> looks, float joint_radius, std::vector<ShapeVertex>& out) {
    const std::size_t count = std::min({skeleton.size(), world.size(), pose.scales.size()});
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec4 color = bone_color(looks.empty() ? BoneLook::Normal : looks[i]);
        const float length = skeleton[i].length;
        const glm::vec3 scale = pose.scales[i];
        const bool shown = length > 0.0f && scale.x > 0.0f;
        if (is_2d) {
            if (shown) diamond_2d(out, world[i], length, scale, color);
            disc(out, world[i].translation, joint_radius, color);
        } else if (shown) {
            octahedron_3d(out, world[i], length, scale, color);
        }
    }
}

}  // namespace marionette
