#pragma once
// "Trace mesh" in the editor: the picture an attachment names, read from the rig's folder and
// decoded, made a mesh by its alpha (editor/edits/mesh_edits.hpp). A picture that cannot be
// read or decoded is refused naming the file; the rig is not changed.

#include <filesystem>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

Result<Rig> trace_attachment_mesh(const Rig& rig, const std::filesystem::path& folder, int slot, int attachment, float detail);

// The grid the editor offers beside the trace, for a picture of `size`: about `detail` x 16
// cells along its longer side (at least 1), square cells, at most kMaxGridCells a side.
glm::ivec2 grid_cells(glm::vec2 size, float detail);

}  // namespace marionette
