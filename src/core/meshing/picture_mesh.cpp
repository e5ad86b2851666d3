#include "core/meshing/picture_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/meshing/triangulation.hpp"

namespace marionette {

namespace {

// Whether p lies inside the polygon (crossings of a ray to the right).
bool inside_polygon(const std::vector<glm::dvec2>& polygon, const glm::dvec2& p) {
    bool inside = false;
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const glm::dvec2 a = polygon[i], b = polygon[j];
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)) inside = !inside;
    }
    return inside;
}

// Whether p is at least `clearance` from every edge of the polygon.
bool clear_of_edges(const std::vector<glm::dvec2>& polygon, const glm::dvec2& p, double clearance) {
    const double clearance2 = clearance * clearance;
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const glm::dvec2 a = polygon[j], ab = polygon[i] - a;
        const double length2 = glm::dot(ab, ab);
        const double t = length2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
        const glm::dvec2 off = p - (a + t * ab);
        if (glm::dot(off, off) < clearance2) return false;
    }
    return true;
}

// Points of a triangular lattice `spacing` apart inside the polygon and half a spacing clear of
// its edges (so no triangle at the border is a sliver), centred on its bounds; nothing when more
// than `budget` would be.
std::optional<std::vector<glm::dvec2>> lattice_inside(const std::vector<glm::dvec2>& polygon, double spacing, std::size_t budget) {
    glm::dvec2 low = polygon[0], high = polygon[0];
    for (const glm::dvec2& p : polygon) low = glm::min(low, p), high = glm::max(high, p);
    const double row_step = spacing * std::sqrt(3.0) / 2.0;
    const double columns = std::floor((high.x - low.x) / spacing), rows = std::floor((high.y - low.y) / row_step);
    if ((columns + 1.0) * (rows + 1.0) > 16.0 * double(budget) + 64.0) return std::nullopt;  // the caller widens the spacing
    const glm::dvec2 origin = low + 0.5 * glm::dvec2((high.x - low.x) - columns * spacing, (high.y - low.y) - rows * row_step);
    std::vector<glm::dvec2> points;
    for (int r = 0; r <= static_cast<int>(rows); ++r) {
        const double shift = (r % 2 == 1) ? 0.5 * spacing : 0.0;
        for (int c = 0; c <= static_cast<int>(columns); ++c) {
            const glm::dvec2 p = origin + glm::dvec2(c * spacing + shift, r * row_step);
            if (!inside_polygon(polygon, p) || !clear_of_edges(polygon, p, 0.5 * spacing)) continue;
            if (points.size() == budget) return std::nullopt;
            points.push_back(p);
        }
    }
    return points;
}

// The outline with its long sides cut into pieces of about `spacing` pixels: a border vertex
// every spacing lets the picture bend along its length (an arm's straight sides, else one edge
// from shoulder to wrist, would fold at the elbow instead). The new points are put on the half
// pixels the outline's own vertices lie on, where the triangulation's turn tests are exact; the
// hull stays within `budget` vertices.
std::vector<glm::vec2> subdivided_outline(const std::vector<glm::vec2>& pixel_hull, double spacing, std::size_t budget) {
    const std::size_t n = pixel_hull.size();
    double pieces_wanted = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        pieces_wanted += std::ceil(glm::length(glm::dvec2(pixel_hull[(i + 1) % n]) - glm::dvec2(pixel_hull[i])) / spacing);
    }
    // Fewer pieces, each longer, when the whole would pass the budget.
    const double stretch = std::max(1.0, pieces_wanted / double(budget));
    std::vector<glm::vec2> out;
    for (std::size_t i = 0; i < n; ++i) {
        const glm::dvec2 a = pixel_hull[i], b = pixel_hull[(i + 1) % n];
        out.push_back(pixel_hull[i]);
        const int pieces = std::max(1, static_cast<int>(std::ceil(glm::length(b - a) / (spacing * stretch) - 1e-9)));
        for (int k = 1; k < pieces; ++k) {
            const glm::dvec2 p = glm::round(2.0 * (a + (double(k) / pieces) * (b - a))) / 2.0;
            if (p != glm::dvec2(out.back()) && p != b) out.push_back(glm::vec2(p));
        }
    }
    return out;
}

}  // namespace

PictureMeshSettings picture_mesh_settings(float detail, int width, int height) {
    const double d = std::isfinite(detail) ? std::clamp(double(detail), 0.0, 1.0) : 0.5;
    const double longest = std::max({width, height, 1});
    // Each step of detail takes the same share off the tolerance and the spacing, so the middle
    // setting sits midway to the eye: the tolerance from 2% of the picture to 0.2%, the spacing
    // from 30% to 2.5%.
    PictureMeshSettings s;
    s.outline.tolerance = static_cast<float>(std::max(0.5, longest * 0.02 * std::pow(0.1, d)));
    s.outline.max_vertices = static_cast<std::size_t>(24.0 + (400.0 - 24.0) * d);
    s.spacing = static_cast<float>(longest * 0.3 * std::pow(0.025 / 0.3, d));
    return s;
}

Status PictureMeshJob::validate() const {
    if (!mesh) return Error{"picture mesh: missing output"};
    if (!(settings.spacing >= 0.0f && std::isfinite(settings.spacing))) return Error{"picture mesh: the spacing must be finite and >= 0"};
    std::vector<glm::vec2> unused;
    const PictureOutlineJob outline{rgba, width, height, size, settings.outline, &unused, nullptr};
    return outline.validate();
}

Status PictureMeshJob::run() const {
    if (Status s = validate(); !s) return s;
    std::vector<glm::vec2> hull, pixel_hull;
    const PictureOutlineJob outline{rgba, width, height, size, settings.outline, &hull, &pixel_hull};
    if (Status s = outline.run(); !s) return s;

    // Inner vertices are placed in pixels, where the spacing is given.
    const glm::dvec2 to_pixels(double(width) / size.x, double(height) / size.y);
    const auto to_picture = [&](const glm::vec2& p) { return glm::vec2(glm::dvec2(p) / to_pixels); };
    const auto mesh_inside = [&](const std::vector<glm::vec2>& cut_pixel_hull,
                                 const std::vector<glm::vec2>& cut_hull) -> Result<AttachmentMesh> {
        std::vector<glm::dvec2> polygon(cut_pixel_hull.begin(), cut_pixel_hull.end());
        std::vector<glm::vec2> pixel_points, points;
        if (settings.spacing > 0.0f && cut_hull.size() < kMaxAttachmentMeshVertices) {
            const std::size_t budget = kMaxAttachmentMeshVertices - cut_hull.size();
            // No spacing packs more lattice points into the picture than the budget holds.
            double spacing = std::max(double(settings.spacing), std::sqrt(double(width) * height / (0.866 * double(budget))));
            for (int attempt = 0; attempt < 64; ++attempt, spacing *= 1.2) {
                if (auto lattice = lattice_inside(polygon, spacing, budget)) {
                    for (const glm::dvec2& p : *lattice) pixel_points.push_back(glm::vec2(p));
                    break;
                }
            }
        }
        for (const glm::vec2& p : pixel_points) points.push_back(to_picture(p));

        // Cut first in pixels, where the outline's vertices lie exactly on half pixels and three
        // on a line are exactly on it, then placed in the picture's space; where rounding there
        // spoils a sliver, cut again in the picture's space itself.
        const auto cut_mesh = [&](std::span<const glm::vec2> hull_to_cut, std::span<const glm::vec2> points_to_cut,
                                  bool in_pixels) -> Result<AttachmentMesh> {
            PolygonTriangulation cut;
            const PolygonTriangulationJob triangulate{hull_to_cut, points_to_cut, &cut};
            if (Status s = triangulate.run(); !s) return Error{"picture mesh: " + s.message()};
            AttachmentMesh result;
            result.hull = cut_hull.size();
            result.vertices = std::move(cut.vertices);
            if (in_pixels) {
                for (std::size_t i = 0; i < result.vertices.size(); ++i)
                    result.vertices[i] = i < cut_hull.size() ? cut_hull[i] : to_picture(result.vertices[i]);
            }
            result.triangles = std::move(cut.triangles);
            for (const glm::vec2& v : result.vertices) result.uvs.push_back(glm::clamp(v / size, glm::vec2(0.0f), glm::vec2(1.0f)));
            if (auto problem = attachment_mesh_problem(result, 0, "picture mesh")) return Error{*problem};
            return result;
        };
        Result<AttachmentMesh> made = cut_mesh(cut_pixel_hull, pixel_points, true);
        if (!made.ok()) made = cut_mesh(cut_hull, points, false);
        return made;
    };
    Result<AttachmentMesh> made = Error{"no spacing"};
    if (settings.spacing > 0.0f) {
        // The outline's own vertices, in the picture's space, as it gave them; the new ones placed.
        const std::vector<glm::vec2> pixels_cut = subdivided_outline(pixel_hull, settings.spacing, kMaxAttachmentMeshVertices / 2);
        std::vector<glm::vec2> picture_cut;
        for (std::size_t i = 0, k = 0; i < pixels_cut.size(); ++i) {
            const bool own = k < pixel_hull.size() && pixels_cut[i] == pixel_hull[k];
            picture_cut.push_back(own ? hull[k++] : to_picture(pixels_cut[i]));
        }
        made = mesh_inside(pixels_cut, picture_cut);
    }
    // A subdivided outline that would not cut (a sharp corner whose new points crossed): the
    // outline as traced.
    if (!made.ok()) made = mesh_inside(pixel_hull, hull);
    if (!made.ok()) return made.status();
    *mesh = std::move(made).value();
    return {};
}

}  // namespace marionette
