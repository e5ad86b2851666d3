#include "core/mesh/attachment_mesh_json.hpp"

#include <algorithm>

#include "core/io/json/json_numbers.hpp"

namespace marionette {

namespace {

void require_list(const JsonField& f, const char* of) {
    if (!f.is_array()) f.fail(std::string("must be a list of ") + of);
}

glm::vec2 pair(const JsonField& f) {
    if (!f.is_array() || f.array_size() != 2) f.fail("must be a list of 2 numbers");
    return {f.element(0).number(), f.element(1).number()};
}

std::vector<glm::vec2> pairs(const JsonField& f) {
    require_list(f, "[x, y] pairs");
    std::vector<glm::vec2> out;
    out.reserve(std::min<std::size_t>(f.array_size(), kMaxAttachmentMeshVertices + 1));
    for (std::size_t i = 0; i < f.array_size(); ++i) out.push_back(pair(f.element(i)));
    return out;
}

// An index into a list of `count`, or a failure naming what it is not.
int index(const JsonField& f, std::size_t count, const char* what) {
    const int i = f.integer();
    if (i < 0 || static_cast<std::size_t>(i) >= count) {
        f.fail(std::to_string(i) + " is not " + what + " (there are " + std::to_string(count) + ")");
    }
    return i;
}

Json pairs_json(const std::vector<glm::vec2>& v) {
    Json out = Json::array();
    for (const glm::vec2& p : v) out.push_back(Json::array({json_float(p.x), json_float(p.y)}));
    return out;
}

}  // namespace

AttachmentMesh read_attachment_mesh_json(const JsonField& field, const Skeleton& skeleton) {
    field.require_object();
    static const char* const kNames[] = {"vertices", "uvs", "triangles", "hull", "bones", "weights"};
    [[maybe_unused]] const auto [vertices, uvs, triangles, hull, bones, weights] = field.members(kNames);
    AttachmentMesh mesh;
    const JsonField vertex_list = field.member("vertices");
    mesh.vertices = pairs(vertex_list);
    if (mesh.vertices.size() > kMaxAttachmentMeshVertices) {
        vertex_list.fail("a mesh has at most " + std::to_string(kMaxAttachmentMeshVertices) + " vertices");
    }
    mesh.uvs = pairs(field.member("uvs"));
    const std::size_t n = mesh.vertices.size();
    const JsonField triangle_list = field.member("triangles");
    require_list(triangle_list, "[a, b, c] vertex triples");
    for (std::size_t t = 0; t < triangle_list.array_size(); ++t) {
        const JsonField tri = triangle_list.element(t);
        if (!tri.is_array() || tri.array_size() != 3) tri.fail("must be a list of 3 vertices");
        std::array<std::uint16_t, 3> corners{};
        for (std::size_t k = 0; k < 3; ++k) corners[k] = static_cast<std::uint16_t>(index(tri.element(k), n, "a vertex"));
        mesh.triangles.push_back(corners);
    }
    const JsonField hull_field = field.member("hull");
    const int h = hull_field.integer();
    if (h < 0) hull_field.fail("must be 3 or more");
    mesh.hull = static_cast<std::size_t>(h);
    if (bones.has_value() != weights.has_value()) field.fail("\"bones\" and \"weights\" come together");
    if (weights) {
        require_list(*bones, "bone names");
        std::vector<std::uint16_t> bone_of;
        for (std::size_t i = 0; i < bones->array_size(); ++i) {
            const JsonField b = bones->element(i);
            const std::string name = b.non_empty_string();
            const int bone = skeleton.find(name);
            if (bone < 0) b.fail("\"" + name + "\" is not a bone");
            bone_of.push_back(static_cast<std::uint16_t>(bone));
        }
        require_list(*weights, "vertex weights");
        if (weights->array_size() != n) {
            weights->fail("one list a vertex (" + std::to_string(n) + "), not " + std::to_string(weights->array_size()));
        }
        for (std::size_t v = 0; v < n; ++v) {
            const JsonField w = weights->element(v);
            const std::size_t count = w.is_array() ? w.array_size() : 0;
            if (count < 2 || count > 2 * kMeshBonesPerVertex || count % 2 != 0) {
                w.fail("must be a list of 1 to 4 pairs of a bone (its place in \"bones\") and a weight");
            }
            VertexWeights out;
            out.count = static_cast<std::uint8_t>(count / 2);
            float sum = 0.0f;
            for (std::size_t k = 0; k < out.count; ++k) {
                out.bones[k] = bone_of[static_cast<std::size_t>(index(w.element(2 * k), bone_of.size(), "one of the mesh's bones"))];
                out.weights[static_cast<int>(k)] = w.element(2 * k + 1).number();
                sum += out.weights[static_cast<int>(k)];
            }
            // A writer's rounding is mended; a sum further off is the rule's to refuse.
            if (std::abs(sum - 1.0f) <= kWeightSumTolerance && sum > 0.0f) out.weights /= sum;
            mesh.weights.push_back(out);
        }
    }
    return mesh;
}

Json attachment_mesh_json(const AttachmentMesh& mesh, const Skeleton& skeleton) {
    Json out = Json::object();
    out["vertices"] = pairs_json(mesh.vertices);
    out["uvs"] = pairs_json(mesh.uvs);
    Json triangles = Json::array();
    for (const auto& t : mesh.triangles) triangles.push_back(Json::array({t[0], t[1], t[2]}));
    out["triangles"] = std::move(triangles);
    out["hull"] = mesh.hull;
    if (mesh.is_weighted()) {
        // The bones named once, in the skeleton's order.
        std::vector<std::uint16_t> used;
        for (const VertexWeights& w : mesh.weights) used.insert(used.end(), w.bones.begin(), w.bones.begin() + w.count);
        std::sort(used.begin(), used.end());
        used.erase(std::unique(used.begin(), used.end()), used.end());
        Json names = Json::array();
        for (std::uint16_t b : used) names.push_back(skeleton[b].name);
        Json weights = Json::array();
        for (const VertexWeights& w : mesh.weights) {
            Json list = Json::array();
            for (std::size_t k = 0; k < w.count; ++k) {
                list.push_back(std::lower_bound(used.begin(), used.end(), w.bones[k]) - used.begin());
                list.push_back(json_float(w.weights[static_cast<int>(k)]));
            }
            weights.push_back(std::move(list));
        }
        out["bones"] = std::move(names);
        out["weights"] = std::move(weights);
    }
    return out;
}

}  // namespace marionette
