#pragma once
// An axis-aligned box around world points: what the camera frames.

#include <optional>
#include <span>

#include <glm/glm.hpp>

namespace marionette {

struct BoundingBox {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};

    glm::vec3 center() const { return 0.5f * (min + max); }
    glm::vec3 size() const { return max - min; }
    // Corner i takes max on axis k when bit k of i is set.
    glm::vec3 corner(int i) const { return {(i & 1) != 0 ? max.x : min.x, (i & 2) != 0 ? max.y : min.y, (i & 4) != 0 ? max.z : min.z}; }
};

// The smallest box holding every point; nullopt for no points, which have no place to frame.
inline std::optional<BoundingBox> bounding_box_of(std::span<const glm::vec3> points) {
    if (points.empty()) return std::nullopt;
    BoundingBox box{points[0], points[0]};
    for (const glm::vec3& p : points) {
        box.min = glm::min(box.min, p);
        box.max = glm::max(box.max, p);
    }
    return box;
}

}  // namespace marionette
