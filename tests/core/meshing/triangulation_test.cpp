// A polygon with points inside cut into triangles: every result keeps the mesh rule, with the
// hull as its border, on convex, concave, collinear, duplicated and very thin inputs; points
// that cannot be vertices are dropped and counted; the triangles are Delaunay where the hull
// allows; and polygons that are not simple are refused.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/mesh/attachment_mesh.hpp"
#include "core/meshing/alpha_pictures.hpp"
#include "core/meshing/triangulation.hpp"

using namespace marionette;

namespace {

// The triangulation as a rigid mesh (UVs of the unit square's frame, clamped), for the rule.
AttachmentMesh triangulation_mesh(const PolygonTriangulation& cut, std::size_t hull) {
    AttachmentMesh m;
    m.vertices = cut.vertices;
    for (const glm::vec2& v : cut.vertices) m.uvs.push_back(glm::clamp(v, glm::vec2(0.0f), glm::vec2(1.0f)));
    m.triangles = cut.triangles;
    m.hull = hull;
    return m;
}

struct PolygonCut {
    std::string problem;  // the job's error or the rule's, or "none"
    PolygonTriangulation result;
};

PolygonCut cut_polygon(const std::vector<glm::vec2>& hull, const std::vector<glm::vec2>& points = {}) {
    PolygonCut cut;
    const PolygonTriangulationJob job{hull, points, &cut.result};
    if (Status s = job.run(); !s) {
        cut.problem = s.message();
        return cut;
    }
    cut.problem = attachment_mesh_problem(triangulation_mesh(cut.result, hull.size()), 0, "cut").value_or("none");
    return cut;
}

// A triangulation of n vertices, h on its border and no holes, has 2n - h - 2 triangles.
std::size_t triangle_count_without_holes(std::size_t n, std::size_t h) { return 2 * n - h - 2; }

std::vector<glm::vec2> unit_square() { return {{0, 0}, {1, 0}, {1, 1}, {0, 1}}; }

}  // namespace

TEST(Triangulation, ASquareWithAGridInsideKeepsEveryPointAndTheRule) {
    std::vector<glm::vec2> points;
    for (int i = 1; i < 10; ++i) {
        for (int j = 1; j < 10; ++j) points.push_back({static_cast<float>(i) / 10.0f, static_cast<float>(j) / 10.0f});
    }
    const PolygonCut cut = cut_polygon(unit_square(), points);
    ASSERT_EQ(cut.problem, "none");
    EXPECT_EQ(cut.result.dropped, 0u);
    EXPECT_EQ(cut.result.vertices.size(), 85u);
    EXPECT_EQ(cut.result.triangles.size(), triangle_count_without_holes(85, 4));
    EXPECT_NEAR(test::mesh_area(triangulation_mesh(cut.result, 4)), 1.0, 1e-6);
    // The hull comes first, as given.
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(cut.result.vertices[i], unit_square()[i]);
}

TEST(Triangulation, TrianglesAreDelaunayWhereTheHullAllows) {
    // Scattered points in a convex hull: no vertex lies inside any triangle's circumcircle.
    std::vector<glm::vec2> points;
    for (int i = 0; i < 60; ++i) {
        const float t = static_cast<float>(i);
        points.push_back(
            {0.5f + 0.45f * std::sin(t * 2.4f) * std::sqrt(t / 60.0f), 0.5f + 0.45f * std::cos(t * 2.4f) * std::sqrt(t / 60.0f)});
    }
    const PolygonCut cut = cut_polygon(unit_square(), points);
    ASSERT_EQ(cut.problem, "none");
    const auto& v = cut.result.vertices;
    std::size_t inside = 0;
    for (const auto& t : cut.result.triangles) {
        const glm::dvec2 a(v[t[0]]), b(v[t[1]]), c(v[t[2]]);
        const double d = 2.0 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
        const glm::dvec2 centre((glm::dot(a, a) * (b.y - c.y) + glm::dot(b, b) * (c.y - a.y) + glm::dot(c, c) * (a.y - b.y)) / d,
                                (glm::dot(a, a) * (c.x - b.x) + glm::dot(b, b) * (a.x - c.x) + glm::dot(c, c) * (b.x - a.x)) / d);
        const double radius = glm::length(a - centre);
        for (const glm::vec2& p : v) inside += glm::length(glm::dvec2(p) - centre) < radius * (1.0 - 1e-6) ? 1 : 0;
    }
    EXPECT_EQ(inside, 0u);
}

TEST(Triangulation, CollinearHullVerticesAndRowsOfPoints) {
    // A square with five vertices along each side, and a row of points across its middle.
    std::vector<glm::vec2> hull;
    for (int i = 0; i < 5; ++i) hull.push_back({static_cast<float>(i) / 5.0f, 0});
    for (int i = 0; i < 5; ++i) hull.push_back({1, static_cast<float>(i) / 5.0f});
    for (int i = 0; i < 5; ++i) hull.push_back({1.0f - static_cast<float>(i) / 5.0f, 1});
    for (int i = 0; i < 5; ++i) hull.push_back({0, 1.0f - static_cast<float>(i) / 5.0f});
    std::vector<glm::vec2> row;
    for (int i = 1; i < 20; ++i) row.push_back({static_cast<float>(i) / 20.0f, 0.5f});
    const PolygonCut cut = cut_polygon(hull, row);
    ASSERT_EQ(cut.problem, "none");
    EXPECT_EQ(cut.result.dropped, 0u);
    EXPECT_EQ(cut.result.triangles.size(), triangle_count_without_holes(hull.size() + row.size(), hull.size()));
    // The hull alone, straight runs and all.
    const PolygonCut bare = cut_polygon(hull);
    ASSERT_EQ(bare.problem, "none");
    EXPECT_EQ(bare.result.triangles.size(), hull.size() - 2);
}

TEST(Triangulation, PointsThatCannotBeVerticesAreDroppedAndCounted) {
    const std::vector<glm::vec2> points = {
        {0.5f, 0.5f},   {0.5f, 0.5f},    // the second where the first is
        {1, 1},                          // on a hull vertex
        {0.5f, 0},                       // on a hull edge
        {2, 2},         {-1, 0.5f},      // outside
        {0.25f, 0.25f}, {0.75f, 0.75f},  // on the edge the first point's triangles share: split, kept
    };
    const PolygonCut cut = cut_polygon(unit_square(), points);
    ASSERT_EQ(cut.problem, "none");
    EXPECT_EQ(cut.result.dropped, 5u);
    EXPECT_EQ(cut.result.vertices.size(), 7u);
    EXPECT_EQ(cut.result.triangles.size(), triangle_count_without_holes(7, 4));
}

TEST(Triangulation, AConcaveCombIsCutInsideItsOutline) {
    // A comb of ten teeth, each 0.05 wide and 1 tall, on a back 0.1 tall; its right edge the last tooth's.
    std::vector<glm::vec2> hull = {{0, 0}, {1, 0}};
    for (int k = 9; k >= 0; --k) {
        const float x0 = static_cast<float>(k) / 10.0f + 0.05f, x1 = static_cast<float>(k) / 10.0f + 0.1f;
        if (k < 9) hull.push_back({x1, 0.1f});
        hull.push_back({x1, 1.1f});
        hull.push_back({x0, 1.1f});
        hull.push_back({x0, 0.1f});
    }
    hull.push_back({0, 0.1f});
    ASSERT_FALSE(simple_polygon_problem(hull).has_value()) << *simple_polygon_problem(hull);
    std::vector<glm::vec2> points;
    for (int i = 1; i < 40; ++i) points.push_back({static_cast<float>(i) / 40.0f, 0.5f});  // half fall in the gaps
    const PolygonCut cut = cut_polygon(hull, points);
    ASSERT_EQ(cut.problem, "none");
    EXPECT_GT(cut.result.dropped, 10u);
    EXPECT_NEAR(test::mesh_area(triangulation_mesh(cut.result, hull.size())), test::polygon_area(hull), 1e-5);
}

TEST(Triangulation, VeryThinShapesStillCut) {
    // A sliver a million times longer than it is wide, with points along its middle.
    const std::vector<glm::vec2> hull = {{0, 0}, {1000, 0}, {1000, 0.001f}, {0, 0.001f}};
    std::vector<glm::vec2> points;
    for (int i = 1; i < 100; ++i) points.push_back({static_cast<float>(i) * 10.0f, 0.0005f});
    const PolygonCut cut = cut_polygon(hull, points);
    EXPECT_EQ(cut.problem, "none");
    EXPECT_EQ(cut.result.dropped, 0u);
    // A thin triangle far from the origin is cut; one so thin that its centre rounds onto its
    // edge (which the mesh rule would read as lying over nothing) is refused, not returned.
    const PolygonCut far_cut = cut_polygon({{1e6f, 1e6f}, {1e6f + 1.0f, 1e6f}, {1e6f + 0.5f, 1e6f + 0.25f}});
    EXPECT_EQ(far_cut.problem, "none");
    EXPECT_EQ(far_cut.result.triangles.size(), 1u);
    const PolygonCut sliver = cut_polygon({{1e6f, 1e6f}, {1e6f + 1.0f, 1e6f}, {1e6f + 0.5f, 1e6f + 0.125f}});
    EXPECT_EQ(sliver.problem, "triangulation: the outline is too thin to cut into triangles with an area");
    EXPECT_TRUE(sliver.result.triangles.empty());
}

TEST(Triangulation, PolygonsThatAreNotSimpleAreRefused) {
    PolygonTriangulation out;
    const auto refusal = [&](const std::vector<glm::vec2>& hull, const std::vector<glm::vec2>& points = {}) {
        const PolygonTriangulationJob job{hull, points, &out};
        const Status s = job.run();
        return s.ok() ? std::string("accepted") : s.message();
    };
    EXPECT_EQ(refusal({{0, 1}, {2, 0}, {2, 2}, {0, 0}}), "triangulation: hull: the edges from vertex 0 and from vertex 2 meet");
    EXPECT_EQ(refusal({{0, 0}, {0, 1}, {1, 1}, {1, 0}}), "triangulation: hull: the polygon must turn counter-clockwise around an area");
    EXPECT_EQ(refusal({{0, 0}, {1, 0}, {1, 0}, {0, 1}}), "triangulation: hull: vertices 1 and 2 are at one place");
    EXPECT_EQ(refusal({{0, 0}, {2, 0}, {1, 0}, {1, 1}}), "triangulation: hull: the edges at vertex 1 fold back over each other");
    EXPECT_EQ(refusal({{0, 0}, {1, 0}, {0, 0}}), "triangulation: hull: the edges at vertex 1 fold back over each other");
    EXPECT_EQ(refusal({{0, 0}, {1, 0}, {2, 0}}), "triangulation: hull: the edges at vertex 2 fold back over each other");
    // A figure eight touching itself at one vertex.
    EXPECT_EQ(refusal({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}}),
              "triangulation: hull: the edges from vertex 1 and from vertex 5 meet");
    EXPECT_EQ(refusal({{0, 0}, {1, 0}, {std::nanf(""), 1}}), "triangulation: hull[2] must be between -1e15 and 1e15");
    EXPECT_EQ(refusal(unit_square(), std::vector<glm::vec2>(kMaxAttachmentMeshVertices, glm::vec2(0.5f))),
              "triangulation: at most 4096 vertices in all, not 4100");
    EXPECT_EQ(refusal({{0, 0}, {1, 0}}), "triangulation: a hull has at least 3 vertices");
}
