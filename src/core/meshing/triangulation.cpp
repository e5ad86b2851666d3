#include "core/meshing/triangulation.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

#include "core/base/extents.hpp"
#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

namespace {

constexpr std::int32_t kNoTriangle = -1;

// A triangle with its neighbours: nb[k] lies across the edge from v[k] to v[k + 1], or
// kNoTriangle on the hull (the only edges that are never flipped).
struct CdtTriangle {
    std::array<std::uint32_t, 3> v;
    std::array<std::int32_t, 3> nb;
};

// An edge to check for the Delaunay property: the directed edge a -> b of triangle t, skipped
// when a flip has since taken it away.
struct CdtEdge {
    std::int32_t t;
    std::uint32_t a, b;
};

std::size_t next3(std::size_t k) { return (k + 1) % 3; }
std::size_t prev3(std::size_t k) { return (k + 2) % 3; }

// Whether d lies inside the circle through a, b, c (counter-clockwise), by more than rounding:
// a near tie is no reason to flip, so grid points on one circle never flip back and forth.
bool inside_circumcircle(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c, const glm::vec2& d) {
    const double adx = double(a.x) - d.x, ady = double(a.y) - d.y;
    const double bdx = double(b.x) - d.x, bdy = double(b.y) - d.y;
    const double cdx = double(c.x) - d.x, cdy = double(c.y) - d.y;
    const double alift = adx * adx + ady * ady, blift = bdx * bdx + bdy * bdy, clift = cdx * cdx + cdy * cdy;
    const double bc = bdx * cdy - cdx * bdy, ca = cdx * ady - adx * cdy, ab = adx * bdy - bdx * ady;
    const double det = alift * bc + blift * ca + clift * ab;
    const double magnitude = alift * (std::abs(bdx * cdy) + std::abs(cdx * bdy)) + blift * (std::abs(cdx * ady) + std::abs(adx * cdy)) +
                             clift * (std::abs(adx * bdy) + std::abs(bdx * ady));
    return det > 1e-12 * magnitude;
}

// The triangles being built and the operations that keep their neighbours right.
struct CdtMesh {
    std::vector<glm::vec2> points;
    std::vector<CdtTriangle> triangles;
    std::size_t flips_left = 0;  // a bound on the flips, so that no input can keep them going

    double cross(std::uint32_t a, std::uint32_t b, std::uint32_t c) const { return triangle_cross(points[a], points[b], points[c]); }

    // Whether a, b, c (in this order) make a triangle the mesh rule accepts: counter-clockwise
    // around an area, and its centre, rounded as the rule rounds it, inside it (a sliver on the
    // border whose rounded centre fell outside would read as lying over nothing).
    bool sound(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
        if (!(cross(a, b, c) > 0.0)) return false;
        const glm::vec2 centre = (points[a] + points[b] + points[c]) / 3.0f;
        return triangle_cross(points[a], points[b], centre) > 0.0 && triangle_cross(points[b], points[c], centre) > 0.0 &&
               triangle_cross(points[c], points[a], centre) > 0.0;
    }

    void repoint(std::int32_t neighbour, std::int32_t from, std::int32_t to) {
        if (neighbour == kNoTriangle) return;
        for (std::int32_t& n : triangles[static_cast<std::size_t>(neighbour)].nb) {
            if (n == from) n = to;
        }
    }

    // Where the neighbour across edge k of t has that edge: the corner it starts from (b of a -> b).
    std::size_t corner_of(std::int32_t t, std::uint32_t vertex) const {
        const CdtTriangle& tri = triangles[static_cast<std::size_t>(t)];
        for (std::size_t k = 0; k < 3; ++k) {
            if (tri.v[k] == vertex) return k;
        }
        return 3;
    }

    // Flips edge k of triangle t (a -> b, c opposite) with its neighbour (b -> a, d opposite)
    // into a -> d -> c and d -> b -> c when that makes the pair more Delaunay and both stay
    // counter-clockwise; pushes the four outer edges to be checked again.
    bool flip_if_better(std::int32_t t, std::size_t k, std::vector<CdtEdge>& stack) {
        const CdtTriangle tri = triangles[static_cast<std::size_t>(t)];
        const std::int32_t u = tri.nb[k];
        if (u == kNoTriangle || flips_left == 0) return false;
        const std::uint32_t a = tri.v[k], b = tri.v[next3(k)], c = tri.v[prev3(k)];
        const CdtTriangle other = triangles[static_cast<std::size_t>(u)];
        const std::size_t m = corner_of(u, b);
        if (m == 3 || other.v[next3(m)] != a) return false;
        const std::uint32_t d = other.v[prev3(m)];
        if (!inside_circumcircle(points[a], points[b], points[c], points[d])) return false;
        if (!sound(a, d, c) || !sound(d, b, c)) return false;
        const std::int32_t bc = tri.nb[next3(k)], ca = tri.nb[prev3(k)];
        const std::int32_t ad = other.nb[next3(m)], db = other.nb[prev3(m)];
        triangles[static_cast<std::size_t>(t)] = {{a, d, c}, {ad, u, ca}};
        triangles[static_cast<std::size_t>(u)] = {{d, b, c}, {db, bc, t}};
        repoint(ad, u, t);
        repoint(bc, t, u);
        --flips_left;
        stack.push_back({t, a, d});
        stack.push_back({t, c, a});
        stack.push_back({u, d, b});
        stack.push_back({u, b, c});
        return true;
    }

    void legalize(std::vector<CdtEdge>& stack) {
        while (!stack.empty()) {
            const CdtEdge e = stack.back();
            stack.pop_back();
            const std::size_t k = corner_of(e.t, e.a);
            if (k == 3 || triangles[static_cast<std::size_t>(e.t)].v[next3(k)] != e.b) continue;  // flipped away since
            flip_if_better(e.t, k, stack);
        }
    }

    // Sweeps every edge until none flips (or the bound is spent): the whole mesh Delaunay
    // wherever the hull allows.
    void legalize_all() {
        std::vector<CdtEdge> stack;
        for (std::size_t pass = 0; pass < 64; ++pass) {
            bool flipped = false;
            for (std::size_t t = 0; t < triangles.size(); ++t) {
                for (std::size_t k = 0; k < 3; ++k) {
                    if (flip_if_better(static_cast<std::int32_t>(t), k, stack)) flipped = true;
                }
                legalize(stack);
            }
            if (!flipped) return;
        }
    }

    // The triangle holding p (on its edges included), walking from `hint`, else by looking at
    // every triangle (the walk can leave a hull that is not convex); kNoTriangle outside.
    std::int32_t locate(const glm::vec2& p, std::int32_t hint) const {
        std::int32_t t = hint;
        for (std::size_t step = 0; t != kNoTriangle && step <= triangles.size(); ++step) {
            const CdtTriangle& tri = triangles[static_cast<std::size_t>(t)];
            std::int32_t next = t;
            for (std::size_t i = 0; i < 3; ++i) {
                const std::size_t k = (i + step) % 3;  // a turning start, so the walk does not circle
                if (triangle_cross(points[tri.v[k]], points[tri.v[next3(k)]], p) < 0.0) {
                    next = tri.nb[k];
                    break;
                }
            }
            if (next == t) return t;
            t = next;
        }
        for (std::size_t i = 0; i < triangles.size(); ++i) {
            const CdtTriangle& tri = triangles[i];
            if (triangle_cross(points[tri.v[0]], points[tri.v[1]], p) >= 0.0 &&
                triangle_cross(points[tri.v[1]], points[tri.v[2]], p) >= 0.0 &&
                triangle_cross(points[tri.v[2]], points[tri.v[0]], p) >= 0.0) {
                return static_cast<std::int32_t>(i);
            }
        }
        return kNoTriangle;
    }

    // Adds point p (already in `points` at index `id`) inside triangle t, or on its edge k;
    // false (nothing changed) where a triangle made would not be sound.
    bool split_triangle(std::int32_t t, std::uint32_t id, std::vector<CdtEdge>& stack) {
        const CdtTriangle tri = triangles[static_cast<std::size_t>(t)];
        const std::uint32_t a = tri.v[0], b = tri.v[1], c = tri.v[2];
        if (!sound(a, b, id) || !sound(b, c, id) || !sound(c, a, id)) return false;
        const auto t1 = static_cast<std::int32_t>(triangles.size()), t2 = t1 + 1;
        triangles[static_cast<std::size_t>(t)] = {{a, b, id}, {tri.nb[0], t1, t2}};
        triangles.push_back({{b, c, id}, {tri.nb[1], t2, t}});
        triangles.push_back({{c, a, id}, {tri.nb[2], t, t1}});
        repoint(tri.nb[1], t, t1);
        repoint(tri.nb[2], t, t2);
        stack.push_back({t, a, b});
        stack.push_back({t1, b, c});
        stack.push_back({t2, c, a});
        return true;
    }

    bool split_edge(std::int32_t t, std::size_t k, std::uint32_t id, std::vector<CdtEdge>& stack) {
        const CdtTriangle tri = triangles[static_cast<std::size_t>(t)];
        const std::int32_t u = tri.nb[k];
        if (u == kNoTriangle) return false;  // on the hull: the outline stays as given
        const std::uint32_t a = tri.v[k], b = tri.v[next3(k)], c = tri.v[prev3(k)];
        const CdtTriangle other = triangles[static_cast<std::size_t>(u)];
        const std::size_t m = corner_of(u, b);
        if (m == 3 || other.v[next3(m)] != a) return false;
        const std::uint32_t d = other.v[prev3(m)];
        if (!sound(a, id, c) || !sound(id, b, c) || !sound(b, id, d) || !sound(id, a, d)) return false;
        const std::int32_t bc = tri.nb[next3(k)], ca = tri.nb[prev3(k)];
        const std::int32_t ad = other.nb[next3(m)], db = other.nb[prev3(m)];
        const auto t1 = static_cast<std::int32_t>(triangles.size()), u1 = t1 + 1;
        triangles[static_cast<std::size_t>(t)] = {{a, id, c}, {u1, t1, ca}};
        triangles[static_cast<std::size_t>(u)] = {{b, id, d}, {t1, u1, db}};
        triangles.push_back({{id, b, c}, {u, bc, t}});
        triangles.push_back({{id, a, d}, {t, ad, u}});
        repoint(bc, t, t1);
        repoint(ad, u, u1);
        stack.push_back({t, c, a});
        stack.push_back({t1, b, c});
        stack.push_back({u, d, b});
        stack.push_back({u1, a, d});
        return true;
    }
};

// Cuts the hull (vertices 0 to n - 1 of `mesh.points`) into ears. A vertex is an ear's tip when
// it turns counter-clockwise and no other vertex lies in or on its triangle; only vertices that
// do not turn counter-clockwise can be in it first, so only they are looked at.
Status cut_ears(CdtMesh& mesh, std::size_t n) {
    std::vector<std::uint32_t> prev(n), next(n);
    for (std::size_t i = 0; i < n; ++i) {
        prev[i] = static_cast<std::uint32_t>((i + n - 1) % n);
        next[i] = static_cast<std::uint32_t>((i + 1) % n);
    }
    std::vector<bool> removed(n, false);
    std::vector<std::uint32_t> reflex;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!mesh.sound(prev[i], i, next[i])) reflex.push_back(i);
    }
    const auto is_ear = [&](std::uint32_t i) {
        const std::uint32_t a = prev[i], c = next[i];
        if (!mesh.sound(a, i, c)) return false;
        for (std::uint32_t j : reflex) {
            if (removed[j] || j == a || j == i || j == c) continue;
            if (mesh.cross(a, i, j) >= 0.0 && mesh.cross(i, c, j) >= 0.0 && mesh.cross(c, a, j) >= 0.0) return false;
        }
        return true;
    };
    std::vector<std::array<std::uint32_t, 3>> ears;
    std::size_t remaining = n, misses = 0;
    std::uint32_t i = 0;
    while (remaining > 3) {
        if (misses > remaining) return Error{"triangulation: the outline is too thin to cut into triangles with an area"};
        if (!is_ear(i)) {
            i = next[i];
            ++misses;
            continue;
        }
        ears.push_back({prev[i], i, next[i]});
        removed[i] = true;
        next[prev[i]] = next[i];
        prev[next[i]] = prev[i];
        --remaining;
        misses = 0;
        i = prev[i];
        // Vertices only ever turn from reflex to convex as ears go: drop those that have.
        std::erase_if(reflex, [&](std::uint32_t j) { return removed[j] || mesh.sound(prev[j], j, next[j]); });
    }
    if (!mesh.sound(prev[i], i, next[i])) return Error{"triangulation: the outline is too thin to cut into triangles with an area"};
    ears.push_back({prev[i], i, next[i]});

    // Neighbours: each inner edge is two triangles' in opposite directions.
    std::unordered_map<std::uint64_t, std::pair<std::int32_t, std::size_t>> edges;
    const auto key = [](std::uint32_t a, std::uint32_t b) { return (std::uint64_t(a) << 32) | b; };
    mesh.triangles.clear();
    for (const auto& ear : ears) {
        const auto t = static_cast<std::int32_t>(mesh.triangles.size());
        mesh.triangles.push_back({ear, {kNoTriangle, kNoTriangle, kNoTriangle}});
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = ear[k], b = ear[next3(k)];
            if (auto found = edges.find(key(b, a)); found != edges.end()) {
                mesh.triangles[static_cast<std::size_t>(t)].nb[k] = found->second.first;
                mesh.triangles[static_cast<std::size_t>(found->second.first)].nb[found->second.second] = t;
            } else {
                edges[key(a, b)] = {t, k};
            }
        }
    }
    return {};
}

}  // namespace

Status PolygonTriangulationJob::validate() const {
    if (!output) return Error{"triangulation: missing output"};
    if (hull.size() < 3) return Error{"triangulation: a hull has at least 3 vertices"};
    if (hull.size() + points.size() > kMaxAttachmentMeshVertices) {
        return Error{"triangulation: at most " + std::to_string(kMaxAttachmentMeshVertices) + " vertices in all, not " +
                     std::to_string(hull.size() + points.size())};
    }
    const auto in_range = [](const glm::vec2& v) {
        return std::abs(v.x) <= kMaxCoordinate && std::abs(v.y) <= kMaxCoordinate;  // false for NaN
    };
    for (std::size_t i = 0; i < hull.size(); ++i) {
        if (!in_range(hull[i])) return Error{"triangulation: hull[" + std::to_string(i) + "] must be " + kCoordinateRange};
    }
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!in_range(points[i])) return Error{"triangulation: points[" + std::to_string(i) + "] must be " + kCoordinateRange};
    }
    if (auto problem = simple_polygon_problem(hull)) return Error{"triangulation: hull: " + *problem};
    return {};
}

Status PolygonTriangulationJob::run() const {
    if (Status s = validate(); !s) return s;
    *output = {};
    CdtMesh mesh;
    mesh.points.assign(hull.begin(), hull.end());
    mesh.points.reserve(hull.size() + points.size());
    const std::size_t n = hull.size() + points.size();
    mesh.flips_left = 64 * n * n + 1024;
    if (Status s = cut_ears(mesh, hull.size()); !s) return s;
    mesh.legalize_all();

    std::size_t dropped = 0;
    std::int32_t hint = 0;
    std::vector<CdtEdge> stack;
    for (const glm::vec2& p : points) {
        const std::int32_t t = mesh.locate(p, hint);
        if (t == kNoTriangle) {
            ++dropped;
            continue;
        }
        const CdtTriangle& tri = mesh.triangles[static_cast<std::size_t>(t)];
        std::size_t zeros = 0, on_edge = 0;
        for (std::size_t k = 0; k < 3; ++k) {
            if (triangle_cross(mesh.points[tri.v[k]], mesh.points[tri.v[next3(k)]], p) == 0.0) {
                ++zeros;
                on_edge = k;
            }
        }
        const auto id = static_cast<std::uint32_t>(mesh.points.size());
        mesh.points.push_back(p);
        bool kept = true;
        if (zeros == 0) {
            kept = mesh.split_triangle(t, id, stack);
            if (!kept) {
                // A point a rounding away from an edge would make a sliver there: it goes on the
                // edge instead, splitting the triangles on both sides.
                std::size_t nearest = 0;
                double least = HUGE_VAL;
                for (std::size_t k = 0; k < 3; ++k) {
                    const glm::vec2 a = mesh.points[tri.v[k]], b = mesh.points[tri.v[next3(k)]];
                    const double height = triangle_cross(a, b, p) / std::max(double(glm::length(b - a)), 1e-300);
                    if (height < least) least = height, nearest = k;
                }
                kept = mesh.split_edge(t, nearest, id, stack);
            }
        } else if (zeros == 1) {
            kept = mesh.split_edge(t, on_edge, id, stack);
        } else {
            kept = false;  // where a vertex already is
        }
        if (!kept) {
            mesh.points.pop_back();
            ++dropped;
            continue;
        }
        mesh.legalize(stack);
        hint = t;
    }
    mesh.legalize_all();

    output->vertices = std::move(mesh.points);
    output->triangles.reserve(mesh.triangles.size());
    for (const CdtTriangle& t : mesh.triangles) {
        output->triangles.push_back(
            {static_cast<std::uint16_t>(t.v[0]), static_cast<std::uint16_t>(t.v[1]), static_cast<std::uint16_t>(t.v[2])});
    }
    output->dropped = dropped;
    return {};
}

}  // namespace marionette
