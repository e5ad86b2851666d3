#pragma once
// A pose is kept apart from the rest: one rotation per bone applied on top of its rest
// rotation, plus an offset added to every root's position. The identity pose is the rest pose.

#include <cstddef>
#include <vector>

#include "core/transform.hpp"

namespace marionette {

struct Pose {
    std::vector<glm::quat> rotations;  // one per bone, same order as the skeleton
    glm::vec3 root_offset{0.0f};

    bool operator==(const Pose&) const = default;

    static Pose rest(std::size_t bone_count) {
        return Pose{std::vector<glm::quat>(bone_count, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}), glm::vec3{0.0f}};
    }
};

}  // namespace marionette
