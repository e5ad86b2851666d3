#include "editor/viewport/picking.hpp"

#include <algorithm>
#include <vector>

#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

struct Candidate {
    int index = -1;
    float distance = 0.0f;
    float depth = 0.0f;
};

// Two passes rather than one running best: "within the band of the nearest" is not transitive,
// and a running comparison would make the winner depend on the order of the bones.
std::optional<Candidate> choose(const std::vector<Candidate>& hits) {
    if (hits.empty()) return std::nullopt;
    float nearest = hits.front().distance;
    for (const Candidate& c : hits) nearest = std::min(nearest, c.distance);
    std::optional<Candidate> best;
    for (const Candidate& c : hits) {
        if (c.distance > nearest + kPickTieBand) continue;
        if (!best || c.depth < best->depth || (c.depth == best->depth && c.distance < best->distance)) best = c;
    }
    return best;
}

struct ScreenSegment {
    ScreenPoint a;
    ScreenPoint b;
};

// The part of the segment at or beyond the near plane, projected; nullopt when none of it is.
std::optional<ScreenSegment> project_segment(const ViewCamera& camera, const Viewport& viewport, const glm::vec3& a, const glm::vec3& b) {
    ScreenSegment s{camera.project(a, viewport), camera.project(b, viewport)};
    if (!s.a.in_front && !s.b.in_front) return std::nullopt;
    // Depth is affine in the world position, so the near-plane crossing is a linear blend.
    const float near = camera.near_plane();
    const auto crossing = [&] {
        const float f = (near - s.a.depth) / (s.b.depth - s.a.depth);
        return camera.project(a + (b - a) * f, viewport);
    };
    if (!s.a.in_front) s.a = crossing();
    if (!s.b.in_front) s.b = crossing();
    return s;
}

Candidate nearest_on_segment(const ScreenSegment& s, glm::vec2 pixel, bool perspective) {
    const glm::vec2 ab = s.b.pixel - s.a.pixel;
    const float len2 = glm::dot(ab, ab);
    const float t = len2 > 0.0f ? std::clamp(glm::dot(pixel - s.a.pixel, ab) / len2, 0.0f, 1.0f) : 0.0f;
    Candidate c;
    c.distance = glm::length(pixel - (s.a.pixel + ab * t));
    // Under perspective 1 / depth, not depth, varies linearly along the screen.
    c.depth = perspective ? 1.0f / ((1.0f - t) / s.a.depth + t / s.b.depth) : s.a.depth + (s.b.depth - s.a.depth) * t;
    return c;
}

// Whether the segment crosses the rectangle [lo, hi] (Liang-Barsky: clip it to each side).
bool touches_box(const ScreenSegment& s, glm::vec2 lo, glm::vec2 hi) {
    const glm::vec2 d = s.b.pixel - s.a.pixel;
    float t0 = 0.0f;
    float t1 = 1.0f;
    const auto clip = [&](float p, float q) {  // keeps the part where p t <= q
        if (p == 0.0f) return q >= 0.0f;
        const float t = q / p;
        if (p < 0.0f) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
        return t0 <= t1;
    };
    return clip(-d.x, s.a.pixel.x - lo.x) && clip(d.x, hi.x - s.a.pixel.x) && clip(-d.y, s.a.pixel.y - lo.y) &&
           clip(d.y, hi.y - s.a.pixel.y);
}

// Each bone's segment as the camera shows it, with its index, for the bones that have one.
template <class Visit>
void for_each_shown_bone(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                         const Viewport& viewport, Visit visit) {
    const std::size_t count = std::min({skeleton.size(), world.size(), pose.scales.size()});
    for (std::size_t i = 0; i < count; ++i) {
        const std::optional<ScreenSegment> segment =
            project_segment(camera, viewport, world[i].translation, bone_tip(world[i], posed_length(skeleton, pose, i)));
        if (segment) visit(static_cast<int>(i), *segment);
    }
}

std::vector<Candidate> bone_candidates(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world,
                                       const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel, float tolerance_pixels) {
    std::vector<Candidate> hits;
    for_each_shown_bone(skeleton, pose, world, camera, viewport, [&](int bone, const ScreenSegment& segment) {
        Candidate c = nearest_on_segment(segment, pixel, !camera.is_2d());
        if (!(c.distance <= tolerance_pixels)) return;
        c.index = bone;
        hits.push_back(c);
    });
    return hits;
}

}  // namespace

std::vector<int> bones_under(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                             const Viewport& viewport, glm::vec2 pixel, float tolerance_pixels) {
    std::vector<Candidate> hits = bone_candidates(skeleton, pose, world, camera, viewport, pixel, tolerance_pixels);
    std::stable_sort(hits.begin(), hits.end(), [](const Candidate& x, const Candidate& y) {
        return x.depth != y.depth ? x.depth < y.depth : x.distance < y.distance;
    });
    std::vector<int> bones;
    for (const Candidate& c : hits) bones.push_back(c.index);
    return bones;
}

std::vector<int> bones_in_box(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                              const Viewport& viewport, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 lo = glm::min(a, b);
    const glm::vec2 hi = glm::max(a, b);
    std::vector<int> bones;
    for_each_shown_bone(skeleton, pose, world, camera, viewport, [&](int bone, const ScreenSegment& segment) {
        if (touches_box(segment, lo, hi)) bones.push_back(bone);
    });
    return bones;
}

std::optional<BoneHit> pick_bone(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                                 const Viewport& viewport, glm::vec2 pixel, float tolerance_pixels) {
    const std::optional<Candidate> best = choose(bone_candidates(skeleton, pose, world, camera, viewport, pixel, tolerance_pixels));
    if (!best) return std::nullopt;
    return BoneHit{best->index, best->distance, best->depth};
}

std::optional<int> pick_point(std::span<const glm::vec3> points, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel,
                              float tolerance_pixels) {
    std::vector<Candidate> hits;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const ScreenPoint p = camera.project(points[i], viewport);
        const float distance = glm::length(pixel - p.pixel);
        if (!p.in_front || !(distance <= tolerance_pixels)) continue;
        hits.push_back({static_cast<int>(i), distance, p.depth});
    }
    const std::optional<Candidate> best = choose(hits);
    if (!best) return std::nullopt;
    return best->index;
}

}  // namespace marionette
