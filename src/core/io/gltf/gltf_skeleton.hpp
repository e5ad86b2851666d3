#pragma once
// The glTF importer's bones: which nodes are joints, and each bone's frame (gltf_import.hpp's
// rules). Internal to gltf_*.cpp.

#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/gltf/gltf_scene.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette::gltf {

struct Joints {
    std::vector<int> bone_of_node;  // -1 for a node that is no bone
    std::vector<int> node_of_bone;
    // The world frame, at rest, of each bone's parent bone's node with the scale left in (the
    // frame a joint's local transform is read in); identity for a root bone's missing parent.
    std::vector<glm::mat4> parent_rest_world;
    // The static nodes between a bone's parent bone and its own node (not bones), composed.
    std::vector<glm::mat4> between;
    // The bone frame is the joint's rigid frame turned by this, so +x runs along the bone.
    std::vector<glm::quat> axis_turn;
    // The bone's node is as Marionette's export writes it (gltf_bone_axis.hpp): its transforms
    // are the bone's conjugated by the quarter turn, and read back exactly.
    std::vector<bool> exact;
};

Result<Skeleton> read_skeleton(const tinygltf::Model& model, const Scene& scene, Joints& joints, std::vector<std::string>& warnings);

// The bone's frame relative to its parent bone's frame (at rest), with its node's local
// transform `local` in place of the rest one.
Transform bone_local(const Skeleton& skeleton, const Joints& joints, std::size_t bone, const NodeTrs& local);

}  // namespace marionette::gltf
