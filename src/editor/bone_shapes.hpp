#pragma once
// The triangles the viewport draws for bones, built on the CPU (no GL here, so the frame-time
// benchmark and the tests build exactly what the editor draws). 2D bones are tapered diamonds
// with a disc at the joint; 3D bones are octahedra, lit by their face normals.

#include <span>
#include <vector>

#include "core/pose.hpp"
#include "core/skeleton.hpp"

namespace marionette {

struct ShapeVertex {
    glm::vec3 position;
    glm::vec3 normal;  // (0, 0, 1) for 2D shapes
    glm::vec4 color;
};

enum class BoneLook : unsigned char { Normal, InChain, Hovered, Selected };

glm::vec4 bone_color(BoneLook look);

// Appends each bone's triangles (3 vertices each) to `out`, `world` being the joint frames
// forward kinematics made of `pose` (a bone's scale stretches its shape along each axis).
// `looks` has one entry per bone, or is empty for all Normal. `joint_radius` is the 2D disc's
// radius in world units (the viewport scales it with the zoom so discs stay the same size on
// screen).
void build_bone_shapes(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, bool is_2d,
                       std::span<const BoneLook> looks, float joint_radius, std::vector<ShapeVertex>& out);

}  // namespace marionette
