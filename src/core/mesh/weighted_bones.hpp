#pragma once
// The bones a weighted mesh follows (attachment_mesh.hpp): the ones its weights are painted on,
// which the editor lists and binds again, and a glTF skin's joints.

#include <algorithm>
#include <vector>

#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

// Each bone `mesh`'s weights name, once, in index order (none for a rigid mesh).
inline std::vector<int> weighted_bones(const AttachmentMesh& mesh) {
    std::vector<int> bones;
    for (const VertexWeights& w : mesh.weights) {
        for (std::size_t i = 0; i < w.count; ++i) bones.push_back(w.bones[i]);
    }
    std::sort(bones.begin(), bones.end());
    bones.erase(std::unique(bones.begin(), bones.end()), bones.end());
    return bones;
}

}  // namespace marionette
