#pragma once
// A vertex's weights written as the tests think of them: {{bone, weight}, ...}; and read back
// (what they give one bone); and a mesh's vertex found by where it is.

#include <algorithm>
#include <initializer_list>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "core/mesh/attachment_mesh.hpp"

namespace marionette::test {

inline VertexWeights weights(std::initializer_list<std::pair<int, float>> list) {
    VertexWeights w;
    for (const auto& [bone, weight] : list) {
        w.bones[w.count] = static_cast<std::uint16_t>(bone);
        w.weights[w.count] = weight;
        ++w.count;
    }
    return w;
}

// What a vertex's weights give one bone (0 when it does not follow it).
// The index of `mesh`'s vertex at `p` (within 1e-3), or -1.
inline int vertex_at(const AttachmentMesh& mesh, glm::vec2 p) {
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        if (glm::length(mesh.vertices[i] - p) < 1e-3f) return static_cast<int>(i);
    }
    return -1;
}

inline float weight_of(const VertexWeights& w, int bone) {
    for (std::size_t i = 0; i < w.count && i < kMeshBonesPerVertex; ++i) {
        if (w.bones[i] == bone) return w.weights[static_cast<int>(i)];
    }
    return 0.0f;
}

// Weights shading along x from bone `a` to bone `b`: a vertex at or left of `from` follows `a`
// alone, at or right of `to` `b` alone, one between them both, in proportion (an arm's mesh
// across its elbow).
inline std::vector<VertexWeights> ramp_weights(const std::vector<glm::vec2>& vertices, float from, float to, int a = 0, int b = 1) {
    std::vector<VertexWeights> out;
    for (const glm::vec2& v : vertices) {
        const float t = std::clamp((v.x - from) / (to - from), 0.0f, 1.0f);
        out.push_back(t <= 0.0f ? weights({{a, 1.0f}}) : t >= 1.0f ? weights({{b, 1.0f}}) : weights({{a, 1.0f - t}, {b, t}}));
    }
    return out;
}

}  // namespace marionette::test
