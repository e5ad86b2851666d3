#pragma once
// An attachment's "mesh" in a rig file (docs/rig-format.md, "Meshes on pictures"), read and
// written: vertices, UVs and triangles as lists, weights naming their bones once.

#include "core/io/json/json_field.hpp"
#include "core/mesh/attachment_mesh.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// The mesh `field` holds over `skeleton`. Fails at the place; weights that sum to 1 within
// kWeightSumTolerance come out summing to 1 exactly. The rule itself is attachment_mesh_problem.
AttachmentMesh read_attachment_mesh_json(const JsonField& field, const Skeleton& skeleton);

// `mesh` as the file holds it.
Json attachment_mesh_json(const AttachmentMesh& mesh, const Skeleton& skeleton);

}  // namespace marionette
