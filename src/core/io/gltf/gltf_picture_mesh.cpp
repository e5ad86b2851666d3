#include "core/io/gltf/gltf_picture_mesh.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/io/gltf/gltf_export_mesh.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/mesh/mesh.hpp"

namespace marionette::gltf {

namespace {

// A point of the picture's space where the mesh's POSITION holds it: in the bone's node frame
// (rigid), or in the world at rest (bent), `z` along the stack.
struct PicturePoints {
    const Attachment& a;
    const PicturePlacement& place;

    glm::vec3 point(const glm::vec2& v) const {
        const glm::vec3 on_bone(picture_to_bone(a, v), place.z);
        return place.rest ? place.rest->apply(on_bone) : bone_to_node(on_bone);
    }
    glm::vec3 direction(const glm::vec3& d) const { return place.rest ? place.rest->rotation * d : bone_to_node(d); }
};

void append_xyz(std::vector<float>& out, const glm::vec3& v) { out.insert(out.end(), {v.x, v.y, v.z}); }

// JOINTS_0 and WEIGHTS_0 of a weighted mesh: each vertex's bones as their places among the
// skin's joints.
void add_picture_weights(Writer& w, tinygltf::Primitive& p, const AttachmentMesh& mesh, std::span<const int> joints) {
    std::vector<std::uint16_t> numbers;
    std::vector<float> weights;
    for (const VertexWeights& v : mesh.weights) {
        for (std::size_t k = 0; k < kMeshBonesPerVertex; ++k) {
            const bool used = k < v.count;
            const auto joint = used ? std::lower_bound(joints.begin(), joints.end(), static_cast<int>(v.bones[k])) - joints.begin() : 0;
            numbers.push_back(static_cast<std::uint16_t>(joint));
            weights.push_back(used ? v.weights[static_cast<int>(k)] : 0.0f);
        }
    }
    add_skin_attributes(w, p, numbers, weights);
}

}  // namespace

int picture_mesh(Writer& w, const Attachment& a, const PicturePlacement& place, std::span<const std::vector<glm::vec2>> shapes,
                 int material) {
    const PicturePoints placing{a, place};
    const std::array<glm::vec2, 4> corners{glm::vec2{0.0f}, glm::vec2{a.size.x, 0.0f}, a.size, glm::vec2{0.0f, a.size.y}};
    const auto vertex = [&](std::size_t i) { return a.mesh ? a.mesh->vertices[i] : corners[i]; };
    std::vector<float> positions, normals, uvs;
    const glm::vec3 n = placing.direction(glm::vec3(0.0f, 0.0f, 1.0f));
    for (std::size_t i = 0; i < attachment_vertex_count(a); ++i) {
        append_xyz(positions, placing.point(vertex(i)));
        append_xyz(normals, n);
        // glTF's texture rows run from the top.
        const glm::vec2 uv = attachment_uv(a, i);
        uvs.insert(uvs.end(), {uv.x, 1.0f - uv.y});
    }
    std::vector<std::uint16_t> indices;
    for (const auto& t : attachment_triangles(a)) indices.insert(indices.end(), t.begin(), t.end());
    tinygltf::Primitive p;
    p.mode = TINYGLTF_MODE_TRIANGLES;
    p.attributes["POSITION"] = w.floats(positions, TINYGLTF_TYPE_VEC3, 3, true, kArrayBuffer);
    p.attributes["NORMAL"] = w.floats(normals, TINYGLTF_TYPE_VEC3, 3, false, kArrayBuffer);
    p.attributes["TEXCOORD_0"] = w.floats(uvs, TINYGLTF_TYPE_VEC2, 2, false, kArrayBuffer);
    if (place.rest && a.mesh && a.mesh->is_weighted()) add_picture_weights(w, p, *a.mesh, place.joints);
    p.indices = w.accessor(w.view(indices.data(), indices.size() * sizeof(std::uint16_t), kElementArrayBuffer),
                           TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, indices.size(), TINYGLTF_TYPE_SCALAR);
    p.material = material;
    tinygltf::Mesh mesh;
    // A deform key's offsets are added to the vertices before the bones carry them, as a morph
    // target's displacements are: each shape is a target, moved as the placement moves a vertex.
    for (const std::vector<glm::vec2>& shape : shapes) {
        std::vector<float> moves;
        for (std::size_t i = 0; i < shape.size(); ++i) append_xyz(moves, placing.point(vertex(i) + shape[i]) - placing.point(vertex(i)));
        p.targets.push_back({{"POSITION", w.floats(moves, TINYGLTF_TYPE_VEC3, 3, true, kArrayBuffer)}});
        mesh.weights.push_back(0.0);
    }
    mesh.primitives.push_back(p);
    w.model.meshes.push_back(mesh);
    return static_cast<int>(w.model.meshes.size()) - 1;
}

}  // namespace marionette::gltf
