#include "core/io/spine_import/spine_attachment_mesh.hpp"

#include <algorithm>
#include <cmath>

#include "core/io/spine_import/spine_setup_world.hpp"
#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

namespace {

struct SpineInfluence {
    int bone = 0;
    float weight = 0.0f;
};

// Reads Spine's weighted vertex list: per vertex a bone count, then (bone, x, y, weight) each.
// The positions come back bound at the rig's rest (each bone's rest frame carrying its own
// position of the vertex, averaged by weight), in the world.
std::optional<std::string> read_weighted(const std::vector<float>& v, std::size_t count, std::span<const Transform> rest_world,
                                         std::vector<glm::dvec2>& positions, std::vector<VertexWeights>& weights, int& cut) {
    std::size_t i = 0;
    std::vector<SpineInfluence> influences;
    for (std::size_t vertex = 0; vertex < count; ++vertex) {
        if (i >= v.size()) return "vertices: " + std::to_string(vertex) + " weighted vertices given, the UVs have " + std::to_string(count);
        const float bones = v[i++];
        if (!(bones >= 1.0f && bones == std::floor(bones) && i + std::size_t(bones) * 4 <= v.size()))
            return "vertices: vertex " + std::to_string(vertex) + " has a bone count that does not fit the list";
        influences.clear();
        glm::dvec2 p(0.0);
        double total = 0.0;
        for (int b = 0; b < int(bones); ++b, i += 4) {
            const float bone = v[i];
            if (!(bone >= 0.0f && bone == std::floor(bone) && std::size_t(bone) < rest_world.size()))
                return "vertices: vertex " + std::to_string(vertex) + " names a bone that is not in the skeleton";
            const float w = v[i + 3];
            if (!(w >= 0.0f && w <= 1.0f + kWeightSumTolerance))
                return "vertices: vertex " + std::to_string(vertex) + " has a weight outside 0 to 1";
            const glm::vec3 at = rest_world[std::size_t(bone)].apply(glm::vec3(v[i + 1], v[i + 2], 0.0f));
            p += glm::dvec2(at) * double(w);
            total += w;
            if (w <= 0.0f) continue;
            const auto same =
                std::find_if(influences.begin(), influences.end(), [&](const SpineInfluence& f) { return f.bone == int(bone); });
            if (same != influences.end()) same->weight += w;
            else influences.push_back(SpineInfluence{int(bone), w});
        }
        if (influences.empty() || total <= 0.0) return "vertices: vertex " + std::to_string(vertex) + " has no weight";
        positions.push_back(p / total);
        std::stable_sort(influences.begin(), influences.end(),
                         [](const SpineInfluence& a, const SpineInfluence& b) { return a.weight > b.weight; });
        if (influences.size() > kMeshBonesPerVertex) {
            influences.resize(kMeshBonesPerVertex);
            ++cut;
        }
        float kept = 0.0f;
        for (const SpineInfluence& f : influences) kept += f.weight;
        VertexWeights vw;
        vw.count = static_cast<std::uint8_t>(influences.size());
        for (std::size_t k = 0; k < influences.size(); ++k) {
            vw.bones[k] = static_cast<std::uint16_t>(influences[k].bone);
            vw.weights[int(k)] = influences[k].weight / kept;
        }
        weights.push_back(vw);
    }
    if (i != v.size()) return "vertices: more numbers than the UVs' " + std::to_string(count) + " vertices take";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> spine_attachment_mesh(const SpineAttachmentData& d, int slot_bone, std::span<const Transform> rest_world,
                                                 Attachment& a, std::vector<std::string>& notes, std::vector<std::size_t>* order) {
    const std::size_t count = d.uvs.size() / 2;
    if (count < 3) return "a mesh needs 3 vertices at least";
    if (count > kMaxAttachmentMeshVertices) return "more than " + std::to_string(kMaxAttachmentMeshVertices) + " vertices";
    if (slot_bone < 0 || std::size_t(slot_bone) >= rest_world.size()) return "its slot's bone is not in the skeleton";
    std::vector<glm::dvec2> at;  // in the slot bone's frame, before its scale
    AttachmentMesh mesh;
    if (d.vertices.size() == d.uvs.size()) {
        for (std::size_t k = 0; k < count; ++k) at.emplace_back(d.vertices[2 * k], d.vertices[2 * k + 1]);
    } else {
        int cut = 0;
        std::vector<glm::dvec2> world;
        if (std::optional<std::string> p = read_weighted(d.vertices, count, rest_world, world, mesh.weights, cut)) return p;
        const Transform& bone = rest_world[std::size_t(slot_bone)];
        const glm::quat back = glm::conjugate(bone.rotation);
        for (const glm::dvec2& w : world) at.push_back(glm::dvec2(back * (glm::vec3(glm::vec2(w), 0.0f) - bone.translation)));
        if (cut > 0) notes.push_back(std::to_string(cut) + " vertices follow more than 4 bones; each keeps its 4 heaviest");
    }
    glm::dvec2 lo = at[0], hi = at[0];
    for (const glm::dvec2& p : at) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    if (!(hi.x > lo.x && hi.y > lo.y)) return "its vertices enclose no area";
    for (std::size_t k = 0; k < count; ++k) {
        mesh.vertices.push_back(glm::vec2(at[k] - lo));
        // Spine's UVs run down from the picture's top; Marionette's up from its bottom.
        const glm::vec2 uv(d.uvs[2 * k], 1.0f - d.uvs[2 * k + 1]);
        mesh.uvs.push_back(glm::clamp(uv, glm::vec2(0.0f), glm::vec2(1.0f)));
    }
    int flat = 0;
    for (std::size_t t = 0; t + 2 < d.triangles.size(); t += 3) {
        std::array<std::uint16_t, 3> tri{std::uint16_t(d.triangles[t]), std::uint16_t(d.triangles[t + 1]),
                                         std::uint16_t(d.triangles[t + 2])};
        const double area = cross_2d(at[tri[1]] - at[tri[0]], at[tri[2]] - at[tri[0]]);
        if (area == 0.0) {
            ++flat;
            continue;
        }
        // Spine draws either winding; Marionette's rule is counter-clockwise.
        if (area < 0.0) std::swap(tri[1], tri[2]);
        mesh.triangles.push_back(tri);
    }
    if (flat > 0) notes.push_back(std::to_string(flat) + " triangles without area left out");
    mesh.hull = std::size_t(d.hull);
    // Spine's hulls run clockwise (in y-up terms); Marionette's counter-clockwise: the hull is
    // walked back from its first vertex, every list renumbered to match.
    double hull_area = 0.0;
    for (std::size_t k = 0; k < mesh.hull; ++k) hull_area += cross_2d(at[k], at[(k + 1) % mesh.hull]);
    const std::size_t h = mesh.hull;
    const bool reversed = hull_area < 0.0;
    const auto renumber = [h, reversed](std::size_t k) { return !reversed || k == 0 || k >= h ? k : h - k; };
    std::vector<std::size_t> rig_order(count);
    for (std::size_t k = 0; k < count; ++k) rig_order[k] = renumber(k);
    if (reversed) {
        const auto reorder = [&](auto& list) {
            if (list.empty()) return;
            auto copy = list;
            for (std::size_t k = 0; k < h; ++k) list[renumber(k)] = copy[k];
        };
        reorder(mesh.vertices);
        reorder(mesh.uvs);
        reorder(mesh.weights);
        for (auto& tri : mesh.triangles)
            for (std::uint16_t& v : tri) v = static_cast<std::uint16_t>(renumber(v));
    }
    Attachment placed = a;
    placed.pivot = glm::vec2(0.0f);
    placed.offset = glm::vec2(lo);
    placed.rotation = 0.0f;
    placed.scale = glm::vec2(1.0f);
    placed.size = glm::vec2(hi - lo);
    placed.mesh = std::move(mesh);
    if (std::optional<std::string> p = attachment_mesh_problem(*placed.mesh, rest_world.size(), "mesh")) return p;
    a = std::move(placed);
    if (order) *order = std::move(rig_order);
    return std::nullopt;
}

}  // namespace marionette
