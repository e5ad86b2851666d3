#pragma once
// Mesh mode's panel, over a corner of the viewport while a mesh is edited (Blender's
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
    glm::vec2 size{0.0f};  // the panel's as drawn, for placing it next frame
    bool done = false;
    bool delete_vertices = false;
    std::optional<MeshTool> tool;
    std::optional<MeshBrush> brush;
    std::optional<int> paint_bone;  // selected, to paint
};

// Marks: "mesh/done", "mesh/vertices", "mesh/weights", "mesh/delete", "mesh/bone",
// "mesh/add", "mesh/subtract", "mesh/smooth", "mesh/radius", "mesh/strength",
// "mesh/weight/<bone>".
// Its width, window pixels (at the UI scale in use).
float mesh_panel_width();

// Drawn with its top-left corner at `at` (window pixels).
MeshPanelActions draw_mesh_mode_panel(const Rig& rig, const MeshMode& mode, int active_bone, glm::vec2 at, PanelEdits& out, UiMarks& marks);

}  // namespace marionette
