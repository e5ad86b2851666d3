#include "core/mesh/attachment_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "core/base/extents.hpp"

namespace marionette {

namespace {

std::string item(const std::string& list, std::size_t i) { return list + "[" + std::to_string(i) + "]"; }

bool within(float v, float low, float high) { return v >= low && v <= high; }  // false for NaN

// Twice the signed area of a, b, c: positive when they turn counter-clockwise. In doubles, so
// the sign of a thin triangle far from the origin is still right.
double cross(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c) {
    return (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
}

std::uint64_t edge_key(std::uint32_t from, std::uint32_t to) { return (std::uint64_t(from) << 32) | to; }

// Whether segments pq and rs cross at a point inside both (touching at an end does not count:
// neighbouring border edges share their ends).
bool cross_properly(const glm::vec2& p, const glm::vec2& q, const glm::vec2& r, const glm::vec2& s) {
    const double d1 = cross(p, q, r), d2 = cross(p, q, s), d3 = cross(r, s, p), d4 = cross(r, s, q);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

struct Edge {
    std::uint32_t from, to;
};

// How many times the border wraps counter-clockwise around `p`.
int winding(const std::vector<Edge>& border, const std::vector<glm::vec2>& v, const glm::vec2& p) {
    int w = 0;
    for (const Edge& e : border) {
        const glm::vec2 a = v[e.from], b = v[e.to];
        if (a.y <= p.y) {
            if (b.y > p.y && cross(a, b, p) > 0) ++w;
        } else if (b.y <= p.y && cross(a, b, p) < 0) {
            --w;
        }
    }
    return w;
}

std::optional<std::string> weights_problem(const VertexWeights& w, std::size_t bone_count, const std::string& place) {
    if (w.count < 1 || w.count > kMeshBonesPerVertex) return place + ": a vertex follows 1 to 4 bones";
    float sum = 0.0f;
    for (std::size_t i = 0; i < kMeshBonesPerVertex; ++i) {
        if (i >= w.count) {
            if (w.weights[static_cast<int>(i)] != 0.0f) return place + ": an unused weight must be 0";
            continue;
        }
        if (w.bones[i] >= bone_count) return place + ": bone " + std::to_string(w.bones[i]) + " is not a bone";
        for (std::size_t j = 0; j < i; ++j) {
            if (w.bones[j] == w.bones[i]) return place + ": a bone is listed twice";
        }
        const float weight = w.weights[static_cast<int>(i)];
        if (!(weight > 0.0f && weight <= 1.0f)) return place + ": each weight must be above 0 and at most 1";
        sum += weight;
    }
    if (!(std::abs(sum - 1.0f) <= kWeightSumTolerance)) return place + ": the weights must sum to 1";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> attachment_mesh_problem(const AttachmentMesh& mesh, std::size_t bone_count, const std::string& place) {
    const std::size_t n = mesh.vertices.size();
    if (n < 3 || n > kMaxAttachmentMeshVertices) {
        return place + ".vertices: a mesh has 3 to " + std::to_string(kMaxAttachmentMeshVertices) + " vertices, not " + std::to_string(n);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec2 v = mesh.vertices[i];
        if (!within(v.x, -kMaxCoordinate, kMaxCoordinate) || !within(v.y, -kMaxCoordinate, kMaxCoordinate)) {
            return item(place + ".vertices", i) + std::string(": each must be ") + kCoordinateRange;
        }
    }
    if (mesh.uvs.size() != n) return place + ".uvs: one a vertex (" + std::to_string(n) + "), not " + std::to_string(mesh.uvs.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (!within(mesh.uvs[i].x, 0.0f, 1.0f) || !within(mesh.uvs[i].y, 0.0f, 1.0f)) {
            return item(place + ".uvs", i) + ": each must be between 0 and 1";
        }
    }
    if (mesh.hull < 3 || mesh.hull > n) return place + ".hull: 3 to the mesh's " + std::to_string(n) + " vertices";
    if (mesh.triangles.empty()) return place + ".triangles: a mesh has at least one";

    std::unordered_set<std::uint64_t> edges;
    edges.reserve(mesh.triangles.size() * 3);
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        const std::string at = item(place + ".triangles", t);
        for (std::uint16_t i : tri) {
            if (i >= n) return at + ": " + std::to_string(i) + " is not a vertex (the mesh has " + std::to_string(n) + ")";
        }
        if (!(cross(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]]) > 0.0)) {
            return at + ": its corners must turn counter-clockwise around an area";
        }
        for (std::size_t k = 0; k < 3; ++k) {
            if (!edges.insert(edge_key(tri[k], tri[(k + 1) % 3])).second) {
                return at + ": its edge from vertex " + std::to_string(tri[k]) + " to " + std::to_string(tri[(k + 1) % 3]) +
                       " is another triangle's too (they overlap)";
            }
        }
    }
    // The border: edges with a triangle on one side only.
    std::vector<Edge> border;
    for (const auto& tri : mesh.triangles) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = tri[k], b = tri[(k + 1) % 3];
            if (!edges.contains(edge_key(b, a))) border.push_back({a, b});
        }
    }
    for (std::size_t i = 0; i < mesh.hull; ++i) {
        const std::uint32_t a = static_cast<std::uint32_t>(i), b = static_cast<std::uint32_t>((i + 1) % mesh.hull);
        if (!edges.contains(edge_key(a, b)) || edges.contains(edge_key(b, a))) {
            return place + ".hull: vertices " + std::to_string(a) + " to " + std::to_string(b) +
                   " are not an edge of the mesh's border, counter-clockwise";
        }
    }
    for (std::size_t i = 0; i < border.size(); ++i) {
        for (std::size_t j = i + 1; j < border.size(); ++j) {
            const Edge e = border[i], f = border[j];
            if (cross_properly(mesh.vertices[e.from], mesh.vertices[e.to], mesh.vertices[f.from], mesh.vertices[f.to])) {
                return place + ": its border crosses itself (the edges " + std::to_string(e.from) + "-" + std::to_string(e.to) + " and " +
                       std::to_string(f.from) + "-" + std::to_string(f.to) + ")";
            }
        }
    }
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        const glm::vec2 centre = (mesh.vertices[tri[0]] + mesh.vertices[tri[1]] + mesh.vertices[tri[2]]) / 3.0f;
        if (winding(border, mesh.vertices, centre) != 1) return item(place + ".triangles", t) + ": it lies over another part of the mesh";
    }

    if (!mesh.weights.empty()) {
        if (mesh.weights.size() != n) {
            return place + ".weights: one set a vertex (" + std::to_string(n) + "), not " + std::to_string(mesh.weights.size());
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (auto p = weights_problem(mesh.weights[i], bone_count, item(place + ".weights", i))) return p;
        }
    }
    return std::nullopt;
}

AttachmentMesh grid_mesh(const glm::vec2& size, int columns, int rows) {
    const int c = std::clamp(columns, 1, kMaxGridCells), r = std::clamp(rows, 1, kMaxGridCells);
    AttachmentMesh mesh;
    // The border first, counter-clockwise from the bottom left, then the inside row by row.
    std::vector<glm::ivec2> cells;
    for (int i = 0; i < c; ++i) cells.push_back({i, 0});
    for (int j = 0; j < r; ++j) cells.push_back({c, j});
    for (int i = c; i > 0; --i) cells.push_back({i, r});
    for (int j = r; j > 0; --j) cells.push_back({0, j});
    mesh.hull = cells.size();
    for (int j = 1; j < r; ++j) {
        for (int i = 1; i < c; ++i) cells.push_back({i, j});
    }
    std::vector<std::uint16_t> index(static_cast<std::size_t>((c + 1) * (r + 1)));
    for (std::size_t k = 0; k < cells.size(); ++k) {
        index[static_cast<std::size_t>(cells[k].y * (c + 1) + cells[k].x)] = static_cast<std::uint16_t>(k);
        const glm::vec2 uv(static_cast<float>(cells[k].x) / static_cast<float>(c), static_cast<float>(cells[k].y) / static_cast<float>(r));
        mesh.uvs.push_back(uv);
        mesh.vertices.push_back(uv * size);
    }
    const auto at = [&](int i, int j) { return index[static_cast<std::size_t>(j * (c + 1) + i)]; };
    for (int j = 0; j < r; ++j) {
        for (int i = 0; i < c; ++i) {
            mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    }
    return mesh;
}

}  // namespace marionette
