#pragma once
// A pose is kept apart from the rest: one rotation per bone applied on top of its rest
// rotation, one translation per bone added to its rest translation (in its parent's frame),
// one scale per bone (per axis of its own frame), plus an offset added to every root's
// position. The identity pose is the rest pose.
//
// A bone's scale stretches the bone itself (its drawn length is length * scale.x, its width
// scale.y, and in 3D its depth scale.z) and the offsets of its children's joints in its frame,
// so a child at the tip stays at the tip; it does not scale the children themselves (Spine's
// "noScale" inheritance, Blender's Inherit Scale "None"). World frames therefore stay rigid and
// every solver keeps working with rotations and lengths: docs/architecture.md.

#include <cstddef>
#include <string>
#include <vector>

#include "core/math/transform.hpp"

namespace marionette {

struct Pose {
    std::vector<glm::quat> rotations;     // one per bone, same order as the skeleton
    std::vector<glm::vec3> translations;  // one per bone, same order; 2D rigs keep z at 0
    std::vector<glm::vec3> scales;        // one per bone, same order; each axis in [0, kMaxPoseScale]; 2D rigs keep z at 1
    glm::vec3 root_offset{0.0f};

    bool operator==(const Pose&) const = default;

    static Pose rest(std::size_t bone_count) {
        return Pose{std::vector<glm::quat>(bone_count, glm::quat{1.0f, 0.0f, 0.0f, 0.0f}),
                    std::vector<glm::vec3>(bone_count, glm::vec3{0.0f}), std::vector<glm::vec3>(bone_count, glm::vec3{1.0f}),
                    glm::vec3{0.0f}};
    }

    // Room for one more bone at the end, at rest.
    void add_bone() {
        rotations.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
        translations.emplace_back(0.0f);
        scales.emplace_back(1.0f);
    }

    // Whether it holds a rotation, a translation and a scale for each of `bone_count` bones.
    bool fits(std::size_t bone_count) const {
        return rotations.size() == bone_count && translations.size() == bone_count && scales.size() == bone_count;
    }

    // What it holds that does not fit `bone_count` bones, for a message ("9 rotations", "0
    // translations"); empty when it fits.
    std::string misfit(std::size_t bone_count) const {
        if (rotations.size() != bone_count) return std::to_string(rotations.size()) + " rotations";
        if (translations.size() != bone_count) return std::to_string(translations.size()) + " translations";
        if (scales.size() != bone_count) return std::to_string(scales.size()) + " scales";
        return {};
    }
};

}  // namespace marionette
