#include "core/meshing/picture_outline.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/extents.hpp"
#include "core/image/image_decode.hpp"
#include "core/mesh/attachment_mesh.hpp"
#include "core/meshing/triangulation.hpp"

namespace marionette {

namespace {

// Which blocks of `block` x `block` pixels are the picture's, rows from the bottom (the
// picture's space runs up), grown by `grow` blocks in every direction (a square's reach).
struct OutlineMask {
    int columns = 0, rows = 0;
    std::vector<std::uint8_t> inside;  // columns x rows, 1 for the picture's

    bool at(int x, int y) const {
        return x >= 0 && y >= 0 && x < columns && y < rows && inside[static_cast<std::size_t>(y * columns + x)] != 0;
    }
};

// A run of `reach` either side, along one axis: a cell counts when any cell within reach does.
void grow_along(std::vector<std::uint8_t>& cells, int length, int lines, int stride_along, int stride_across, int reach) {
    std::vector<std::uint8_t> line(static_cast<std::size_t>(length));
    std::vector<int> count(static_cast<std::size_t>(length) + 1);
    for (int l = 0; l < lines; ++l) {
        for (int i = 0; i < length; ++i)
            line[static_cast<std::size_t>(i)] = cells[static_cast<std::size_t>(l * stride_across + i * stride_along)];
        count[0] = 0;
        for (int i = 0; i < length; ++i)
            count[static_cast<std::size_t>(i) + 1] = count[static_cast<std::size_t>(i)] + line[static_cast<std::size_t>(i)];
        for (int i = 0; i < length; ++i) {
            const int low = std::max(0, i - reach), high = std::min(length, i + reach + 1);
            cells[static_cast<std::size_t>(l * stride_across + i * stride_along)] =
                count[static_cast<std::size_t>(high)] - count[static_cast<std::size_t>(low)] > 0 ? 1 : 0;
        }
    }
}

OutlineMask outline_mask(std::span<const std::uint8_t> rgba, int width, int height, int block, int threshold, int grow) {
    OutlineMask mask;
    mask.columns = (width + block - 1) / block;
    mask.rows = (height + block - 1) / block;
    mask.inside.assign(static_cast<std::size_t>(mask.columns) * static_cast<std::size_t>(mask.rows), 0);
    for (int py = 0; py < height; ++py) {
        const int row = (height - 1 - py) / block;  // image rows run down, the picture's space up
        for (int px = 0; px < width; ++px) {
            if (rgba[(static_cast<std::size_t>(py) * static_cast<std::size_t>(width) + static_cast<std::size_t>(px)) * 4 + 3] > threshold) {
                mask.inside[static_cast<std::size_t>(row * mask.columns + px / block)] = 1;
            }
        }
    }
    if (grow > 0) {
        grow_along(mask.inside, mask.columns, mask.rows, 1, mask.columns, grow);
        grow_along(mask.inside, mask.rows, mask.columns, mask.columns, 1, grow);
    }
    return mask;
}

// Marching squares over the mask's block centres, one block of nothing around it. A contour
// point is the middle of a lattice edge between a block inside and one outside, so every point
// lies on the mask's rectangle or within it. Each cell's pieces run with the inside on their
// left (outer contours counter-clockwise, holes clockwise) and, where two inside corners face
// each other across a cell, join them. Returns the largest outer contour in block units.
std::vector<glm::dvec2> largest_contour(const OutlineMask& mask) {
    const int sw = mask.columns + 2, sh = mask.rows + 2;
    const auto sample = [&](int i, int j) { return mask.at(i - 1, j - 1); };
    const std::size_t vertical_ids = static_cast<std::size_t>(sw) * static_cast<std::size_t>(sh);
    const auto horizontal_id = [&](int i, int j) {
        return static_cast<std::size_t>(j) * static_cast<std::size_t>(sw) + static_cast<std::size_t>(i);
    };
    const auto vertical_id = [&](int i, int j) { return vertical_ids + horizontal_id(i, j); };
    std::vector<std::int32_t> next(2 * vertical_ids, -1);
    for (int j = 0; j + 1 < sh; ++j) {
        for (int i = 0; i + 1 < sw; ++i) {
            // Corners counter-clockwise from the bottom left; edge k runs from corner k to k + 1.
            const bool in[4] = {sample(i, j), sample(i + 1, j), sample(i + 1, j + 1), sample(i, j + 1)};
            if (in[0] == in[1] && in[1] == in[2] && in[2] == in[3]) continue;
            const std::size_t edge[4] = {horizontal_id(i, j), vertical_id(i + 1, j), horizontal_id(i, j + 1), vertical_id(i, j)};
            for (int k = 0; k < 4; ++k) {
                if (!in[k] || in[(k + 1) % 4]) continue;  // a piece starts where the border leaves the inside
                for (int s = 1; s < 4; ++s) {
                    const int m = (k + s) % 4;
                    if (!in[m] && in[(m + 1) % 4]) {
                        next[edge[k]] = static_cast<std::int32_t>(edge[m]);
                        break;
                    }
                }
            }
        }
    }
    const auto point = [&](std::size_t id) {
        if (id >= vertical_ids) {
            const std::size_t v = id - vertical_ids;
            return glm::dvec2(double(v % std::size_t(sw)) - 0.5, double(v / std::size_t(sw)));
        }
        return glm::dvec2(double(id % std::size_t(sw)), double(id / std::size_t(sw)) - 0.5);
    };
    std::vector<glm::dvec2> best, contour;
    double best_area = 0.0;
    for (std::size_t start = 0; start < next.size(); ++start) {
        if (next[start] < 0) continue;
        contour.clear();
        std::size_t id = start;
        // Each id is followed once (it is marked as it goes), so this ends within next.size() steps.
        while (next[id] >= 0) {
            contour.push_back(point(id));
            const auto to = static_cast<std::size_t>(next[id]);
            next[id] = -2;
            id = to;
        }
        double area = 0.0;
        for (std::size_t i = 0; i < contour.size(); ++i) {
            const glm::dvec2 p = contour[i], q = contour[(i + 1) % contour.size()];
            area += p.x * q.y - q.x * p.y;
        }
        if (area > best_area) {
            best_area = area;
            best.swap(contour);
        }
    }
    // Points in the middle of a straight run say nothing: dropping them keeps the polygon exactly.
    std::vector<glm::dvec2> corners;
    for (std::size_t i = 0; i < best.size(); ++i) {
        const glm::dvec2 p = best[(i + best.size() - 1) % best.size()], q = best[i], r = best[(i + 1) % best.size()];
        if ((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) != 0.0) corners.push_back(q);
    }
    return corners;
}

double segment_distance(const glm::dvec2& p, const glm::dvec2& a, const glm::dvec2& b) {
    const glm::dvec2 ab = b - a;
    const double length2 = glm::dot(ab, ab);
    const double t = length2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * ab));
}

// The ring point between `from` and `to` (exclusive, going forward, wrapping) farthest from
// their segment, and its distance; from itself when there is none between.
std::pair<std::size_t, double> farthest_between(const std::vector<glm::dvec2>& ring, std::size_t from, std::size_t to) {
    const std::size_t n = ring.size();
    std::pair<std::size_t, double> best{from, -1.0};
    for (std::size_t i = (from + 1) % n; i != to; i = (i + 1) % n) {
        const double d = segment_distance(ring[i], ring[from], ring[to]);
        if (d > best.second) best = {i, d};
    }
    return best;
}

// Douglas-Peucker on a closed ring: which points stay so that none strays past `tolerance`.
std::vector<bool> douglas_peucker(const std::vector<glm::dvec2>& ring, double tolerance) {
    const std::size_t n = ring.size();
    std::vector<bool> keep(n, false);
    std::size_t far = 0;
    double far_distance = -1.0;
    for (std::size_t i = 1; i < n; ++i) {
        const double d = glm::length(ring[i] - ring[0]);
        if (d > far_distance) far = i, far_distance = d;
    }
    keep[0] = keep[far] = true;
    std::vector<std::pair<std::size_t, std::size_t>> spans{{0, far}, {far, 0}};
    while (!spans.empty()) {  // each span kept splits at a new point: at most n spans in all
        const auto [from, to] = spans.back();
        spans.pop_back();
        const auto [i, d] = farthest_between(ring, from, to);
        if (i != from && d > tolerance) {
            keep[i] = true;
            spans.push_back({from, i});
            spans.push_back({i, to});
        }
    }
    // Two points hold no area: the one farthest from their line makes a triangle.
    if (std::count(keep.begin(), keep.end(), true) < 3) {
        const auto [i, d] = farthest_between(ring, far, 0);
        const auto [j, e] = farthest_between(ring, 0, far);
        keep[d >= e ? i : j] = true;
    }
    return keep;
}

bool ring_segments_cross(const glm::dvec2& p, const glm::dvec2& q, const glm::dvec2& r, const glm::dvec2& s) {
    const auto side = [](const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& c) {
        return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    };
    const double d1 = side(p, q, r), d2 = side(p, q, s), d3 = side(r, s, p), d4 = side(r, s, q);
    return ((d1 > 0) != (d2 > 0) || d1 == 0 || d2 == 0) && ((d3 > 0) != (d4 > 0) || d3 == 0 || d4 == 0);
}

// Puts back ring points until the kept polygon's edges cross nowhere: for each edge that meets
// a non-neighbour, the point between its ends farthest from it. The traced ring is simple, so
// this ends at the latest when every point is back.
void untangle(const std::vector<glm::dvec2>& ring, std::vector<bool>& keep) {
    for (std::size_t round = 0; round < ring.size(); ++round) {
        std::vector<std::size_t> kept;
        for (std::size_t i = 0; i < ring.size(); ++i) {
            if (keep[i]) kept.push_back(i);
        }
        const std::size_t k = kept.size();
        std::vector<bool> tangled(k, false);
        for (std::size_t a = 0; a < k; ++a) {
            for (std::size_t b = a + 1; b < k; ++b) {
                if (b == a + 1 || (a == 0 && b == k - 1)) continue;
                const glm::dvec2 p = ring[kept[a]], q = ring[kept[(a + 1) % k]], r = ring[kept[b]], s = ring[kept[(b + 1) % k]];
                if (std::max(p.x, q.x) < std::min(r.x, s.x) || std::max(r.x, s.x) < std::min(p.x, q.x) ||
                    std::max(p.y, q.y) < std::min(r.y, s.y) || std::max(r.y, s.y) < std::min(p.y, q.y)) {
                    continue;
                }
                if (ring_segments_cross(p, q, r, s)) tangled[a] = tangled[b] = true;
            }
        }
        // Neighbouring edges that fold back over each other overlap along a stretch.
        for (std::size_t a = 0; a < k; ++a) {
            const glm::dvec2 p = ring[kept[a]], q = ring[kept[(a + 1) % k]], r = ring[kept[(a + 2) % k]];
            const double turn = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
            if (turn == 0.0 && glm::dot(p - q, r - q) > 0.0) tangled[a] = tangled[(a + 1) % k] = true;
        }
        bool changed = false;
        for (std::size_t a = 0; a < k; ++a) {
            if (!tangled[a]) continue;
            const auto [i, d] = farthest_between(ring, kept[a], kept[(a + 1) % k]);
            if (i != kept[a]) keep[i] = changed = true;
        }
        if (!changed) return;
    }
}

}  // namespace

Status PictureOutlineJob::validate() const {
    if (!outline) return Error{"picture outline: missing output"};
    if (width < 1 || height < 1 || width > kMaxImageSide || height > kMaxImageSide) {
        return Error{"picture outline: a picture is 1 to " + std::to_string(kMaxImageSide) + " pixels a side, not " +
                     std::to_string(width) + " x " + std::to_string(height)};
    }
    if (rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
        return Error{"picture outline: the pixels are not 4 bytes each of a " + std::to_string(width) + " x " + std::to_string(height) +
                     " picture"};
    }
    if (!(size.x > 0.0f && size.y > 0.0f && size.x <= kMaxCoordinate && size.y <= kMaxCoordinate)) {
        return Error{"picture outline: the size must be above 0 and at most 1e15 each way"};
    }
    if (settings.alpha_threshold < 0 || settings.alpha_threshold > 254) return Error{"picture outline: the alpha threshold is 0 to 254"};
    if (settings.margin < 0 || settings.margin > kMaxOutlineMargin) {
        return Error{"picture outline: the margin is 0 to " + std::to_string(kMaxOutlineMargin) + " pixels"};
    }
    if (!(settings.tolerance >= 0.0f && std::isfinite(settings.tolerance)))
        return Error{"picture outline: the tolerance must be finite and >= 0"};
    if (settings.max_vertices < 3 || settings.max_vertices > kMaxAttachmentMeshVertices) {
        return Error{"picture outline: the outline's vertices at most are 3 to " + std::to_string(kMaxAttachmentMeshVertices)};
    }
    return {};
}

Status PictureOutlineJob::run() const {
    if (Status s = validate(); !s) return s;
    outline->clear();
    if (pixel_outline) pixel_outline->clear();
    const int block = (std::max(width, height) + kMaxOutlineTraceSide - 1) / kMaxOutlineTraceSide;
    const OutlineMask mask = outline_mask(rgba, width, height, block, settings.alpha_threshold, (settings.margin + block - 1) / block);
    const std::vector<glm::dvec2> ring = largest_contour(mask);
    if (ring.size() < 3) {
        return Error{"picture outline: no pixel has an alpha above " + std::to_string(settings.alpha_threshold)};
    }
    // The tolerance grows until the untangled outline fits its budget; at a tolerance past the
    // picture's size Douglas-Peucker keeps three points, so the growth ends.
    double tolerance = std::max(double(settings.tolerance) / block, 1e-9);
    const double largest = std::max(mask.columns, mask.rows);
    std::vector<bool> keep;
    for (int attempt = 0; attempt < 200; ++attempt) {
        keep = douglas_peucker(ring, tolerance);
        if (static_cast<std::size_t>(std::count(keep.begin(), keep.end(), true)) <= settings.max_vertices) {
            untangle(ring, keep);
            if (static_cast<std::size_t>(std::count(keep.begin(), keep.end(), true)) <= settings.max_vertices) break;
        }
        if (tolerance > 4.0 * largest) break;
        tolerance *= 1.25;
    }
    const double to_x = double(size.x) / mask.columns, to_y = double(size.y) / mask.rows;
    const double to_pixel_x = double(width) / mask.columns, to_pixel_y = double(height) / mask.rows;
    if (pixel_outline) pixel_outline->clear();
    for (std::size_t i = 0; i < ring.size(); ++i) {
        if (!keep[i]) continue;
        const glm::vec2 p(static_cast<float>(ring[i].x * to_x), static_cast<float>(ring[i].y * to_y));
        // A size so small that two vertices round to one place keeps the first.
        if (!outline->empty() && (outline->back() == p || (outline->size() > 1 && outline->front() == p))) continue;
        outline->push_back(p);
        if (pixel_outline)
            pixel_outline->push_back({static_cast<float>(ring[i].x * to_pixel_x), static_cast<float>(ring[i].y * to_pixel_y)});
    }
    if (outline->size() > kMaxAttachmentMeshVertices) {
        outline->clear();
        if (pixel_outline) pixel_outline->clear();
        return Error{"picture outline: the outline needs more than " + std::to_string(kMaxAttachmentMeshVertices) + " vertices"};
    }
    if (auto problem = simple_polygon_problem(*outline)) {
        outline->clear();
        if (pixel_outline) pixel_outline->clear();
        return Error{"picture outline: at this size the outline is not a simple polygon (" + *problem + ")"};
    }
    return {};
}

}  // namespace marionette
