#pragma once
// A mesh's deform keys in glTF (docs/gltf.md, "Pictures"): glTF has no per-vertex keys, but a
// morph target is offsets added to the vertices before the skin carries them, as a deform key's
// are. So each distinct shape the states key for a mesh is one morph target of its glTF mesh,
// and a state's track becomes a `weights` channel: at a key, its shape's weight 1 and the others
// 0; between two linear keys the weights move linearly, which is exactly the offsets' linear
// interpolation. Step keys are STEP weights; cosine and Bézier keys (and tracks of a state
// sampled every frame) are weights at every frame. Internal to gltf_export*.cpp.

#include <vector>

#include <glm/glm.hpp>

#include "core/io/gltf/gltf_writer.hpp"
#include "core/rig/rig.hpp"

namespace marionette::gltf {

// The distinct shapes the rig's states key for attachment `attachment` of slot `slot`, in the
// order the states first key them, leaving out the shape of no offset at all (the mesh as it is).
std::vector<std::vector<glm::vec2>> deform_shapes(const Rig& rig, int slot, int attachment);

// Adds to `anim` a weights channel on `node` (the mesh of that slot's attachment, whose targets
// are deform_shapes') for each deform track of `state`, over `seconds` (repeated each loop of the
// state's keys where it loops, sampled every frame then).
void add_deform_weights(Writer& w, tinygltf::Animation& anim, const Rig& rig, const State& state, double seconds,
                        const std::vector<std::vector<int>>& nodes);

}  // namespace marionette::gltf
