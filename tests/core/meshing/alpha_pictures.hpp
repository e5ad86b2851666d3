#pragma once
// Pictures drawn by their alpha for the outline, mesh and weight tests: RGBA8 rows from the top,
// as image_decode.hpp gives them; and the areas the tests compare outlines and meshes by.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/mesh/attachment_mesh.hpp"

namespace marionette::test {

struct AlphaPicture {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
};

// A picture whose pixel (column x, row y from the top) has alpha `alpha(x, y)`; white throughout.
inline AlphaPicture alpha_picture(int width, int height, const std::function<std::uint8_t(int, int)>& alpha) {
    AlphaPicture p{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 255)};
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x)
            p.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4 + 3] = alpha(x, y);
    }
    return p;
}

// A disc of `radius` pixels about (cx, cy) (pixel coordinates, rows from the top), opaque.
inline AlphaPicture disc_picture(int width, int height, float cx, float cy, float radius) {
    return alpha_picture(width, height, [&](int x, int y) -> std::uint8_t {
        const glm::vec2 d(static_cast<float>(x) + 0.5f - cx, static_cast<float>(y) + 0.5f - cy);
        return glm::length(d) <= radius ? 255 : 0;
    });
}

// A polygon's signed area: positive when counter-clockwise.
inline double polygon_area(std::span<const glm::vec2> polygon) {
    double area = 0.0;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const glm::vec2 p = polygon[i], q = polygon[(i + 1) % polygon.size()];
        area += double(p.x) * q.y - double(q.x) * p.y;
    }
    return 0.5 * area;
}

// The area a mesh's triangles cover (each counted once, as the mesh rule has it).
inline double mesh_area(const AttachmentMesh& mesh) {
    double area = 0.0;
    for (const auto& t : mesh.triangles) {
        const glm::vec2 a = mesh.vertices[t[0]], b = mesh.vertices[t[1]], c = mesh.vertices[t[2]];
        area += 0.5 * ((double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x));
    }
    return area;
}

}  // namespace marionette::test
