#pragma once
// A polygon with points inside it cut into triangles: the outline's edges kept (constrained), the
// points joined to it and to each other so that the triangles are as round as the outline lets
// them be (constrained Delaunay, by Lawson's flips). Written here because the libraries Debian
// ships for it are GPL (CGAL) or not free (Triangle). The polygon is first cut into ears, each
// point then splits the triangle or edge it falls on, and every edge that is not Delaunay and
// not the outline's is flipped. Every decision is a sign of the same cross product the mesh
// rule reads (attachment_mesh_problem), and a triangle is made only where the rule's rounded
// centre falls inside it, so no triangle this makes is one the rule refuses. Points a rounding
// away from an edge go onto it; exactly collinear and repeated points are handled.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/meshing/triangulation_polygon.hpp"

namespace marionette {

struct PolygonTriangulation {
    std::vector<glm::vec2> vertices;                      // the hull as given, then the points kept, in their order
    std::vector<std::array<std::uint16_t, 3>> triangles;  // counter-clockwise, covering the hull once
    std::size_t dropped = 0;                              // points not kept: outside, on the hull, or where another vertex is
};

struct PolygonTriangulationJob {
    // Inputs: a simple polygon (no edge crosses or touches another but its neighbours, no two
    // vertices at one place), counter-clockwise, 3 or more vertices; and points meant to lie
    // inside it. Together at most kMaxAttachmentMeshVertices, each finite and within
    // +-kMaxCoordinate.
    std::span<const glm::vec2> hull;
    std::span<const glm::vec2> points;
    // Output.
    PolygonTriangulation* output = nullptr;

    Status validate() const;
    // An error only where rounding leaves the polygon no ear the rule would accept (a sliver
    // so thin that its centre rounds onto its edge); the output is then empty.
    Status run() const;
};

}  // namespace marionette
