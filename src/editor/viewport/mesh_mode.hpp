#pragma once
// The viewport's mesh mode, as Spine's mesh editing and Blender's edit and weight-paint modes:
// one picture's mesh is edited, its vertices selected, moved, added and deleted (the Vertices
// tool) or its weights painted with a brush (the Weights tool). What the mode holds is the
// editor's, not the rig's (which mesh, which vertices are selected, the brush); the edits it
// makes are mesh_vertex_edits.hpp's. These are the pure parts the controller and the renderer
// share: where the mesh's vertices are shown, which are under the pointer, and how a move of
// the pointer becomes a move in the picture's space.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/slot_track.hpp"
#include "core/meshing/weight_paint.hpp"
#include "core/rig/rig.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

enum class MeshTool { Vertices, Weights };

// The weight brush as the user sets it: its radius on screen (so it feels the same at any zoom).
struct MeshBrush {
    WeightBrushMode mode = WeightBrushMode::add;
    float radius = 40.0f;  // pixels
    float strength = 0.5f;
};
inline constexpr float kMinBrushRadius = 2.0f;
inline constexpr float kMaxBrushRadius = 400.0f;

struct MeshMode {
    int slot = -1;
    int attachment = -1;
    MeshTool tool = MeshTool::Vertices;
    std::vector<std::uint32_t> selected;  // vertex indices, ascending, each once
    MeshBrush brush;

    bool is_selected(std::uint32_t v) const;
    void select(std::span<const std::uint32_t> vertices, bool add);
    void toggle(std::uint32_t v);
};

// The mesh the mode edits as the viewport shows it: its attachment, each vertex's world position
// under the shown pose and the shown deform, and that deform (an offset a vertex, zeros when
// none is shown).
struct ShownMesh {
    const Attachment* attachment = nullptr;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec2> deform;
};
// None when the mode's slot or drawing is gone or no mesh, or the pose does not fit. `slots`:
// what the viewport shows (a state's deform), or none for the rig's setup.
std::optional<ShownMesh> shown_mesh(const Rig& rig, const MeshMode& mode, const Pose& pose, std::span<const Transform> world,
                                    const SlotPose* slots);

// For each vertex of `shown`, the 2x2 map taking a world move of it (the rig's plane) to the
// move of its place in the picture's space that makes it, at the shown pose; a zero matrix for a
// vertex that cannot move there (a bone scaled to nothing).
std::vector<glm::mat2> picture_moves(const Rig& rig, const MeshMode& mode, const Pose& pose, std::span<const Transform> world,
                                     const ShownMesh& shown);

// The vertex drawn nearest to `pixel` within `tolerance` pixels (the last drawn on ties), or none.
std::optional<std::uint32_t> vertex_under(std::span<const glm::vec3> positions, const ViewCamera& camera, const Viewport& viewport,
                                          glm::vec2 pixel, float tolerance);
// The vertices shown inside the box of corners `a` and `b` (window pixels).
std::vector<std::uint32_t> vertices_in_box(std::span<const glm::vec3> positions, const ViewCamera& camera, const Viewport& viewport,
                                           glm::vec2 a, glm::vec2 b);

// A weight's colour, as Blender paints them: blue for none through green to red for all.
glm::vec4 weight_color(float weight);
// A vertex's weight on `bone` (0 when it does not follow it); a rigid mesh's vertices weigh 1 on
// `slot_bone`.
float vertex_weight(const AttachmentMesh& mesh, std::size_t vertex, int bone, int slot_bone);

}  // namespace marionette
