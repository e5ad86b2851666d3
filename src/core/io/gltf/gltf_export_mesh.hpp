#pragma once
// The glTF exporter's meshes (docs/gltf.md): a skinned mesh as a root node with its own skin
// over its joints' bone nodes, a rigid one as a node under its bone's node, a static one as a
// root node; each with one primitive and a material of its base colour (and texture). Internal
// to gltf_export*.cpp.

#include <cstdint>
#include <string>
#include <vector>

#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/io/gltf/gltf_writer.hpp"
#include "core/rig/rig.hpp"

namespace marionette::gltf {

// Adds the rig's meshes to `w`, whose nodes hold the armature and the bones (gltf_writer.hpp) and
// whose scene 0 is the rig's.
void export_meshes(Writer& w, const Rig& rig);

// A skinned primitive's JOINTS_0 (unsigned shorts) and WEIGHTS_0 (floats), four a vertex:
// `joints` index the skin's joints, and one without weight is written 0, as glTF asks.
void add_skin_attributes(Writer& w, tinygltf::Primitive& p, std::vector<std::uint16_t> joints, const std::vector<float>& weights);

// A skin named `name` whose joints are the nodes of `joints`' bones, each bound by its joint's
// bind (the mesh's bind space into the bone's frame at bind time): its inverse bind matrices are
// the binds seen from the bone nodes' frames. Returns its index.
int add_skin(Writer& w, const std::string& name, const std::vector<MeshJoint>& joints);

}  // namespace marionette::gltf
