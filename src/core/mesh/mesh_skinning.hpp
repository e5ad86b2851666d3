#pragma once
// Skinning as jobs (validate() then run(), no hidden state): the matrix each joint of a mesh
// applies under a pose (the palette a GPU shader takes), and the skinned vertices on the CPU
// (the reference the tests, the exporter's checks and picking use).

#include <span>

#include "core/math/transform.hpp"
#include "core/mesh/mesh.hpp"
#include "core/rig/pose.hpp"

namespace marionette {

// How many matrices a mesh's palette holds: one per joint, and one (the identity) for a mesh
// hung on no joint.
inline std::size_t palette_size(const Mesh& mesh) { return mesh.joints.empty() ? 1 : mesh.joints.size(); }

struct JointMatricesJob {
    // Inputs.
    const Mesh* mesh = nullptr;
    std::span<const Transform> world;  // every bone's world frame (forward kinematics' output)
    const Pose* pose = nullptr;        // for the bones' scales
    // Output: palette_size(*mesh) matrices, world(bone) * scale(bone) * bind for each joint.
    std::span<glm::mat4> matrices;

    Status validate() const;
    void run() const;
};

struct SkinMeshJob {
    // Inputs.
    const Mesh* mesh = nullptr;
    std::span<const glm::mat4> matrices;  // JointMatricesJob's output
    // Outputs: one per vertex. Normals only when the mesh has them (else leave the span empty);
    // they come out unit length.
    std::span<glm::vec3> positions;
    std::span<glm::vec3> normals;

    Status validate() const;
    void run() const;
};

}  // namespace marionette
