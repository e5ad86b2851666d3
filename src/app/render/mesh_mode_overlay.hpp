#pragma once
// What mesh mode draws over the viewport (mesh_mode.hpp): the edited mesh's triangles and
// outline, its vertices (the selected ones bright), and with the Weights tool each vertex and
// triangle in the colour of its weight on the active bone, and the brush's circle at the
// pointer. Built on the CPU (no GL here); the viewport renderer draws it.

#include <span>
#include <vector>

#include "app/render/line_renderer.hpp"
#include "core/anim/slot_track.hpp"
#include "editor/viewport/shape_vertex.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

// Appends to `lines` (lines and points) and `fills` (the weight colours' triangles); nothing
// outside mesh mode. `slots`: what the viewport shows (a state's deform), or none.
void build_mesh_mode_overlay(const Rig& rig, const ViewportController& controller, const Pose& pose, std::span<const Transform> world,
                             const SlotPose* slots, const Viewport& view, LineDrawData& lines, std::vector<ShapeVertex>& fills);

}  // namespace marionette
