#pragma once
// A Spine mesh attachment as a Marionette attachment mesh (attachment_mesh.hpp). Spine keeps an
// unweighted mesh's vertices in its slot bone's frame and a weighted one's as a position in each
// of its bones' frames; Marionette keeps them in the picture's space, placed on the slot's bone
// by the attachment (slot.hpp), a weighted mesh bound at the skeleton's rest. The picture's space
// here is the vertices' bounding box: the attachment's pivot is its bottom-left corner, at its
// bottom left in the bone's frame, unturned and unscaled, so every vertex keeps its place.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/io/spine_import/spine_skeleton_data.hpp"
#include "core/math/transform.hpp"
#include "core/mesh/slot.hpp"

namespace marionette {

// Sets `a`'s size, offset, pivot and mesh from mesh attachment `d` on a slot of bone
// `slot_bone`, given every bone's rest frame in the world (`rest_world`): UVs turned y up,
// triangles made counter-clockwise (those without area dropped), a vertex's influences cut to
// its four heaviest and scaled to sum to 1. Notes on what changed go to `notes` (without the
// place). Returns why the mesh cannot be kept (the rule attachment_mesh_problem holds it to, or
// vertices that do not read), leaving `a` as it was; nothing when it is set. With `order`, it
// receives the index in `a`'s mesh of each of Spine's vertices (a clockwise hull is walked back).
std::optional<std::string> spine_attachment_mesh(const SpineAttachmentData& d, int slot_bone, std::span<const Transform> rest_world,
                                                 Attachment& a, std::vector<std::string>& notes, std::vector<std::size_t>* order = nullptr);

}  // namespace marionette
