#include "core/io/gltf/gltf_node_scale.hpp"

#include <cmath>

namespace marionette::gltf {

glm::vec3 stretched_axes(const glm::vec3& scale, const glm::quat& turn) {
    const glm::mat3 turned = glm::mat3_cast(turn);
    glm::vec3 out;
    for (int i = 0; i < 3; ++i) {
        // An axis along which the scale is the same in every direction it has a part in (any
        // axis under a uniform scale, an in-plane axis under a planar one, an axis the turn
        // only swaps) is stretched by that value exactly, with no rounding of a length.
        float alike = -1.0f;
        for (int k = 0; k < 3; ++k) {
            if (std::fabs(turned[i][k]) <= 1e-6f) continue;
            alike = alike < 0.0f || alike == std::fabs(scale[k]) ? std::fabs(scale[k]) : -2.0f;
        }
        out[i] = alike >= 0.0f ? alike : glm::length(scale * turned[i]);
    }
    return out;
}

bool shears(const glm::vec3& parent_scale, const glm::quat& local_rotation) {
    if (is_even(parent_scale)) return false;
    const glm::mat3 turned = glm::mat3_cast(local_rotation);
    const glm::vec3 axes[3] = {parent_scale * turned[0], parent_scale * turned[1], parent_scale * turned[2]};
    const float size = std::fmax(std::fabs(parent_scale.x), std::fmax(std::fabs(parent_scale.y), std::fabs(parent_scale.z)));
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 3; ++j) {
            if (std::fabs(glm::dot(axes[i], axes[j])) > 1e-5f * size * size) return true;
        }
    }
    return false;
}

glm::vec3 node_scale(const glm::vec3& scale, const glm::vec3& inherited) {
    glm::vec3 own;
    for (int i = 0; i < 3; ++i) own[i] = inherited[i] > 0.0f ? scale[i] / inherited[i] : scale[i];
    return bone_to_node_scale(own);
}

}  // namespace marionette::gltf
