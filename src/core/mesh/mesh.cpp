#include "core/mesh/mesh.hpp"

#include <cmath>

#include "core/base/read_budget.hpp"
#include "core/image/image_decode.hpp"
#include "core/math/color.hpp"

namespace marionette {

namespace {

bool finite(const glm::vec2& v) { return std::isfinite(v.x) && std::isfinite(v.y); }
bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const glm::vec4& v) { return finite(glm::vec3(v)) && std::isfinite(v.w); }
bool finite(const glm::mat4& m) { return finite(m[0]) && finite(m[1]) && finite(m[2]) && finite(m[3]); }

std::string at(const std::string& place, std::size_t i) { return place + "[" + std::to_string(i) + "]"; }

template <class V>
std::optional<std::string> per_vertex_problem(const std::vector<V>& values, std::size_t vertices, const std::string& place) {
    if (values.empty()) return std::nullopt;
    if (values.size() != vertices) {
        return place + ": " + std::to_string(values.size()) + " values for " + std::to_string(vertices) + " vertices";
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!finite(values[i])) return at(place, i) + ": not a finite number";
    }
    return std::nullopt;
}

std::optional<std::string> influence_problem(const Influence& v, std::size_t joints, const std::string& place) {
    float sum = 0.0f;
    for (std::size_t k = 0; k < kInfluencesPerVertex; ++k) {
        const float w = v.weights[static_cast<int>(k)];
        if (!(w >= 0.0f && w <= 1.0f)) return place + ".weights: each weight is within [0, 1]";
        if (w > 0.0f && v.joints[k] >= joints) {
            return place + ".joints: " + std::to_string(v.joints[k]) + " is not a joint of the mesh (it has " + std::to_string(joints) +
                   ")";
        }
        sum += w;
    }
    if (!(std::abs(sum - 1.0f) <= 1e-3f)) return place + ".weights: they sum to " + std::to_string(sum) + ", not 1";
    return std::nullopt;
}

std::optional<std::string> mesh_problem(const Mesh& mesh, std::size_t bone_count, std::size_t images, const std::string& place) {
    if (mesh.name.empty()) return place + ".name: a mesh needs a name";
    if (mesh.joints.size() > kMaxMeshJoints) return place + ".joints: more than " + std::to_string(kMaxMeshJoints) + " joints";
    for (std::size_t j = 0; j < mesh.joints.size(); ++j) {
        const MeshJoint& joint = mesh.joints[j];
        if (joint.bone < 0 || static_cast<std::size_t>(joint.bone) >= bone_count) return at(place + ".joints", j) + ".bone: not a bone";
        if (!finite(joint.bind)) return at(place + ".joints", j) + ".bind: not a finite matrix";
    }
    const std::size_t n = mesh.positions.size();
    if (n > kMaxMeshVertices) return place + ": more than " + std::to_string(kMaxMeshVertices) + " vertices";
    for (std::size_t i = 0; i < n; ++i) {
        if (!finite(mesh.positions[i]) || glm::any(glm::greaterThan(glm::abs(mesh.positions[i]), glm::vec3(1e15f)))) {
            return at(place + ".positions", i) + ": not a finite position within 1e15";
        }
    }
    if (auto p = per_vertex_problem(mesh.normals, n, place + ".normals")) return p;
    if (auto p = per_vertex_problem(mesh.uvs, n, place + ".uvs")) return p;
    if (mesh.is_skinned()) {
        if (mesh.influences.size() != n) {
            return place + ".influences: " + std::to_string(mesh.influences.size()) + " for " + std::to_string(n) + " vertices";
        }
        if (mesh.joints.empty()) return place + ": a skinned mesh needs joints";
        for (std::size_t i = 0; i < n; ++i) {
            if (auto p = influence_problem(mesh.influences[i], mesh.joints.size(), at(place + ".influences", i))) return p;
        }
    } else if (mesh.joints.size() > 1) {
        return place + ": a mesh without weights hangs on one joint, not " + std::to_string(mesh.joints.size());
    }
    if (mesh.indices.size() % 3 != 0)
        return place + ".indices: " + std::to_string(mesh.indices.size()) + " is not a whole number of triangles";
    for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
        if (mesh.indices[i] >= n) {
            return at(place + ".indices", i) + ": " + std::to_string(mesh.indices[i]) + " is not a vertex (the mesh has " +
                   std::to_string(n) + ")";
        }
    }
    const glm::vec4& c = mesh.material.base_color;
    if (!is_color(c)) return place + ".material.color: each component must be " + kColorRange;
    if (mesh.material.image < -1 || mesh.material.image >= static_cast<int>(images)) return place + ".material.image: not an image";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> mesh_set_problem(const MeshSet& set, std::size_t bone_count) {
    std::uint64_t decoded = 0;
    for (std::size_t i = 0; i < set.images.size(); ++i) {
        const MeshImage& image = set.images[i];
        const std::string place = at("images", i);
        if (image.mime_type != "image/png" && image.mime_type != "image/jpeg") {
            return place + ".type: \"" + image.mime_type + "\" is not image/png or image/jpeg";
        }
        if (image.bytes.empty()) return place + ": the image has no bytes";
        if (image.bytes.size() > kMaxImageBytes) return place + ": larger than " + std::to_string(kMaxImageBytes >> 20) + " MB";
        // The bytes are what the type says, with a header that reads, and every picture of the
        // set decodes within the file's budget: found here, not when the editor first draws it.
        const std::string_view kind = image_mime_type(image.bytes);
        if (kind != image.mime_type) {
            return place + ": its bytes are " +
                   (kind.empty() ? std::string("no PNG or JPEG picture") : "a " + std::string(kind) + " picture") + ", not the " +
                   image.mime_type + " its type says";
        }
        const Result<glm::ivec2> size = image_size(image.bytes);
        if (!size) return place + ": " + size.message();
        decoded += decoded_bytes(size.value());
        if (decoded > kMaxFileDecodedImageBytes) {
            return place + ": the pictures decode to more than " + with_thousands(kMaxFileDecodedImageBytes) + " bytes together, the limit";
        }
    }
    std::uint64_t vertices = 0, triangles = 0;
    for (std::size_t m = 0; m < set.meshes.size(); ++m) {
        const Mesh& mesh = set.meshes[m];
        vertices += mesh.positions.size();
        triangles += mesh.indices.size() / 3;
        if (vertices > kMaxFileVertices)
            return at("meshes", m) + ": the meshes hold more than " + with_thousands(kMaxFileVertices) + " vertices together, the limit";
        if (triangles > kMaxFileTriangles) {
            return at("meshes", m) + ": the meshes hold more than " + with_thousands(kMaxFileTriangles) + " triangles together, the limit";
        }
        if (auto p = mesh_problem(mesh, bone_count, set.images.size(), at("meshes", m))) return p;
    }
    return std::nullopt;
}

RigMeshes::RigMeshes(MeshSet set) {
    if (!set.empty()) set_ = std::make_shared<const MeshSet>(std::move(set));
}

const MeshSet& RigMeshes::set() const {
    static const MeshSet kNone;
    return set_ ? *set_ : kNone;
}

bool RigMeshes::operator==(const RigMeshes& other) const { return set_ == other.set_ || set() == other.set(); }

}  // namespace marionette
