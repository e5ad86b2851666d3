#include "core/mesh/attachment_skinning.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/job_validated.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

Status BoneSkinningJob::validate() const {
    if (!pose) return Error{"bone skinning: missing pose"};
    if (!pose->fits(world.size()) || rest_world.size() != world.size()) {
        return Error{"bone skinning: the pose and rest frames do not fit " + std::to_string(world.size()) + " bones"};
    }
    if (matrices.size() != world.size()) return Error{"bone skinning: the output does not hold one matrix per bone"};
    return {};
}

void BoneSkinningJob::run() const {
    assert_validated(*this, "BoneSkinningJob");
    for (std::size_t b = 0; b < world.size(); ++b) {
        // A rest frame is rigid: its inverse is its transpose turn and the turned-back shift.
        const glm::quat back = glm::conjugate(rest_world[b].rotation);
        const Transform inverse_rest{back * -rest_world[b].translation, back};
        matrices[b] = to_matrix(world[b], pose->scales[b]) * to_matrix(inverse_rest);
    }
}

Status AttachmentVerticesJob::validate() const {
    if (!attachment || !pose) return Error{"attachment vertices: missing attachment or pose"};
    if (!pose->fits(world.size())) return Error{"attachment vertices: the pose does not fit " + std::to_string(world.size()) + " bones"};
    if (bone < 0 || static_cast<std::size_t>(bone) >= world.size()) return Error{"attachment vertices: the slot's bone is not a bone"};
    const std::size_t n = attachment_vertex_count(*attachment);
    if (positions.size() != n) return Error{"attachment vertices: the output does not hold one position per vertex"};
    if (!deform.empty() && (!attachment->mesh || deform.size() != n)) {
        return Error{"attachment vertices: a deform is one offset per mesh vertex"};
    }
    if (attachment->mesh && attachment->mesh->is_weighted()) {
        if (rest_world.size() != world.size() || skinning.size() != world.size()) {
            return Error{"attachment vertices: a weighted mesh needs every bone's rest frame and skinning matrix"};
        }
        for (const VertexWeights& w : attachment->mesh->weights) {
            for (std::size_t i = 0; i < w.count; ++i) {
                if (w.bones[i] >= world.size()) return Error{"attachment vertices: a weight names a bone past the skeleton"};
            }
        }
    }
    return {};
}

void AttachmentVerticesJob::run() const {
    assert_validated(*this, "AttachmentVerticesJob");
    const Attachment& a = *attachment;
    const auto b = static_cast<std::size_t>(bone);
    if (!a.mesh) {
        const std::array<glm::vec3, 4> corners = attachment_world_corners(a, world[b], pose->scales[b]);
        std::copy(corners.begin(), corners.end(), positions.begin());
        return;
    }
    const AttachmentMesh& mesh = *a.mesh;
    const auto vertex = [&](std::size_t i) { return deform.empty() ? mesh.vertices[i] : mesh.vertices[i] + deform[i]; };
    if (!mesh.is_weighted()) {
        const glm::mat4 frame = to_matrix(world[b], pose->scales[b]);
        for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
            positions[i] = glm::vec3(frame * glm::vec4(picture_to_bone(a, vertex(i)), 0.0f, 1.0f));
        return;
    }
    // Bound at rest: where the vertex sits with the skeleton at rest, then carried by each bone.
    const glm::mat4 rest = to_matrix(rest_world[b]);
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const glm::vec4 bound = rest * glm::vec4(picture_to_bone(a, vertex(i)), 0.0f, 1.0f);
        const VertexWeights& w = mesh.weights[i];
        glm::vec4 p(0.0f);
        for (std::size_t k = 0; k < w.count; ++k) p += w.weights[static_cast<int>(k)] * (skinning[w.bones[k]] * bound);
        positions[i] = glm::vec3(p);
    }
}

AttachmentSkinning attachment_skinning(const Skeleton& skeleton, std::span<const Slot> slots, const Pose& pose,
                                       std::span<const Transform> world) {
    AttachmentSkinning out;
    const bool weighted = std::any_of(slots.begin(), slots.end(), [](const Slot& s) {
        return std::any_of(s.attachments.begin(), s.attachments.end(), [](const Attachment& a) { return a.mesh && a.mesh->is_weighted(); });
    });
    if (!weighted || world.size() != skeleton.size()) return out;
    const Pose rest = Pose::rest(skeleton.size());
    out.rest_world.resize(skeleton.size());
    const ForwardKinematicsJob fk{&skeleton, &rest, out.rest_world};
    out.matrices.resize(skeleton.size());
    const BoneSkinningJob job{world, out.rest_world, &pose, out.matrices};
    if (!fk.validate() || !job.validate()) return {};
    fk.run();
    job.run();
    return out;
}

void attachment_world_vertices(const Attachment& a, int bone, std::span<const Transform> world, const Pose& pose,
                               const AttachmentSkinning& skinning, std::vector<glm::vec3>& out, std::span<const glm::vec2> deform) {
    out.resize(attachment_vertex_count(a));
    const AttachmentVerticesJob job{&a, bone, world, &pose, skinning.rest_world, skinning.matrices, deform, out};
    if (!job.validate()) {
        out.clear();
        return;
    }
    job.run();
}

namespace {

constexpr std::array<std::array<std::uint16_t, 3>, 2> kQuadTriangles{{{0, 1, 2}, {0, 2, 3}}};
constexpr glm::vec2 kCornerUv[4] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {1.0f, 1.0f}, {0.0f, 1.0f}};

}  // namespace

std::span<const std::array<std::uint16_t, 3>> attachment_triangles(const Attachment& a) {
    if (a.mesh) return a.mesh->triangles;
    return kQuadTriangles;
}

glm::vec2 attachment_uv(const Attachment& a, std::size_t i) { return a.mesh ? a.mesh->uvs[i] : kCornerUv[i]; }

std::size_t attachment_outline_size(const Attachment& a) { return a.mesh ? a.mesh->hull : 4; }

}  // namespace marionette
