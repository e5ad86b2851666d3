#pragma once
// A picture cut into triangles, as Spine's and DragonBones' mesh attachments: its vertices sit
// in the picture's own space and either all follow the slot's bone (rigid) or each follows up to
// four bones by weight (weighted), so a limb bends at its joint instead of two rectangles
// crossing. The picture's space is the one its corners live in: rig units at the attachment's
// scale 1, (0, 0) the picture's bottom left and `size` its top right; the attachment's offset,
// rotation, scale and pivot place that space on the slot's bone as they place a plain picture
// (slot.hpp). A weighted mesh is bound at the skeleton's rest pose, as Blender's armature
// binds: a vertex follows each of its bones as the bone moves away from its rest.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace marionette {

// A vertex's influences: what a GPU skinning shader takes at once (the 3D meshes' limit too).
inline constexpr std::size_t kMeshBonesPerVertex = 4;
// A mesh's vertices at most: Spine's meshes stay in the hundreds; the rule's checks stay quick.
inline constexpr std::size_t kMaxAttachmentMeshVertices = 4096;
// How far a vertex's weights may sum from 1 when read (a writer's rounding); they are scaled to
// sum to 1 exactly.
inline constexpr float kWeightSumTolerance = 1e-3f;

struct VertexWeights {
    std::array<std::uint16_t, kMeshBonesPerVertex> bones{};  // indices into the skeleton
    glm::vec4 weights{0.0f};                                 // each in (0, 1], summing to 1; unused ones 0
    std::uint8_t count = 0;                                  // how many are used, 1 to 4

    bool operator==(const VertexWeights&) const = default;
};

struct AttachmentMesh {
    std::vector<glm::vec2> vertices;                      // in the picture's space, at rest
    std::vector<glm::vec2> uvs;                           // one per vertex: (0, 0) the image's bottom left, (1, 1) its top right
    std::vector<std::array<std::uint16_t, 3>> triangles;  // counter-clockwise in the picture's space
    std::size_t hull = 0;                                 // the first `hull` vertices, in order, are its outline
    std::vector<VertexWeights> weights;                   // empty: rigid on the slot's bone; else one per vertex

    bool is_weighted() const { return !weights.empty(); }
    bool operator==(const AttachmentMesh&) const = default;
};

// Why `mesh` breaks the format's rules, named from `place` (`slots[1].attachments[0].mesh`), or
// nothing: 3 to kMaxAttachmentMeshVertices vertices within +-kMaxCoordinate, a UV each within
// [0, 1], a hull of 3 or more vertices and at most all of them, at least one triangle, each of
// existing vertices, counter-clockwise with an area, no two on the same side of an edge, the
// mesh's border edges crossing nowhere and wrapping each triangle once (so no triangle lies over
// another), and weights (when there are any) one set a vertex of 1 to 4 distinct existing bones
// of a `bone_count`-bone skeleton, each in (0, 1], summing to 1 within kWeightSumTolerance.
std::optional<std::string> attachment_mesh_problem(const AttachmentMesh& mesh, std::size_t bone_count, const std::string& place);

// A grid mesh over a picture of `size`: `columns` x `rows` cells (each 1 to kMaxGridCells), its hull the
// grid's border counter-clockwise from the bottom left, UVs the vertices' fractions of `size`.
// Rigid; what a picture becomes when it is first made a mesh before its outline is traced.
inline constexpr int kMaxGridCells = 63;  // 64 x 64 vertices: kMaxAttachmentMeshVertices
AttachmentMesh grid_mesh(const glm::vec2& size, int columns, int rows);

}  // namespace marionette
