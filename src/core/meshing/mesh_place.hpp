#pragma once
// Where a point lies on a mesh: near a side of its outline, or inside one of its triangles (in
// that triangle's shares of its corners). Wherever a vertex is added: the mesh edits in the
// picture's space, the viewport on screen.

#include <cstddef>
#include <optional>
#include <span>

#include <glm/glm.hpp>

namespace marionette {

inline float cross2(glm::vec2 a, glm::vec2 b) { return a.x * b.y - a.y * b.x; }

struct OutlineSide {
    std::size_t side = 0;  // from outline[side] to outline[(side + 1) % size]
    float t = 0.0f;        // how far along, strictly between 0 and 1
};

// The side of the closed outline nearest `at` within `tolerance`, `at` falling strictly between
// its ends (at an end is a vertex already); nullopt when none is that near.
inline std::optional<OutlineSide> nearest_outline_side(std::span<const glm::vec2> outline, glm::vec2 at, float tolerance) {
    std::optional<OutlineSide> found;
    float nearest = tolerance;
    for (std::size_t i = 0; i < outline.size(); ++i) {
        const glm::vec2 a = outline[i], ab = outline[(i + 1) % outline.size()] - a;
        const float length2 = glm::dot(ab, ab);
        if (!(length2 > 0.0f)) continue;
        const float t = glm::dot(at - a, ab) / length2;
        if (!(t > 0.0f && t < 1.0f)) continue;
        const float d = glm::length(at - (a + t * ab));
        if (d <= nearest) {
            nearest = d;
            found = OutlineSide{i, t};
        }
    }
    return found;
}

// The shares of a, b and c that make `p` when it lies in their triangle (either winding, its
// edges included); nullopt outside it or for a triangle without area.
inline std::optional<glm::vec3> triangle_shares(glm::vec2 a, glm::vec2 b, glm::vec2 c, glm::vec2 p) {
    const float area = cross2(b - a, c - a);
    if (area == 0.0f || !(area == area)) return std::nullopt;
    const float wa = cross2(b - p, c - p) / area, wb = cross2(c - p, a - p) / area, wc = 1.0f - wa - wb;
    if (!(wa >= 0.0f && wb >= 0.0f && wc >= 0.0f)) return std::nullopt;
    return glm::vec3(wa, wb, wc);
}

}  // namespace marionette
