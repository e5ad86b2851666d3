#include "editor/edits/mesh_vertex_edits.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "core/meshing/mesh_place.hpp"
#include "core/meshing/triangulation.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/edits/mesh_edits.hpp"
#include "editor/edits/slot_edits.hpp"

namespace marionette {

namespace {

Result<const AttachmentMesh*> mesh_at(const Rig& rig, int slot, int attachment) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (!a.value()->mesh) return Error{"\"" + a.value()->name + "\" is no mesh: trace one first"};
    return &*a.value()->mesh;
}

Status check_vertices(const AttachmentMesh& mesh, VertexList vertices) {
    for (const std::uint32_t v : vertices) {
        if (v >= mesh.vertices.size()) return Error{"the mesh has no vertex " + std::to_string(v)};
    }
    return {};
}

// Applies `change` to every deform key's offsets of the attachment, in every state.
template <class Change>
void change_deform_keys(Rig& rig, int slot, int attachment, Change change) {
    for (State& state : rig.states) {
        for (DeformTrack& t : state.deform) {
            if (t.slot != slot || t.attachment != attachment) continue;
            for (DeformKey& k : t.keys) change(k.offsets);
        }
    }
}

// Weights mixed in the given shares (summing to 1): each bone's share summed, the strongest
// kMeshBonesPerVertex kept, those too light to see dropped, the rest scaled to sum to 1.
VertexWeights mixed_weights(std::span<const std::pair<const VertexWeights*, float>> parts) {
    std::map<std::uint16_t, float> sums;
    for (const auto& [w, share] : parts) {
        for (std::size_t i = 0; i < w->count; ++i) sums[w->bones[i]] += share * w->weights[static_cast<int>(i)];
    }
    std::vector<std::pair<float, std::uint16_t>> order;
    for (const auto& [bone, weight] : sums) order.emplace_back(weight, bone);
    std::sort(order.begin(), order.end(),
              [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    if (order.size() > kMeshBonesPerVertex) order.resize(kMeshBonesPerVertex);
    while (order.size() > 1 && order.back().first < kMinPaintWeight) order.pop_back();
    float total = 0.0f;
    for (const auto& o : order) total += o.first;
    VertexWeights out;
    for (const auto& [weight, bone] : order) {
        out.bones[out.count] = bone;
        out.weights[out.count] = total > 0.0f ? weight / total : 1.0f / static_cast<float>(order.size());
        ++out.count;
    }
    return out;
}

// The mesh's triangles cut again over its outline (its first `hull` vertices) and the vertices
// after it, in their order; refused when a vertex would be dropped (one on another, or outside).
Status retriangulate(AttachmentMesh& mesh) {
    const std::span<const glm::vec2> all = mesh.vertices;
    PolygonTriangulation made;
    const PolygonTriangulationJob job{all.first(mesh.hull), all.subspan(mesh.hull), &made};
    if (Status s = job.validate(); !s) return Error{"the outline " + s.message()};
    if (Status s = job.run(); !s) return s;
    if (made.dropped > 0 || made.vertices.size() != mesh.vertices.size()) {
        return Error{"a vertex would lie on another or outside the outline"};
    }
    mesh.triangles = std::move(made.triangles);
    return {};
}

// Where a point of picture space is in `mesh`: on the outline's side `side` at `t` (0 to 1 from
// its first vertex), or in triangle `triangle` with barycentric `weights`.
struct MeshPlace {
    int side = -1;
    float t = 0.0f;
    int triangle = -1;
    glm::vec3 weights{0.0f};
};

std::optional<MeshPlace> place_in_mesh(const AttachmentMesh& mesh, glm::vec2 at, float snap) {
    if (const auto side = nearest_outline_side(std::span(mesh.vertices).first(mesh.hull), at, snap)) {
        return MeshPlace{static_cast<int>(side->side), side->t, -1, glm::vec3(0.0f)};
    }
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
        const auto& tri = mesh.triangles[i];
        if (const auto shares = triangle_shares(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]], at)) {
            return MeshPlace{-1, 0.0f, static_cast<int>(i), *shares};
        }
    }
    return std::nullopt;
}

}  // namespace

Result<Rig> move_mesh_vertices(const Rig& rig, int slot, int attachment, VertexList vertices, std::span<const glm::vec2> to) {
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{found.message()};
    if (vertices.size() != to.size()) return Error{"a place is needed for each vertex moved"};
    if (Status s = check_vertices(*found.value(), vertices); !s) return Error{s.message()};
    const glm::vec2 size = rig.slots[static_cast<std::size_t>(slot)].attachments[static_cast<std::size_t>(attachment)].size;
    AttachmentMesh mesh = *found.value();
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        if (!std::isfinite(to[i].x) || !std::isfinite(to[i].y)) return Error{"a vertex's place must be a number"};
        const std::size_t v = vertices[i];
        const glm::vec2 p = glm::clamp(to[i], glm::vec2(0.0f), size);
        // The UV moves by the picture's share of the move: the vertex keeps its part of the picture.
        if (size.x > 0.0f && size.y > 0.0f)
            mesh.uvs[v] = glm::clamp(mesh.uvs[v] + (p - mesh.vertices[v]) / size, glm::vec2(0.0f), glm::vec2(1.0f));
        mesh.vertices[v] = p;
    }
    return set_attachment_mesh(rig, slot, attachment, std::move(mesh));
}

Result<AddedVertex> add_mesh_vertex(const Rig& rig, int slot, int attachment, glm::vec2 at, float snap) {
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{found.message()};
    const AttachmentMesh& old = *found.value();
    if (old.vertices.size() >= kMaxAttachmentMeshVertices) {
        return Error{"a mesh has at most " + std::to_string(kMaxAttachmentMeshVertices) + " vertices"};
    }
    if (!std::isfinite(at.x) || !std::isfinite(at.y) || !(snap >= 0.0f)) return Error{"a vertex's place must be a number"};
    const std::optional<MeshPlace> place = place_in_mesh(old, at, snap);
    if (!place) return Error{"a vertex goes on the mesh or its outline"};
    // What the new vertex takes from those around it, in their shares.
    std::vector<std::pair<std::size_t, float>> parts;
    std::size_t index = old.vertices.size();  // inside: after the others
    if (place->side >= 0) {
        const auto side = static_cast<std::size_t>(place->side);
        parts = {{side, 1.0f - place->t}, {(side + 1) % old.hull, place->t}};
        index = side + 1;  // on the outline: between the side's two vertices
    } else {
        const auto& tri = old.triangles[static_cast<std::size_t>(place->triangle)];
        parts = {{tri[0], place->weights.x}, {tri[1], place->weights.y}, {tri[2], place->weights.z}};
    }
    const auto mix = [&](const std::vector<glm::vec2>& values) {
        glm::vec2 sum(0.0f);
        for (const auto& [v, share] : parts) sum += share * values[v];
        return sum;
    };
    AttachmentMesh mesh = old;
    const auto at_index = [&](auto& values, auto value) { values.insert(values.begin() + static_cast<std::ptrdiff_t>(index), value); };
    at_index(mesh.vertices, place->side >= 0 ? mix(old.vertices) : at);
    at_index(mesh.uvs, glm::clamp(mix(old.uvs), glm::vec2(0.0f), glm::vec2(1.0f)));
    if (old.is_weighted()) {
        std::vector<std::pair<const VertexWeights*, float>> weights;
        for (const auto& [v, share] : parts) weights.emplace_back(&old.weights[v], share);
        at_index(mesh.weights, mixed_weights(weights));
    }
    if (place->side >= 0) ++mesh.hull;
    if (Status s = retriangulate(mesh); !s) return Error{"cannot add the vertex: " + s.message()};
    Rig out = rig;
    change_deform_keys(out, slot, attachment, [&](std::vector<glm::vec2>& offsets) {
        if (offsets.size() != old.vertices.size()) return;  // the check below names it
        const glm::vec2 offset = mix(offsets);
        at_index(offsets, offset);
    });
    Result<Rig> changed = set_attachment_mesh(out, slot, attachment, std::move(mesh));
    if (!changed) return Error{"cannot add the vertex: " + changed.message()};
    return AddedVertex{std::move(changed).value(), static_cast<std::uint32_t>(index)};
}

Result<Rig> delete_mesh_vertices(const Rig& rig, int slot, int attachment, VertexList vertices) {
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{found.message()};
    const AttachmentMesh& old = *found.value();
    if (Status s = check_vertices(old, vertices); !s) return Error{s.message()};
    std::vector<bool> gone(old.vertices.size(), false);
    for (const std::uint32_t v : vertices) gone[v] = true;
    std::size_t hull = 0;
    for (std::size_t i = 0; i < old.hull; ++i) hull += gone[i] ? 0 : 1;
    if (hull < 3) return Error{"cannot delete the vertices: the outline keeps at least 3"};
    const auto kept = [&](const auto& values) {
        std::remove_cvref_t<decltype(values)> out;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!gone[i]) out.push_back(values[i]);
        }
        return out;
    };
    AttachmentMesh mesh = old;
    mesh.vertices = kept(old.vertices);
    mesh.uvs = kept(old.uvs);
    if (old.is_weighted()) mesh.weights = kept(old.weights);
    mesh.hull = hull;
    if (Status s = retriangulate(mesh); !s) return Error{"cannot delete the vertices: " + s.message()};
    Rig out = rig;
    change_deform_keys(out, slot, attachment, [&](std::vector<glm::vec2>& offsets) {
        if (offsets.size() == old.vertices.size()) offsets = kept(offsets);
    });
    Result<Rig> changed = set_attachment_mesh(out, slot, attachment, std::move(mesh));
    if (!changed) return Error{"cannot delete the vertices: " + changed.message()};
    return changed;
}

Result<Rig> key_mesh_deform(const Rig& rig, int state, int slot, int attachment, float time, std::vector<glm::vec2> offsets) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot key the shape: " + s.message()};
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{"cannot key the shape: " + found.message()};
    if (offsets.size() != found.value()->vertices.size()) return Error{"cannot key the shape: an offset is needed for each vertex"};
    if (!is_key_time(time)) return Error{std::string("cannot key the shape: ") + kKeyTimeRule};
    Rig out = rig;
    std::vector<DeformTrack>& tracks = out.states[static_cast<std::size_t>(state)].deform;
    deform_key_at(tracks, slot, attachment, time).offsets = std::move(offsets);  // a key there keeps its time and way on
    std::string place;
    if (std::string p = deform_tracks_problem(tracks, out.slots, &place); !p.empty()) return Error{"cannot key the shape: " + p};
    return out;
}

Result<Rig> paint_mesh_weights(const Rig& rig, int slot, int attachment, const WeightBrush& brush, std::span<const glm::vec2> seen) {
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{found.message()};
    AttachmentMesh mesh = *found.value();
    if (!seen.empty() && seen.size() != mesh.vertices.size()) return Error{"cannot paint the weights: a place is needed for each vertex"};
    if (!mesh.is_weighted()) {
        mesh.weights = weights_on_bone(mesh.vertices.size(), static_cast<std::uint16_t>(rig.slots[static_cast<std::size_t>(slot)].bone));
    }
    Result<std::size_t> changed = apply_weight_brush(brush, seen.empty() ? std::span<const glm::vec2>(mesh.vertices) : seen, mesh.triangles,
                                                     rig.skeleton.size(), mesh.weights);
    if (!changed) return Error{"cannot paint the weights: " + changed.message()};
    return set_attachment_mesh(rig, slot, attachment, std::move(mesh));
}

Result<Rig> set_mesh_vertex_weight(const Rig& rig, int slot, int attachment, VertexList vertices, int bone, float value) {
    Result<const AttachmentMesh*> found = mesh_at(rig, slot, attachment);
    if (!found) return Error{found.message()};
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) return Error{"bone " + std::to_string(bone) + " does not exist"};
    AttachmentMesh mesh = *found.value();
    if (!mesh.is_weighted()) {
        mesh.weights = weights_on_bone(mesh.vertices.size(), static_cast<std::uint16_t>(rig.slots[static_cast<std::size_t>(slot)].bone));
    }
    if (Status s = set_vertex_weight(mesh.weights, vertices, static_cast<std::uint16_t>(bone), value, rig.skeleton.size()); !s) {
        return Error{"cannot set the weight: " + s.message()};
    }
    return set_attachment_mesh(rig, slot, attachment, std::move(mesh));
}

}  // namespace marionette
