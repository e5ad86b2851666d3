#pragma once
// Where a picture's vertices land under a pose, as jobs (validate() then run(), no hidden
// state): a plain picture's four corners, a rigid mesh's vertices on the slot's bone, a
// weighted mesh's vertices each following its bones from the rest pose it is bound at
// (attachment_mesh.hpp). The one computation drawing, picking, framing and the exporters' checks
// share.

#include <span>
#include <vector>

#include "core/base/result.hpp"
#include "core/mesh/slot.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// How many vertices an attachment has: its mesh's, or a plain picture's four corners.
inline std::size_t attachment_vertex_count(const Attachment& a) { return a.mesh ? a.mesh->vertices.size() : 4; }

// Each bone's skinning matrix: the bone's frame under the pose (its scale first) times the
// inverse of its frame at rest, taking a point bound at rest to where the bone carries it.
struct BoneSkinningJob {
    // Inputs: every bone's world frame under the pose and at rest (forward kinematics of
    // Pose::rest), and the pose for the bones' scales.
    std::span<const Transform> world;
    std::span<const Transform> rest_world;
    const Pose* pose = nullptr;
    // Output: one matrix per bone.
    std::span<glm::mat4> matrices;

    Status validate() const;
    void run() const;
};

struct AttachmentVerticesJob {
    // Inputs.
    const Attachment* attachment = nullptr;
    int bone = -1;                     // the slot's bone
    std::span<const Transform> world;  // every bone's world frame under the pose
    const Pose* pose = nullptr;        // for the bones' scales
    // Weighted meshes only (else may be empty): every bone's frame at rest and BoneSkinningJob's
    // matrices.
    std::span<const Transform> rest_world;
    std::span<const glm::mat4> skinning;
    // Empty, or an offset for each mesh vertex in the picture's space (a deform key's).
    std::span<const glm::vec2> deform;
    // Output: attachment_vertex_count() world positions (2D: z 0), corners in attachment_corners'
    // order.
    std::span<glm::vec3> positions;

    Status validate() const;
    void run() const;
};

// What placing a rig's attachments under one pose needs besides the pose, worked out once for
// all of them: every bone's frame at rest and its skinning matrix. Both empty when no slot holds
// a weighted mesh (nothing needs them) or the pose does not fit the skeleton.
struct AttachmentSkinning {
    std::vector<Transform> rest_world;
    std::vector<glm::mat4> matrices;
};
AttachmentSkinning attachment_skinning(const Skeleton& skeleton, std::span<const Slot> slots, const Pose& pose,
                                       std::span<const Transform> world);

// An attachment's world vertices (AttachmentVerticesJob's) into `out`, resized to fit; empty
// when the inputs do not fit (a weighted mesh without `skinning`'s frames, a bone past `world`).
void attachment_world_vertices(const Attachment& a, int bone, std::span<const Transform> world, const Pose& pose,
                               const AttachmentSkinning& skinning, std::vector<glm::vec3>& out, std::span<const glm::vec2> deform = {});

// Its triangles over those vertices: a mesh's, or a plain picture's two (corners 0 1 2, 0 2 3).
std::span<const std::array<std::uint16_t, 3>> attachment_triangles(const Attachment& a);

// Where its vertex `i` samples the image: (0, 0) the image's bottom left, (1, 1) its top right.
glm::vec2 attachment_uv(const Attachment& a, std::size_t i);

// Its outline over those vertices, in order: a mesh's hull, or a plain picture's four corners.
std::size_t attachment_outline_size(const Attachment& a);

}  // namespace marionette
