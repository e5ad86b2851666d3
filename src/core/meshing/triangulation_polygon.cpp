#include "core/meshing/triangulation_polygon.hpp"

#include <algorithm>

namespace marionette {

namespace {

// Whether r, known to lie on the line through p and q, lies on the closed segment pq.
bool within_segment(const glm::vec2& p, const glm::vec2& q, const glm::vec2& r) {
    return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y && r.y <= std::max(p.y, q.y);
}

// Whether the closed segments pq and rs share a point.
bool segments_meet(const glm::vec2& p, const glm::vec2& q, const glm::vec2& r, const glm::vec2& s) {
    if (std::max(p.x, q.x) < std::min(r.x, s.x) || std::max(r.x, s.x) < std::min(p.x, q.x) || std::max(p.y, q.y) < std::min(r.y, s.y) ||
        std::max(r.y, s.y) < std::min(p.y, q.y)) {
        return false;
    }
    const double d1 = triangle_cross(p, q, r), d2 = triangle_cross(p, q, s), d3 = triangle_cross(r, s, p), d4 = triangle_cross(r, s, q);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    return (d1 == 0 && within_segment(p, q, r)) || (d2 == 0 && within_segment(p, q, s)) || (d3 == 0 && within_segment(r, s, p)) ||
           (d4 == 0 && within_segment(r, s, q));
}

}  // namespace

double triangle_cross(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c) {
    return (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
}

std::optional<std::string> simple_polygon_problem(std::span<const glm::vec2> polygon) {
    const std::size_t n = polygon.size();
    if (n < 3) return "a polygon has at least 3 vertices, not " + std::to_string(n);
    double area = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec2 p = polygon[i], q = polygon[(i + 1) % n];
        if (p == q) return "vertices " + std::to_string(i) + " and " + std::to_string((i + 1) % n) + " are at one place";
        area += double(p.x) * q.y - double(q.x) * p.y;
        // Neighbouring edges meet at their shared vertex only: they must not fold back.
        const glm::vec2 r = polygon[(i + 2) % n];
        if (triangle_cross(p, q, r) == 0.0 && (double(p.x) - q.x) * (double(r.x) - q.x) + (double(p.y) - q.y) * (double(r.y) - q.y) > 0.0) {
            return "the edges at vertex " + std::to_string((i + 1) % n) + " fold back over each other";
        }
    }
    if (!(area > 0.0)) return std::string("the polygon must turn counter-clockwise around an area");
    if (n == 3) return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue;  // neighbours across the closing vertex
            if (segments_meet(polygon[i], polygon[(i + 1) % n], polygon[j], polygon[(j + 1) % n])) {
                return "the edges from vertex " + std::to_string(i) + " and from vertex " + std::to_string(j) + " meet";
            }
        }
    }
    return std::nullopt;
}

}  // namespace marionette
