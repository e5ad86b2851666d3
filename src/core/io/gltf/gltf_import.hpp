#pragma once
// glTF 2.0 in: a .glb or .gltf file (external .bin files and data URIs, through Debian's
// tinygltf) becomes a 3D rig. Rules (docs/gltf.md):
// - Bones are the skins' joints (all skins together), or without a skin every node of the
//   scene. Each keeps its node's name (an empty or repeated name gets a documented stand-in).
//   A joint's parent bone is its nearest ancestor joint; nodes between are folded in.
// - glTF joints are points with a frame; a Marionette bone runs along its frame's +x. Each bone
//   keeps its joint's world position exactly and turns the joint's frame (scale taken out) so
//   +x points at the child it leads to: the one child, or of several the one nearest the
//   joint's +y (Blender's bone axis, so exporters from it give the bone the artist drew); a
//   leaf carries on its parent's direction at half its parent's length.
// - Animations become keyed states with the animation's name: each rotation and translation
//   channel of a joint becomes a track, key for key (LINEAR and STEP exactly; CUBICSPLINE
//   sampled at the rig's fps as linear keys).
// - What is not brought in is listed in the warnings, never dropped silently; a required
//   extension is an error.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct GltfImport {
    Rig rig;
    std::vector<std::string> warnings;  // what the rig leaves out of the file, one line each
};

// Whether `path` names a glTF file by its extension (.glb or .gltf, any case), and whether
// a binary one (.glb).
bool is_gltf_path(const std::filesystem::path& path);
bool is_glb_path(const std::filesystem::path& path);

// Reads a .glb or .gltf file (with the files it refers to beside it).
Result<GltfImport> import_gltf_file(const std::filesystem::path& path);

// The same from the bytes of a file: a .glb when `binary`, else .gltf JSON whose relative
// URIs are read from `base_dir` (empty: no file is read, only data URIs and a .glb's own
// buffer are).
Result<GltfImport> import_gltf(std::string_view bytes, bool binary, const std::filesystem::path& base_dir);

}  // namespace marionette
