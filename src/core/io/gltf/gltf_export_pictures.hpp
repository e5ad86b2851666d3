#pragma once
// The glTF exporter's pictures (docs/gltf.md, "Pictures"): a 2D puppet's drawings as flat
// textured meshes (a plain picture's quad, a mesh attachment's triangles), so any glTF reader
// shows the puppet posed and animated. A rigid drawing is a node under its bone's node; a
// weighted mesh a skinned mesh over the nodes of the bones it follows, bent as Marionette bends
// it (gltf_picture_mesh.hpp). A slot's drawings other than the one it sets up stand at scale 0
// (glTF has no visibility); the states' drawing keys switch them by STEP scale channels, and
// their deform keys move morph targets (gltf_picture_deform.hpp). Slots stack in their draw
// order by a small step along z. Colour and draw-order keys have no glTF counterpart and are
// named in a warning. Internal to gltf_export*.cpp.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "core/io/gltf/gltf_writer.hpp"
#include "core/rig/rig.hpp"

namespace marionette::gltf {

// The node of each slot's each drawing (-1 where none was written), [slot][attachment].
struct PictureNodes {
    std::vector<std::vector<int>> nodes;
    std::set<int> skinned;  // the nodes of bent meshes, which no scale switches
};

// Adds a mesh per attachment of the rig's slots, its picture read from `folder` (a picture that
// cannot be read is a warning, and its mesh untextured), on the bone nodes `w` holds.
PictureNodes export_pictures(Writer& w, const Rig& rig, const std::filesystem::path& folder, std::vector<std::string>& warnings);

// Adds to `anim` the switches `state`'s drawing keys make over `seconds` (repeated each loop of
// the state's keys when it loops); warns of its colour and draw-order keys.
void add_drawing_switches(Writer& w, tinygltf::Animation& anim, const Rig& rig, const State& state, double seconds,
                          const PictureNodes& pictures, std::vector<std::string>& warnings);

}  // namespace marionette::gltf
