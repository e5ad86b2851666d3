#include "core/meshing/weight_paint.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace marionette {

namespace {

struct BoneWeight {
    std::uint16_t bone;
    double weight;
};

// Up to a dozen entries: a vertex's own bones and its neighbours'.
using WeightList = std::vector<BoneWeight>;

WeightList weight_list(const VertexWeights& w) {
    WeightList list;
    for (std::size_t i = 0; i < w.count && i < kMeshBonesPerVertex; ++i)
        list.push_back({w.bones[i], double(w.weights[static_cast<int>(i)])});
    return list;
}

void add_weight(WeightList& list, std::uint16_t bone, double weight) {
    for (BoneWeight& e : list) {
        if (e.bone == bone) {
            e.weight += weight;
            return;
        }
    }
    list.push_back({bone, weight});
}

// The strongest four, none below kMinPaintWeight (the strongest always kept), scaled to sum to
// 1; a list with no weight at all keeps `fallback`'s.
VertexWeights strongest_four(WeightList list, const VertexWeights& fallback) {
    std::stable_sort(list.begin(), list.end(), [](const BoneWeight& a, const BoneWeight& b) { return a.weight > b.weight; });
    if (list.empty() || !(list[0].weight > 0.0)) return fallback;
    if (list.size() > kMeshBonesPerVertex) list.resize(kMeshBonesPerVertex);
    double sum = 0.0;
    for (const BoneWeight& e : list) sum += e.weight;
    // The strongest of at most four holds a quarter of the sum or more, so it always stays.
    std::erase_if(list, [&](const BoneWeight& e) { return !(e.weight >= kMinPaintWeight * sum); });
    sum = 0.0;
    for (const BoneWeight& e : list) sum += e.weight;
    VertexWeights w;
    w.count = static_cast<std::uint8_t>(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        w.bones[i] = list[i].bone;
        w.weights[static_cast<int>(i)] = static_cast<float>(list[i].weight / sum);
    }
    return w;
}

bool weights_fit(const VertexWeights& w, std::size_t bone_count) {
    if (w.count < 1 || w.count > kMeshBonesPerVertex) return false;
    for (std::size_t i = 0; i < w.count; ++i) {
        if (w.bones[i] >= bone_count || !(w.weights[static_cast<int>(i)] > 0.0f && w.weights[static_cast<int>(i)] <= 1.0f)) return false;
        for (std::size_t j = 0; j < i; ++j) {
            if (w.bones[j] == w.bones[i]) return false;
        }
    }
    return true;
}

}  // namespace

float brush_influence(const WeightBrush& brush, float distance) {
    if (!(distance < brush.radius) || !(brush.radius > 0.0f)) return 0.0f;
    const float t = std::max(distance, 0.0f) / brush.radius;
    float shape = 1.0f;
    switch (brush.falloff) {
        case WeightBrushFalloff::constant: shape = 1.0f; break;
        case WeightBrushFalloff::linear: shape = 1.0f - t; break;
        case WeightBrushFalloff::smooth: shape = (1.0f - t * t) * (1.0f - t * t); break;
    }
    return std::clamp(brush.strength, 0.0f, 1.0f) * shape;
}

VertexWeights with_bone_weight(const VertexWeights& w, std::uint16_t bone, float value) {
    const double target = std::isfinite(value) ? std::clamp(double(value), 0.0, 1.0) : 0.0;
    WeightList others;
    for (const BoneWeight& e : weight_list(w)) {
        if (e.bone != bone && e.weight > 0.0) others.push_back(e);
    }
    VertexWeights alone;
    alone.count = 1;
    alone.bones[0] = bone;
    alone.weights[0] = 1.0f;
    if (others.empty() || target >= 1.0) return alone;  // nothing else to follow, or all on it
    // The others share what is left as they shared what they had; the painted bone stays
    // whatever its weight, so with four others the weakest of them goes.
    std::stable_sort(others.begin(), others.end(), [](const BoneWeight& a, const BoneWeight& b) { return a.weight > b.weight; });
    const bool keeps_bone = target >= kMinPaintWeight;
    const std::size_t room = kMeshBonesPerVertex - (keeps_bone ? 1 : 0);
    if (others.size() > room) others.resize(room);
    double kept_sum = 0.0;
    for (const BoneWeight& e : others) kept_sum += e.weight;
    for (BoneWeight& e : others) e.weight *= (1.0 - target) / kept_sum;
    std::erase_if(others, [](const BoneWeight& e) { return !(e.weight >= kMinPaintWeight); });
    if (others.empty()) return alone;
    if (keeps_bone) others.push_back({bone, target});
    return strongest_four(others, alone);
}

std::vector<VertexWeights> weights_on_bone(std::size_t count, std::uint16_t bone) {
    VertexWeights w;
    w.count = 1;
    w.bones[0] = bone;
    w.weights[0] = 1.0f;
    return std::vector<VertexWeights>(count, w);
}

Result<std::size_t> apply_weight_brush(const WeightBrush& brush, std::span<const glm::vec2> vertices,
                                       std::span<const std::array<std::uint16_t, 3>> triangles, std::size_t bone_count,
                                       std::span<VertexWeights> weights) {
    const std::size_t n = vertices.size();
    if (weights.size() != n)
        return Error{"weight brush: one set of weights a vertex (" + std::to_string(n) + "), not " + std::to_string(weights.size())};
    if (!(brush.radius > 0.0f && std::isfinite(brush.radius))) return Error{"weight brush: the radius must be finite and above 0"};
    if (!(brush.strength >= 0.0f && brush.strength <= 1.0f)) return Error{"weight brush: the strength is 0 to 1"};
    if (!std::isfinite(brush.centre.x) || !std::isfinite(brush.centre.y)) return Error{"weight brush: the centre must be finite"};
    if (brush.mode != WeightBrushMode::smooth && brush.bone >= bone_count) {
        return Error{"weight brush: bone " + std::to_string(brush.bone) + " is not a bone"};
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (!weights_fit(weights[i], bone_count))
            return Error{"weight brush: weights[" + std::to_string(i) + "] break the mesh's weight rule"};
    }
    for (std::size_t t = 0; t < triangles.size(); ++t) {
        for (std::uint16_t i : triangles[t]) {
            if (i >= n) return Error{"weight brush: triangles[" + std::to_string(t) + "]: " + std::to_string(i) + " is not a vertex"};
        }
    }

    std::vector<float> influence(n, 0.0f);
    for (std::size_t i = 0; i < n; ++i) influence[i] = brush_influence(brush, glm::length(vertices[i] - brush.centre));
    std::size_t changed = 0;
    if (brush.mode != WeightBrushMode::smooth) {
        for (std::size_t i = 0; i < n; ++i) {
            if (influence[i] <= 0.0f) continue;
            float current = 0.0f;
            for (std::size_t k = 0; k < weights[i].count; ++k) {
                if (weights[i].bones[k] == brush.bone) current = weights[i].weights[static_cast<int>(k)];
            }
            const float step = brush.mode == WeightBrushMode::add ? influence[i] : -influence[i];
            const VertexWeights next = with_bone_weight(weights[i], brush.bone, current + step);
            if (!(next == weights[i])) ++changed;
            weights[i] = next;
        }
        return changed;
    }

    // Smoothing reads every neighbour's weights as they were before the dab, so the result does
    // not depend on the order vertices are visited in.
    std::vector<std::vector<std::uint32_t>> neighbours(n);
    for (const auto& tri : triangles) {
        for (std::size_t k = 0; k < 3; ++k) {
            if (influence[tri[k]] <= 0.0f) continue;
            for (std::size_t j = 1; j < 3; ++j) {
                const std::uint32_t other = tri[(k + j) % 3];
                auto& list = neighbours[tri[k]];
                if (other != tri[k] && std::find(list.begin(), list.end(), other) == list.end()) list.push_back(other);
            }
        }
    }
    const std::vector<VertexWeights> before(weights.begin(), weights.end());
    for (std::size_t i = 0; i < n; ++i) {
        if (influence[i] <= 0.0f || neighbours[i].empty()) continue;
        const double f = influence[i];
        WeightList mix;
        for (const BoneWeight& e : weight_list(before[i])) add_weight(mix, e.bone, (1.0 - f) * e.weight);
        const double share = f / double(neighbours[i].size());
        for (std::uint32_t j : neighbours[i]) {
            for (const BoneWeight& e : weight_list(before[j])) add_weight(mix, e.bone, share * e.weight);
        }
        const VertexWeights next = strongest_four(mix, before[i]);
        if (!(next == weights[i])) ++changed;
        weights[i] = next;
    }
    return changed;
}

Status set_vertex_weight(std::span<VertexWeights> weights, std::span<const std::uint32_t> selected, std::uint16_t bone, float value,
                         std::size_t bone_count) {
    if (bone >= bone_count) return Error{"vertex weight: bone " + std::to_string(bone) + " is not a bone"};
    if (!(value >= 0.0f && value <= 1.0f)) return Error{"vertex weight: a weight is 0 to 1"};
    for (std::uint32_t i : selected) {
        if (i >= weights.size()) return Error{"vertex weight: vertex " + std::to_string(i) + " is not a vertex"};
        if (!weights_fit(weights[i], bone_count))
            return Error{"vertex weight: vertex " + std::to_string(i) + "'s weights break the mesh's weight rule"};
    }
    for (std::uint32_t i : selected) weights[i] = with_bone_weight(weights[i], bone, value);
    return {};
}

}  // namespace marionette
