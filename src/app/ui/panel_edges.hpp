#pragma once
// The panels' inner edges, which the user drags to resize them (the outliner's right edge, the
// inspector's left, the state panel's top), as in Blender or Spine. Each is a thin strip across
// the panel's drawn border, mostly over the viewport. The docked panels never come to the
// front when clicked (ImGuiWindowFlags_NoBringToFrontOnFocus), so none covers a strip.

#include <optional>
#include <string>

#include "app/ui/ui_marks.hpp"

namespace marionette {

// A vertical edge at x (the strip from y0 to y1), or a horizontal one at y (from x0 to x1).
struct PanelEdge {
    const char* id;  // the ImGui id, and the UI mark "edge/<id>"
    bool vertical = true;
    float at = 0.0f;    // x of a vertical edge, y of a horizontal one
    float from = 0.0f;  // where the strip starts along the edge
    float to = 0.0f;    // ... and ends
    float side = 1.0f;  // +1: the strip lies mostly after `at` (right of it, below it); -1: before
};

struct PanelEdgeDrag {
    std::optional<float> moved_to;  // while dragged: where the edge goes (x of a vertical one, or y)
    bool reset = false;             // double-clicked: back to the panel's default size
};

// Draws the strip (a line when hovered or dragged, the resize cursor) and reports a drag.
PanelEdgeDrag panel_edge(const PanelEdge& edge, UiMarks* marks);

}  // namespace marionette
