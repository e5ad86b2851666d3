#include "core/meshing/auto_weights.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/base/extents.hpp"
#include "core/base/job_validated.hpp"

namespace marionette {

namespace {

double distance_to_bone(const glm::dvec2& p, const BoneSegment& bone) {
    const glm::dvec2 a(bone.joint), ab = glm::dvec2(bone.tip) - a;
    const double length2 = glm::dot(ab, ab);
    const double t = length2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * ab));
}

// A vertex's weights from each bone's pull (any scale, >= 0, some above 0): the four strongest,
// those below kMinAutoWeight of the whole dropped, scaled to sum to 1.
VertexWeights strongest_weights(std::span<const double> pull, std::span<const BoneSegment> bones) {
    std::array<std::size_t, kMeshBonesPerVertex> best{};
    std::size_t count = 0;
    for (std::size_t b = 0; b < pull.size(); ++b) {
        if (!(pull[b] > 0.0)) continue;
        std::size_t at = count < kMeshBonesPerVertex ? count++ : kMeshBonesPerVertex;
        if (at == kMeshBonesPerVertex) {
            if (pull[b] <= pull[best[kMeshBonesPerVertex - 1]]) continue;
            at = kMeshBonesPerVertex - 1;
        }
        while (at > 0 && pull[best[at - 1]] < pull[b]) {  // kept strongest first
            best[at] = best[at - 1];
            --at;
        }
        best[at] = b;
    }
    double sum = 0.0;
    for (std::size_t i = 0; i < count; ++i) sum += pull[best[i]];
    std::size_t kept = 1;  // the strongest always stays
    while (kept < count && pull[best[kept]] >= kMinAutoWeight * sum) ++kept;
    double kept_sum = 0.0;
    for (std::size_t i = 0; i < kept; ++i) kept_sum += pull[best[i]];
    VertexWeights w;
    w.count = static_cast<std::uint8_t>(kept);
    for (std::size_t i = 0; i < kept; ++i) {
        w.bones[i] = bones[best[i]].bone;
        w.weights[static_cast<int>(i)] = static_cast<float>(pull[best[i]] / kept_sum);
    }
    return w;
}

// The distances from every vertex to every bone, vertex-major, and how near counts as on one.
struct BoneDistances {
    std::vector<double> d;  // vertices x bones
    std::vector<double> nearest;
    double on_bone = 0.0;
};

BoneDistances bone_distances(std::span<const glm::vec2> vertices, std::span<const BoneSegment> bones) {
    glm::dvec2 low(vertices.empty() ? glm::dvec2(bones[0].joint) : glm::dvec2(vertices[0])), high = low;
    for (const glm::vec2& v : vertices) low = glm::min(low, glm::dvec2(v)), high = glm::max(high, glm::dvec2(v));
    for (const BoneSegment& b : bones) {
        low = glm::min(low, glm::min(glm::dvec2(b.joint), glm::dvec2(b.tip)));
        high = glm::max(high, glm::max(glm::dvec2(b.joint), glm::dvec2(b.tip)));
    }
    BoneDistances out;
    out.on_bone = 1e-6 * glm::length(high - low);
    const std::size_t nb = bones.size();
    out.d.resize(vertices.size() * nb);
    out.nearest.resize(vertices.size());
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        double nearest = HUGE_VAL;
        for (std::size_t b = 0; b < nb; ++b) {
            out.d[v * nb + b] = distance_to_bone(glm::dvec2(vertices[v]), bones[b]);
            nearest = std::min(nearest, out.d[v * nb + b]);
        }
        out.nearest[v] = nearest;
    }
    return out;
}

// The pull of each bone on a vertex on a bone (those it is on, evenly), or its distance pull.
void distance_pull(const BoneDistances& dist, std::size_t v, std::size_t nb, float falloff, std::span<double> pull) {
    const double nearest = dist.nearest[v];
    for (std::size_t b = 0; b < nb; ++b) {
        const double d = dist.d[v * nb + b];
        if (nearest <= dist.on_bone) {
            pull[b] = d <= dist.on_bone ? 1.0 : 0.0;
        } else {
            pull[b] = std::pow(nearest / d, double(falloff));  // the nearest 1, the rest less: no overflow
        }
    }
}

// The symmetric matrix L + A H of the heat system, rows compressed.
struct HeatMatrix {
    std::vector<std::size_t> start;  // row i's entries are start[i] to start[i + 1]
    std::vector<std::uint32_t> column;
    std::vector<double> value;
    std::vector<double> diagonal;

    void multiply(std::span<const double> x, std::span<double> out) const {
        for (std::size_t i = 0; i < diagonal.size(); ++i) {
            double sum = diagonal[i] * x[i];
            for (std::size_t k = start[i]; k < start[i + 1]; ++k) sum += value[k] * x[column[k]];
            out[i] = sum;
        }
    }
};

// Solves m x = rhs by conjugate gradients with the diagonal as preconditioner, from x's start;
// the matrix is symmetric positive definite (a Laplacian's stiffness plus a positive diagonal).
void solve_heat(const HeatMatrix& m, std::span<const double> rhs, std::span<double> x) {
    const std::size_t n = rhs.size();
    std::vector<double> r(n), z(n), p(n), q(n);
    m.multiply(x, q);
    double rhs_norm2 = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        r[i] = rhs[i] - q[i];
        z[i] = r[i] / m.diagonal[i];
        p[i] = z[i];
        rhs_norm2 += rhs[i] * rhs[i];
    }
    double rz = std::inner_product(r.begin(), r.end(), z.begin(), 0.0);
    const double goal = 1e-16 * rhs_norm2;
    for (std::size_t iteration = 0; iteration < 2 * n + 100; ++iteration) {
        if (std::inner_product(r.begin(), r.end(), r.begin(), 0.0) <= goal) return;
        m.multiply(p, q);
        const double pq = std::inner_product(p.begin(), p.end(), q.begin(), 0.0);
        if (!(pq > 0.0)) return;
        const double alpha = rz / pq;
        for (std::size_t i = 0; i < n; ++i) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = r[i] / m.diagonal[i];
        }
        const double rz_next = std::inner_product(r.begin(), r.end(), z.begin(), 0.0);
        const double beta = rz_next / rz;
        rz = rz_next;
        for (std::size_t i = 0; i < n; ++i) p[i] = z[i] + beta * p[i];
    }
}

}  // namespace

Status AutoWeightsJob::validate() const {
    const std::size_t n = vertices.size();
    if (n > kMaxAttachmentMeshVertices) return Error{"auto weights: at most " + std::to_string(kMaxAttachmentMeshVertices) + " vertices"};
    if (weights.size() != n) return Error{"auto weights: the output does not hold one set of weights per vertex"};
    if (bones.empty() || bones.size() > kMaxAutoWeightsBones) {
        return Error{"auto weights: 1 to " + std::to_string(kMaxAutoWeightsBones) + " bones, not " + std::to_string(bones.size())};
    }
    if (!(falloff >= 0.5f && falloff <= kMaxAutoWeightsFalloff)) return Error{"auto weights: the falloff is 0.5 to 16"};
    const auto in_range = [](const glm::vec2& v) { return std::abs(v.x) <= kMaxCoordinate && std::abs(v.y) <= kMaxCoordinate; };
    for (std::size_t i = 0; i < n; ++i) {
        if (!in_range(vertices[i])) return Error{"auto weights: vertices[" + std::to_string(i) + "] must be " + kCoordinateRange};
    }
    std::unordered_set<std::uint16_t> seen;
    for (std::size_t b = 0; b < bones.size(); ++b) {
        if (!in_range(bones[b].joint) || !in_range(bones[b].tip))
            return Error{"auto weights: bones[" + std::to_string(b) + "] must be " + kCoordinateRange};
        if (!seen.insert(bones[b].bone).second) return Error{"auto weights: bone " + std::to_string(bones[b].bone) + " is given twice"};
    }
    for (std::size_t t = 0; t < triangles.size(); ++t) {
        for (std::uint16_t i : triangles[t]) {
            if (i >= n) return Error{"auto weights: triangles[" + std::to_string(t) + "]: " + std::to_string(i) + " is not a vertex"};
        }
    }
    return {};
}

void AutoWeightsJob::run() const {
    assert_validated(*this, "AutoWeightsJob");
    const std::size_t n = vertices.size(), nb = bones.size();
    const BoneDistances dist = bone_distances(vertices, bones);
    std::vector<double> pull(nb);
    const auto by_distance = [&](std::size_t v) {
        distance_pull(dist, v, nb, falloff, pull);
        weights[v] = strongest_weights(pull, bones);
    };
    if (method == AutoWeightsMethod::distance || triangles.empty()) {
        for (std::size_t v = 0; v < n; ++v) by_distance(v);
        return;
    }

    // The cotangent Laplacian (half the cotangents of the angles facing an edge) and each
    // vertex's third of its triangles' areas; triangles of no area add nothing.
    std::vector<std::vector<std::pair<std::uint32_t, double>>> edges(n);
    std::vector<double> area(n, 0.0);
    const auto add_edge = [&](std::uint32_t i, std::uint32_t j, double w) {
        for (auto& [k, sum] : edges[i]) {
            if (k == j) {
                sum += w;
                return;
            }
        }
        edges[i].push_back({j, w});
    };
    for (const auto& tri : triangles) {
        const glm::dvec2 p[3] = {glm::dvec2(vertices[tri[0]]), glm::dvec2(vertices[tri[1]]), glm::dvec2(vertices[tri[2]])};
        const glm::dvec2 ab = p[1] - p[0], ac = p[2] - p[0];
        const double twice_area = std::abs(ab.x * ac.y - ab.y * ac.x);
        if (!(twice_area > 1e-12 * (glm::dot(ab, ab) + glm::dot(ac, ac)))) continue;
        for (std::size_t k = 0; k < 3; ++k) {
            const glm::dvec2 e1 = p[(k + 1) % 3] - p[k], e2 = p[(k + 2) % 3] - p[k];
            const double w = 0.5 * glm::dot(e1, e2) / twice_area;
            const std::uint32_t i = tri[(k + 1) % 3], j = tri[(k + 2) % 3];
            add_edge(i, j, w);
            add_edge(j, i, w);
            area[tri[k]] += twice_area / 6.0;
        }
    }
    HeatMatrix m;
    m.start.push_back(0);
    m.diagonal.assign(n, 0.0);
    std::vector<double> heat(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        for (const auto& [j, w] : edges[i]) {
            if (j == i) continue;
            m.column.push_back(j);
            m.value.push_back(-w);
            m.diagonal[i] += w;
        }
        m.start.push_back(m.column.size());
        // The heat pins a vertex to its nearest bone as 1 / d^2; on the bone, as if a hair off it.
        heat[i] = area[i] / std::pow(std::max(dist.nearest[i], 100.0 * dist.on_bone), 2.0);
        m.diagonal[i] += heat[i];
        if (!(m.diagonal[i] > 0.0)) m.diagonal[i] = 1.0;  // in no triangle: weighed by distance below
    }
    // p: 1 (shared where several are as near) for each vertex's nearest bones.
    std::vector<double> nearest_share(n * nb, 0.0);
    for (std::size_t v = 0; v < n; ++v) {
        std::size_t ties = 0;
        for (std::size_t b = 0; b < nb; ++b) ties += dist.d[v * nb + b] <= dist.nearest[v] * (1.0 + 1e-9) + dist.on_bone ? 1 : 0;
        for (std::size_t b = 0; b < nb; ++b) {
            if (dist.d[v * nb + b] <= dist.nearest[v] * (1.0 + 1e-9) + dist.on_bone) nearest_share[v * nb + b] = 1.0 / double(ties);
        }
    }
    std::vector<double> solved(n * nb, 0.0), rhs(n), x(n);
    for (std::size_t b = 0; b < nb; ++b) {
        bool any = false;
        for (std::size_t v = 0; v < n; ++v) {
            rhs[v] = heat[v] * nearest_share[v * nb + b];
            x[v] = nearest_share[v * nb + b];
            any = any || rhs[v] > 0.0;
        }
        if (!any) continue;  // no vertex is nearest this bone: with no heat, its weights are 0 everywhere
        solve_heat(m, rhs, x);
        for (std::size_t v = 0; v < n; ++v) solved[v * nb + b] = x[v];
    }
    for (std::size_t v = 0; v < n; ++v) {
        if (area[v] <= 0.0 || dist.nearest[v] <= dist.on_bone) {
            by_distance(v);
            continue;
        }
        double total = 0.0;
        for (std::size_t b = 0; b < nb; ++b) {
            pull[b] = std::max(solved[v * nb + b], 0.0);  // obtuse triangles' negative cotangents can undershoot
            total += pull[b];
        }
        if (!(total > 0.0) || !std::isfinite(total)) {
            by_distance(v);
            continue;
        }
        weights[v] = strongest_weights(pull, bones);
    }
}

}  // namespace marionette
