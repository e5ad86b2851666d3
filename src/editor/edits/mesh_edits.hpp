#pragma once
// Making a picture a mesh and binding it to bones, as Spine's mesh tools and Blender's "With
// Automatic Weights" do, as pure edits of the rig (each one History step; docs/user-guide.md,
// "Meshes on pictures"). Pixels come from the caller, which reads the picture's file: edits read
// no files. Every result keeps the slots' rule and the states' deform keys (slot_edits.hpp's
// check): remaking a mesh that deform keys move, with another count of vertices, is refused
// naming the key.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/base/result.hpp"
#include "core/mesh/weighted_bones.hpp"
#include "core/meshing/auto_weights.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// A picture's pixels as image_decode.hpp gives them: RGBA8, straight alpha, rows from the top.
struct PicturePixels {
    std::span<const std::uint8_t> rgba;
    int width = 0;
    int height = 0;
};

// The attachment at (slot, attachment), or why there is none ("slot 3 does not exist").
Result<const Attachment*> attachment_at(const Rig& rig, int slot, int attachment);

// The rig with attachment (slot, attachment)'s mesh `mesh` (none: a plain picture), checked
// whole by set_attachment (the mesh rule, the states' deform keys). The indices must exist.
Result<Rig> set_attachment_mesh(const Rig& rig, int slot, int attachment, std::optional<AttachmentMesh> mesh);

// How closely a made mesh follows its picture, 0 (a coarse outline, no inner vertices to
// speak of) to 1 (a close outline, a dense inside): picture_mesh_settings' detail.
inline constexpr float kDefaultMeshDetail = 0.5f;

// Cuts attachment `attachment` of slot `slot` into triangles: its outline traced from the
// pixels' alpha, an inside of `detail` (0 to 1). A weighted mesh made again is bound again to
// the bones it followed, by heat. Refused, saying why, when the picture has no pixel that shows.
Result<Rig> make_attachment_mesh(const Rig& rig, int slot, int attachment, const PicturePixels& pixels, float detail);

// The same with a grid of `columns` x `rows` cells over the picture's rectangle: for a picture
// whose file is missing, or one wanted as a plain grid (a flag, a cloth).
Result<Rig> make_attachment_grid(const Rig& rig, int slot, int attachment, int columns, int rows);

// The attachment a plain picture again (its deform keys go with its mesh).
Result<Rig> remove_attachment_mesh(const Rig& rig, int slot, int attachment);

// The bones a picture on slot `slot` is bound to by default: the slot's bone and every bone
// below it, parents first (an arm's picture on the upper arm: upper arm, forearm, hand), at most
// kMaxAutoWeightsBones.
std::vector<int> default_bind_bones(const Rig& rig, int slot);

// Weights for every vertex of the attachment's mesh over `bones` (each an existing bone, once),
// computed at the rest pose by `method` (auto_weights.hpp): the mesh then bends with them.
Result<Rig> bind_attachment_mesh(const Rig& rig, int slot, int attachment, std::span<const int> bones, AutoWeightsMethod method);

// The attachment's mesh rigid on its slot's bone again, its weights dropped.
Result<Rig> unbind_attachment_mesh(const Rig& rig, int slot, int attachment);

}  // namespace marionette
