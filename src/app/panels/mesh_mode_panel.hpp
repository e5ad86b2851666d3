#pragma once
// Mesh mode's panel, over the viewport's top-right corner while a mesh is edited (Blender's
// tool settings, Spine's mesh tools): which mesh, the Vertices and Weights tools, the brush
// (add, subtract or smooth, radius, strength) and the bone it paints, the selected vertices'
// weights as numbers to type or drag, Delete and Done. Reads the rig and the mode; the mode's
// own settings come back as actions, rig changes through PanelEdits (one step a slider drag).

#include <optional>

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"
#include "editor/viewport/mesh_mode.hpp"

namespace marionette {

struct MeshPanelActions {
    bool done = false;
    bool delete_vertices = false;
    std::optional<MeshTool> tool;
    std::optional<MeshBrush> brush;
    std::optional<int> paint_bone;  // selected, to paint
};

// Marks: "mesh/done", "mesh/vertices", "mesh/weights", "mesh/delete", "mesh/bone",
// "mesh/add", "mesh/subtract", "mesh/smooth", "mesh/radius", "mesh/strength",
// "mesh/weight/<bone>".
MeshPanelActions draw_mesh_mode_panel(const Rig& rig, const MeshMode& mode, int active_bone, const Viewport& view, PanelEdits& out,
                                      UiMarks& marks);

}  // namespace marionette
