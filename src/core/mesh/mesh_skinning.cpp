#include "core/mesh/mesh_skinning.hpp"

#include <string>

#include "core/base/job_validated.hpp"

namespace marionette {

Status JointMatricesJob::validate() const {
    if (!mesh || !pose) return Error{"joint matrices: missing mesh or pose"};
    if (!pose->fits(world.size())) return Error{"joint matrices: the pose does not fit " + std::to_string(world.size()) + " bones"};
    for (const MeshJoint& joint : mesh->joints) {
        if (joint.bone < 0 || static_cast<std::size_t>(joint.bone) >= world.size()) {
            return Error{"joint matrices: mesh \"" + mesh->name + "\" hangs on bone " + std::to_string(joint.bone) + " of " +
                         std::to_string(world.size())};
        }
    }
    if (matrices.size() != palette_size(*mesh)) return Error{"joint matrices: the output does not hold one matrix per joint"};
    return {};
}

void JointMatricesJob::run() const {
    assert_validated(*this, "JointMatricesJob");
    if (mesh->joints.empty()) {
        matrices[0] = glm::mat4(1.0f);
        return;
    }
    for (std::size_t j = 0; j < mesh->joints.size(); ++j) {
        const auto bone = static_cast<std::size_t>(mesh->joints[j].bone);
        matrices[j] = to_matrix(world[bone], pose->scales[bone]) * mesh->joints[j].bind;
    }
}

Status SkinMeshJob::validate() const {
    if (!mesh) return Error{"skinning: missing mesh"};
    if (matrices.size() != palette_size(*mesh)) return Error{"skinning: the palette does not hold one matrix per joint"};
    const std::size_t n = mesh->positions.size();
    if (positions.size() != n) return Error{"skinning: the output does not hold one position per vertex"};
    if (!normals.empty() && (mesh->normals.size() != n || normals.size() != n)) {
        return Error{"skinning: normals asked of a mesh without them, or not one per vertex"};
    }
    if (mesh->is_skinned()) {
        if (mesh->influences.size() != n) return Error{"skinning: not one influence per vertex"};
        for (const Influence& v : mesh->influences) {
            for (std::uint16_t j : v.joints) {
                if (j >= matrices.size()) return Error{"skinning: a vertex names a joint past the palette"};
            }
        }
    }
    return {};
}

void SkinMeshJob::run() const {
    assert_validated(*this, "SkinMeshJob");
    const std::size_t n = mesh->positions.size();
    const bool with_normals = !normals.empty();
    for (std::size_t i = 0; i < n; ++i) {
        glm::mat4 m;
        if (mesh->is_skinned()) {
            const Influence& v = mesh->influences[i];
            m = matrices[v.joints[0]] * v.weights[0];
            for (std::size_t k = 1; k < kInfluencesPerVertex; ++k) m += matrices[v.joints[k]] * v.weights[static_cast<int>(k)];
        } else {
            m = matrices[0];
        }
        positions[i] = glm::vec3(m * glm::vec4(mesh->positions[i], 1.0f));
        if (with_normals) {
            // Normals turn by the inverse transpose, so a scaled bone keeps them square to the skin.
            const glm::vec3 turned = glm::transpose(glm::inverse(glm::mat3(m))) * mesh->normals[i];
            const float length = glm::length(turned);
            normals[i] = length > 0.0f ? turned / length : mesh->normals[i];
        }
    }
}

}  // namespace marionette
