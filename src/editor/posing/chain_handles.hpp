#pragma once
// The handles the viewport shows for IK chains, and what grabbing one does: a target ring at
// each effector (IK mode: grab it to drag the chain), a pin where a pinned chain is held, and a
// pole for a 3D two-bone chain that has one. Built on the CPU like the bone shapes.

#include <optional>
#include <span>
#include <vector>

#include "core/rig/rig.hpp"
#include "editor/viewport/shape_vertex.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

enum class HandleKind : unsigned char { Target, Pin, Pole };

struct ChainHandle {
    HandleKind kind = HandleKind::Target;
    int chain = -1;  // index into rig.chains
    glm::vec3 position{0.0f};
};

// Where the target of the drag in progress is, so its handle is drawn there and not at the tip.
struct DraggedTarget {
    int effector = -1;
    glm::vec3 position{0.0f};
};

// Appends the rig's handles to `out`: a pin for each pinned chain, a target ring for each
// effector that is not pinned (one per effector: the chain a drag of that bone uses) when
// `with_targets`, and a pole for each 3D two-bone chain with a pole. `world` holds the joint
// frames forward kinematics made of `pose`.
void chain_handles(const Rig& rig, const Pose& pose, std::span<const Transform> world, bool with_targets,
                   const std::optional<DraggedTarget>& dragged, std::vector<ChainHandle>& out);

// The handle under `pixel` (within `tolerance_pixels`), by pick_point's rules.
std::optional<ChainHandle> pick_handle(std::span<const ChainHandle> handles, const ViewCamera& camera, const Viewport& viewport,
                                       glm::vec2 pixel, float tolerance_pixels);

glm::vec4 handle_color(HandleKind kind);

// Appends each handle's triangles, facing the camera and a fixed size on screen. `facing` is
// the normal the shapes carry (the light direction: handles are drawn unshaded).
void build_handle_shapes(std::span<const ChainHandle> handles, const ViewCamera& camera, const Viewport& viewport, const glm::vec3& facing,
                         std::vector<ShapeVertex>& out);

}  // namespace marionette
