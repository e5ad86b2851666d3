#pragma once
// The glTF importer's meshes (gltf_import.hpp's rules): each triangle primitive of a mesh on a
// node of the scene becomes a rig mesh, skinned to the node's skin, or rigid on the nearest
// bone at or above its node, or static in the world. Internal to gltf_*.cpp.

#include <string>
#include <vector>

#include "core/base/read_budget.hpp"
#include "core/io/gltf/gltf_skeleton.hpp"
#include "core/mesh/mesh.hpp"

namespace marionette::gltf {

// Every vertex, triangle and decoded picture's byte it makes is counted against `budget`
// before it is read.
Result<MeshSet> read_meshes(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints,
                            ReadBudget& budget, std::vector<std::string>& warnings);

}  // namespace marionette::gltf
