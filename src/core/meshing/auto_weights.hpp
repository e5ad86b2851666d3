#pragma once
// Bone weights for a mesh computed automatically, as Spine's "Auto" weights and Blender's
// "With Automatic Weights" do, as a job (validate() then run(), no hidden state). Inputs are the
// mesh's vertices and its bones' segments (joint to tip) in one space at rest: the world at the
// rest pose is the one every attachment's placement and every bone agree in (place a mesh's
// vertices there with picture_to_bone and the slot bone's rest frame).
//
// Two ways:
// - distance: each bone pulls a vertex by 1 / d^falloff of its distance to the bone's segment;
// - heat (Blender's bone heat, Baran and Popovic's Pinocchio): weights spread over the mesh
//   from the nearest bone as heat does, solving (L + A H) w = A H p for each bone, L the mesh's
//   cotangent Laplacian, A each vertex's share of area, H its heat, 1 / d^2 to its nearest
//   bone, and p 1 where that bone is the nearest. Weight then flows along the picture, not
//   across a gap: a hand beside a hip follows the arm, not the leg. A vertex no triangle holds
//   takes the distance weights.
// Either way a vertex on a bone follows it fully (split evenly where bones meet, at a joint),
// the four strongest are kept, weights below kMinAutoWeight dropped, and the rest scaled to sum
// to 1, so every result keeps attachment_mesh_problem's weight rule.

#include <array>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

// A weight this small moves a vertex by less than rounding a picture's placement would.
inline constexpr float kMinAutoWeight = 0.005f;
inline constexpr float kMaxAutoWeightsFalloff = 16.0f;
// The bones one job weighs against: a picture follows a limb's few bones, and heat solves once
// for each bone it is given.
inline constexpr std::size_t kMaxAutoWeightsBones = 256;

struct BoneSegment {
    std::uint16_t bone = 0;  // the bone's index in the skeleton
    glm::vec2 joint{0.0f};   // where it starts, at rest
    glm::vec2 tip{0.0f};     // where it ends (the joint again for a bone of no length)
};

enum class AutoWeightsMethod { distance, heat };

struct AutoWeightsJob {
    // Inputs, in one space (the world at rest). Vertices and segments finite, within
    // +-kMaxCoordinate; at most kMaxAttachmentMeshVertices vertices.
    std::span<const glm::vec2> vertices;
    std::span<const std::array<std::uint16_t, 3>> triangles;  // the mesh's (heat); indices of existing vertices
    std::span<const BoneSegment> bones;                       // 1 to kMaxAutoWeightsBones, each bone once
    AutoWeightsMethod method = AutoWeightsMethod::heat;
    float falloff = 4.0f;  // the distance weights' power: finite, 0.5 to kMaxAutoWeightsFalloff
    // Output: one set a vertex.
    std::span<VertexWeights> weights;

    Status validate() const;
    void run() const;
};

}  // namespace marionette
