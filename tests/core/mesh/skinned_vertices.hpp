#pragma once
// Every vertex of a rig's mesh under a pose, skinned on the CPU (the skinning jobs the tests
// hold against other programs' skinning).

#include <gtest/gtest.h>

#include <vector>

#include "core/mesh/mesh_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette::testing {

inline std::vector<glm::vec3> skinned(const Rig& rig, const Mesh& mesh, const Pose& pose) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    std::vector<glm::mat4> palette(palette_size(mesh));
    const JointMatricesJob matrices{&mesh, world, &pose, palette};
    EXPECT_TRUE(matrices.validate().ok());
    matrices.run();
    std::vector<glm::vec3> out(mesh.positions.size());
    const SkinMeshJob skin{&mesh, palette, out, {}};
    EXPECT_TRUE(skin.validate().ok());
    skin.run();
    return out;
}

}  // namespace marionette::testing
