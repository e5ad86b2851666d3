#pragma once
// The inspector's mesh rows for the selected slot's shown drawing: what it is (a plain picture,
// or a mesh of so many vertices, rigid or weighted over which bones), a detail slider, and the
// buttons that trace it from its picture's alpha or lay a grid over it, bind it to its bone and
// those below (weights by heat or distance) or unbind it, and remove the mesh. Reads the rig,
// asks for changes through PanelEdits (the trace through its MeshTrace: the app reads the file).

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// With marks, names "inspector/mesh/detail", "inspector/mesh/trace", "inspector/mesh/grid",
// "inspector/mesh/weights by", "inspector/mesh/bind", "inspector/mesh/unbind", "inspector/mesh/edit",
// "inspector/mesh/remove".
void mesh_rows(const Rig& rig, int slot, int attachment, PanelEdits& out, UiMarks* marks);

}  // namespace marionette
