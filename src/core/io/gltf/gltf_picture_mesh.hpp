#pragma once
// A picture's glTF mesh (docs/gltf.md, "Pictures"): a plain picture's quad or a mesh
// attachment's triangles, with the picture's UVs, and one morph target for each shape the
// states' deform keys give it (gltf_picture_deform.hpp). A rigid picture's vertices lie in its
// bone's node frame, under that node. A bent one's (a weighted mesh) lie where the picture puts
// them with the skeleton at rest, in the world, which is the bind space of its skin: JOINTS_0
// and WEIGHTS_0 name the bones that carry each vertex, as Marionette's skinning does
// (attachment_skinning.hpp). Internal to gltf_export*.cpp.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/io/gltf/gltf_writer.hpp"
#include "core/math/transform.hpp"
#include "core/mesh/slot.hpp"

namespace marionette::gltf {

struct PicturePlacement {
    float z = 0.0f;  // along the stack, in the slot bone's frame
    // Bent only: the slot bone's world frame at rest, and the skin's joints (bones, ascending:
    // weighted_bones) whose numbers JOINTS_0 holds.
    const Transform* rest = nullptr;
    std::span<const int> joints;
};

// Adds the mesh of `a` (with `shapes`, each an offset a vertex in the picture's space, as morph
// targets) drawn with `material`, and returns its index.
int picture_mesh(Writer& w, const Attachment& a, const PicturePlacement& place, std::span<const std::vector<glm::vec2>> shapes,
                 int material);

}  // namespace marionette::gltf
