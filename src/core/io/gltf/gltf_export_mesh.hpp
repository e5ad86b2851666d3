#pragma once
// The glTF exporter's meshes (docs/gltf.md): a skinned mesh as a root node with its own skin
// over its joints' bone nodes, a rigid one as a node under its bone's node, a static one as a
// root node; each with one primitive and a material of its base colour (and texture). Internal
// to gltf_export*.cpp.

#include <string>
#include <vector>

#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/io/gltf/gltf_writer.hpp"
#include "core/rig/rig.hpp"

namespace marionette::gltf {

// Adds the rig's meshes to `w`, whose nodes hold the armature and the bones (gltf_writer.hpp) and
// whose scene 0 is the rig's.
void export_meshes(Writer& w, const Rig& rig);

}  // namespace marionette::gltf
