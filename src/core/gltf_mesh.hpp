#pragma once
// The glTF importer's meshes (gltf_import.hpp's rules): each triangle primitive of a mesh on a
// node of the scene becomes a rig mesh, skinned to the node's skin, or rigid on the nearest
// bone at or above its node, or static in the world. Internal to gltf_*.cpp.

#include <string>
#include <vector>

#include "core/gltf_skeleton.hpp"
#include "core/mesh.hpp"

namespace marionette::gltf {

Result<MeshSet> read_meshes(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints,
                            std::vector<std::string>& warnings);

}  // namespace marionette::gltf
