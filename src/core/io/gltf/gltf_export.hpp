#pragma once
// glTF 2.0 out: a rig's skeleton as nodes and a skin, and its keyed states as animations
// (docs/gltf.md). Each bone is a node whose frame is the bone's turned so that its +y runs
// along the bone (Blender's and the importer's bone axis) and whose extras keep the bone's
// length, so a Marionette import of the file gives back the same bones.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Poses one a frame (a timeline played through the state machine, state_timeline.hpp),
// exported as one animation of linear keys.
struct PoseClip {
    std::string name;
    double fps = 30.0;
    std::vector<Pose> poses;
};

struct GltfExportOptions {
    bool binary = true;      // .glb; else .gltf JSON with the buffer as a data URI
    bool rest_pose = false;  // the nodes at rest rather than in the rig's pose
    // Given: this one animation instead of one per state.
    std::optional<PoseClip> timeline{};
    // Given: the folder the slots' picture paths lead from (the rig file's); their pictures are
    // then written as textured quads on the bones (docs/gltf.md, "Pictures").
    std::optional<std::filesystem::path> pictures_folder{};
};

struct GltfExport {
    std::string bytes;
    std::size_t animations = 0;         // written
    std::vector<std::string> warnings;  // what the file leaves out, one line each
};

Result<GltfExport> export_gltf(const Rig& rig, const GltfExportOptions& options = {});

}  // namespace marionette
