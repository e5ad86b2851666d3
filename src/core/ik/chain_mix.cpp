#include "core/ik/chain_mix.hpp"

#include <algorithm>

#include "core/anim/state_pose.hpp"

namespace marionette {

void mix_with_fk(std::span<const int> bones, std::span<const glm::quat> fk, float mix, Pose& pose) {
    if (!(mix < 1.0f)) return;
    const float w = std::max(mix, 0.0f);
    for (std::size_t k = 0; k < bones.size() && k < fk.size(); ++k) {
        const auto i = static_cast<std::size_t>(bones[k]);
        if (bones[k] < 0 || i >= pose.rotations.size()) continue;
        pose.rotations[i] = blend_rotation(fk[k], pose.rotations[i], w);
    }
}

std::vector<glm::quat> rotations_of(std::span<const int> bones, const Pose& pose) {
    std::vector<glm::quat> out;
    out.reserve(bones.size());
    for (const int b : bones) {
        const auto i = static_cast<std::size_t>(b);
        out.push_back(b >= 0 && i < pose.rotations.size() ? pose.rotations[i] : glm::quat{1.0f, 0.0f, 0.0f, 0.0f});
    }
    return out;
}

}  // namespace marionette
