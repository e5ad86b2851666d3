#include "editor/posing/chain_handles.hpp"

#include <algorithm>
#include <cmath>

#include "core/rig/forward_kinematics.hpp"
#include "editor/viewport/picking.hpp"

namespace marionette {

namespace {

constexpr int kSegments = 20;
constexpr float kTwoPi = 6.28318531f;
// On-screen sizes in pixels.
constexpr float kTargetRadius = 8.0f;
constexpr float kTargetRing = 2.5f;
constexpr float kPinRadius = 7.0f;
constexpr float kPinDot = 2.5f;
constexpr float kPoleRadius = 5.5f;

struct Facing {
    glm::vec3 right;
    glm::vec3 up;
    glm::vec3 normal;
};

void push(std::vector<ShapeVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const Facing& f,
          const glm::vec4& color) {
    out.push_back({a, f.normal, color});
    out.push_back({b, f.normal, color});
    out.push_back({c, f.normal, color});
}

glm::vec3 on_circle(const glm::vec3& center, const Facing& f, float radius, int i) {
    const float a = kTwoPi * static_cast<float>(i) / kSegments;
    return center + radius * (std::cos(a) * f.right + std::sin(a) * f.up);
}

void ring(std::vector<ShapeVertex>& out, const glm::vec3& center, const Facing& f, float inner, float outer, const glm::vec4& color) {
    for (int i = 0; i < kSegments; ++i) {
        const glm::vec3 a0 = on_circle(center, f, inner, i);
        const glm::vec3 a1 = on_circle(center, f, inner, i + 1);
        const glm::vec3 b0 = on_circle(center, f, outer, i);
        const glm::vec3 b1 = on_circle(center, f, outer, i + 1);
        push(out, a0, b0, b1, f, color);
        push(out, a0, b1, a1, f, color);
    }
}

void disc(std::vector<ShapeVertex>& out, const glm::vec3& center, const Facing& f, float radius, const glm::vec4& color) {
    for (int i = 0; i < kSegments; ++i) {
        push(out, center, on_circle(center, f, radius, i), on_circle(center, f, radius, i + 1), f, color);
    }
}

void diamond(std::vector<ShapeVertex>& out, const glm::vec3& center, const Facing& f, float radius, const glm::vec4& color) {
    const glm::vec3 r = radius * f.right;
    const glm::vec3 u = radius * f.up;
    push(out, center + r, center + u, center - r, f, color);
    push(out, center - r, center - u, center + r, f, color);
}

}  // namespace

void chain_handles(const Rig& rig, const Pose& pose, std::span<const Transform> world, bool with_targets,
                   const std::optional<DraggedTarget>& dragged, std::vector<ChainHandle>& out) {
    const auto bones = static_cast<int>(std::min({world.size(), rig.skeleton.size(), pose.scales.size()}));
    for (std::size_t i = 0; i < rig.chains.size(); ++i) {
        const IkChain& c = rig.chains[i];
        const int index = static_cast<int>(i);
        if (c.effector < 0 || c.effector >= bones) continue;
        if (c.pin) {
            out.push_back({HandleKind::Pin, index, *c.pin});
        } else if (with_targets) {
            // Only the first chain ending at a bone: a drag of that bone uses it.
            if (rig.chain_ending_at(c.effector) == index) {
                const auto e = static_cast<std::size_t>(c.effector);
                const bool is_dragged = dragged && dragged->effector == c.effector;
                out.push_back(
                    {HandleKind::Target, index, is_dragged ? dragged->position : bone_tip(world[e], posed_length(rig.skeleton, pose, e))});
            }
        }
        if (!rig.is_2d() && c.solver == SolverKind::TwoBone && c.two_bone.pole) {
            out.push_back({HandleKind::Pole, index, *c.two_bone.pole});
        }
    }
}

std::optional<ChainHandle> pick_handle(std::span<const ChainHandle> handles, const ViewCamera& camera, const Viewport& viewport,
                                       glm::vec2 pixel, float tolerance_pixels) {
    std::vector<glm::vec3> points;
    points.reserve(handles.size());
    for (const ChainHandle& h : handles) points.push_back(h.position);
    const std::optional<int> hit = pick_point(points, camera, viewport, pixel, tolerance_pixels);
    if (!hit) return std::nullopt;
    return handles[static_cast<std::size_t>(*hit)];
}

glm::vec4 handle_color(HandleKind kind) {
    switch (kind) {
        case HandleKind::Target: return {1.0f, 0.62f, 0.12f, 1.0f};
        case HandleKind::Pin: return {0.92f, 0.22f, 0.28f, 1.0f};
        case HandleKind::Pole: return {0.72f, 0.45f, 1.0f, 1.0f};
    }
    return {1.0f, 1.0f, 1.0f, 1.0f};
}

void build_handle_shapes(std::span<const ChainHandle> handles, const ViewCamera& camera, const Viewport& viewport, const glm::vec3& facing,
                         std::vector<ShapeVertex>& out) {
    const Facing f{camera.right(), camera.up(), facing};
    for (const ChainHandle& h : handles) {
        const float px = camera.world_per_pixel_at(h.position, viewport);
        if (!(px > 0.0f) || !std::isfinite(px)) continue;  // behind the eye
        const glm::vec4 color = handle_color(h.kind);
        switch (h.kind) {
            case HandleKind::Target: ring(out, h.position, f, (kTargetRadius - kTargetRing) * px, kTargetRadius * px, color); break;
            case HandleKind::Pin:
                diamond(out, h.position, f, kPinRadius * px, color);
                disc(out, h.position, f, kPinDot * px, {1.0f, 1.0f, 1.0f, 1.0f});
                break;
            case HandleKind::Pole: disc(out, h.position, f, kPoleRadius * px, color); break;
        }
    }
}

}  // namespace marionette
