#pragma once
// A vertex's weights written as the tests think of them: {{bone, weight}, ...}.

#include <initializer_list>
#include <utility>

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

}  // namespace marionette::test
