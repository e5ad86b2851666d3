#pragma once
// A rig file's meshes (docs/rig-format.md, "Meshes"): "meshes" and "images" describe them in
// the JSON, "mesh_data" says where their numbers are (mesh_data.hpp's block) and checks it.

#include <filesystem>
#include <string>

#include "core/io/json/json_field.hpp"
#include "core/mesh/mesh_data.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// A rig's meshes ready to write: the block, its layout, and the file that holds it (empty:
// embedded in the JSON as base64).
struct PackedMeshes {
    std::string block;
    MeshDataLayout layout;
    std::string file;
};

PackedMeshes pack_meshes(const MeshSet& set, std::string file = {});

// Adds "meshes", "images" and "mesh_data" to the rig's JSON object (nothing for a rig without).
void put_meshes_json(const Rig& rig, const PackedMeshes& packed, Json& top);

// The meshes `top` describes over `skeleton`; a block in a file is read from `folder` (empty:
// the rig came without its folder, and only an embedded block can be read). Fails at the place.
RigMeshes read_meshes_json(const JsonField& top, const Skeleton& skeleton, const std::filesystem::path& folder);

}  // namespace marionette
