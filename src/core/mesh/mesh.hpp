#pragma once
// Meshes hung on a rig's bones: triangles in their bind space, each vertex bound to up to four
// of the mesh's joints with weights (skinned), or the whole mesh to one joint (rigid), or to
// nothing (a static prop in the world). A joint is a bone and the matrix taking the mesh's bind
// space into that bone's frame at bind time, so under a pose a vertex lands at
//   sum over its influences of  weight * world(bone) * scale(bone) * bind * position.
// Meshes are never edited in the editor: a rig holds them as one shared, immutable set, so
// copying a rig (undo history, edits) copies a pointer.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"

namespace marionette {

// Influences per vertex: what a GPU skinning shader takes at once. An importer keeps the
// strongest ones and renormalizes (gltf_mesh.cpp).
inline constexpr std::size_t kInfluencesPerVertex = 4;
// Limits that keep a mesh set's numbers addressable and its sidecar under a size a load reads.
inline constexpr std::size_t kMaxMeshVertices = 16'000'000;
inline constexpr std::size_t kMaxMeshJoints = 65'535;  // joint indices are 16-bit
inline constexpr std::size_t kMaxImageBytes = 256ull * 1024 * 1024;

struct MeshJoint {
    int bone = -1;         // index into the skeleton
    glm::mat4 bind{1.0f};  // bind space -> the bone's frame at bind time (any affine matrix)

    bool operator==(const MeshJoint&) const = default;
};

struct Influence {
    std::array<std::uint16_t, kInfluencesPerVertex> joints{};  // indices into Mesh::joints
    glm::vec4 weights{0.0f};                                   // sum to 1 (unused ones 0)

    bool operator==(const Influence&) const = default;
};

// An image a material shows, kept as the encoded file (PNG or JPEG) it came as, so it travels
// out again byte for byte; decoded only to draw.
struct MeshImage {
    std::string name;
    std::string mime_type;  // "image/png" or "image/jpeg"
    std::vector<std::uint8_t> bytes;

    bool operator==(const MeshImage&) const = default;
};

struct MeshMaterial {
    glm::vec4 base_color{1.0f};  // linear RGBA factor, each in [0, 1]
    int image = -1;              // index into MeshSet::images: the base colour texture, or -1

    bool operator==(const MeshMaterial&) const = default;
};

struct Mesh {
    std::string name;
    std::vector<MeshJoint> joints;       // empty: static in the world; one and no influences: rigid
    std::vector<glm::vec3> positions;    // bind space
    std::vector<glm::vec3> normals;      // empty, or one unit normal per vertex
    std::vector<glm::vec2> uvs;          // empty, or one per vertex (glTF's: v down the image)
    std::vector<Influence> influences;   // empty (rigid or static), or one per vertex
    std::vector<std::uint32_t> indices;  // triangles, three per
    MeshMaterial material;

    bool is_skinned() const { return !influences.empty(); }
    bool operator==(const Mesh&) const = default;
};

struct MeshSet {
    std::vector<Mesh> meshes;
    std::vector<MeshImage> images;

    bool empty() const { return meshes.empty() && images.empty(); }
    bool operator==(const MeshSet&) const = default;
};

// The first thing wrong with a mesh set on a skeleton of `bone_count` bones, named by its
// place ("meshes[2].indices[7]: 5000 is not a vertex (the mesh has 4800)"), or nothing. The
// rule every reader and writer of meshes holds them to.
std::optional<std::string> mesh_set_problem(const MeshSet& set, std::size_t bone_count);

// A rig's meshes: one immutable set shared by every copy of the rig. Equal when both hold the
// same meshes (the same set, or equal contents).
class RigMeshes {
public:
    RigMeshes() = default;
    explicit RigMeshes(MeshSet set);

    bool empty() const { return !set_ || set_->empty(); }
    const MeshSet& set() const;
    const std::vector<Mesh>& meshes() const { return set().meshes; }
    const std::vector<MeshImage>& images() const { return set().images; }
    // The shared set itself (null when empty): a renderer keeps it to know its uploads current.
    const std::shared_ptr<const MeshSet>& shared() const { return set_; }

    bool operator==(const RigMeshes& other) const;

private:
    std::shared_ptr<const MeshSet> set_;
};

}  // namespace marionette
