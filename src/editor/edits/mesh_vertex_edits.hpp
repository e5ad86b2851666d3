#pragma once
// Editing a mesh's vertices and weights by hand, as Spine's mesh mode and weight tools do, as
// pure edits of the rig (each one History step; docs/user-guide.md, "Bending pictures"). In the
// setup, a moved vertex takes its part of the picture with it (its UV follows, the picture does
// not stretch); in a state, a moved vertex is a deform key (the picture stretches over the
// offsets). Adding or deleting a vertex cuts the mesh into triangles again (its outline kept),
// its weights, UVs and every deform key carried over: a new vertex takes what the triangle or
// edge it lands on has there. Every result keeps the mesh rule (attachment_mesh.hpp) and the
// states' deform keys (slot_edits.hpp's check), or is refused saying why.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/meshing/weight_paint.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Mesh vertices chosen by index (the mesh mode's selection).
using VertexList = std::span<const std::uint32_t>;

// Moves the setup's vertices `vertices` of the attachment's mesh to `to` (picture space, one
// each), kept within the picture's rectangle; their UVs move with them. Refused when a triangle
// would turn over or the outline cross itself.
Result<Rig> move_mesh_vertices(const Rig& rig, int slot, int attachment, VertexList vertices, std::span<const glm::vec2> to);

struct AddedVertex {
    Rig rig;
    std::uint32_t vertex = 0;  // the new vertex's index
};
// A vertex at `at` (picture space): on the outline when within `snap` of one of its sides (it
// becomes the outline's vertex there), else inside. Refused outside the mesh, on a vertex, or
// past kMaxAttachmentMeshVertices.
Result<AddedVertex> add_mesh_vertex(const Rig& rig, int slot, int attachment, glm::vec2 at, float snap);

// Deletes the vertices; the outline keeps at least three. Refused when what is left is no
// simple outline.
Result<Rig> delete_mesh_vertices(const Rig& rig, int slot, int attachment, VertexList vertices);

// Keys the mesh's shape in `state` at `time`: `offsets` (one per vertex, picture space) from its
// setup. A key there (within kSameKeyTime) takes them and keeps its interpolation; a new key is
// linear; a track is made when the mesh has none.
Result<Rig> key_mesh_deform(const Rig& rig, int state, int slot, int attachment, float time, std::vector<glm::vec2> offsets);

// One dab of the weight brush. Its centre and radius are in the space of `seen`, where the brush
// sees each vertex (the viewport: where the pose shows it); empty, the picture's space. A rigid
// mesh is first weighted fully on its slot's bone, so painting starts from how it moves.
Result<Rig> paint_mesh_weights(const Rig& rig, int slot, int attachment, const WeightBrush& brush, std::span<const glm::vec2> seen = {});

// Sets `bone`'s weight on the vertices to `value` (0 to 1), the inspector's numbers; the
// vertices' other bones share the rest (weight_paint.hpp).
Result<Rig> set_mesh_vertex_weight(const Rig& rig, int slot, int attachment, VertexList vertices, int bone, float value);

}  // namespace marionette
