#include "editor/edits/mesh_edits.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/meshing/picture_mesh.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/slot_edits.hpp"

namespace marionette {

namespace {

// Heat weights for `mesh` as `a` places it on slot `slot`'s bone, over `bones`, at rest.
Result<std::vector<VertexWeights>> weights_at_rest(const Rig& rig, int slot, const Attachment& a, const AttachmentMesh& mesh,
                                                   std::span<const int> bones, AutoWeightsMethod method) {
    const Skeleton& skeleton = rig.skeleton;
    if (bones.empty()) return Error{"no bones to bind to"};
    if (bones.size() > kMaxAutoWeightsBones) return Error{"more than " + std::to_string(kMaxAutoWeightsBones) + " bones to bind to"};
    std::vector<Transform> rest_world(skeleton.size());
    const Pose rest = Pose::rest(skeleton.size());
    const ForwardKinematicsJob fk{&skeleton, &rest, rest_world};
    if (Status s = fk.validate(); !s) return Error{s.message()};
    fk.run();
    std::vector<BoneSegment> segments;
    for (int b : bones) {
        if (b < 0 || b >= static_cast<int>(skeleton.size())) return Error{"bone " + std::to_string(b) + " does not exist"};
        const Transform& frame = rest_world[static_cast<std::size_t>(b)];
        const glm::vec3 tip = frame.apply(glm::vec3{skeleton[static_cast<std::size_t>(b)].length, 0.0f, 0.0f});
        segments.push_back(BoneSegment{static_cast<std::uint16_t>(b), glm::vec2(frame.translation), glm::vec2(tip)});
    }
    const Transform& slot_frame = rest_world[static_cast<std::size_t>(rig.slots[static_cast<std::size_t>(slot)].bone)];
    std::vector<glm::vec2> vertices;
    vertices.reserve(mesh.vertices.size());
    for (const glm::vec2& v : mesh.vertices) vertices.push_back(glm::vec2(slot_frame.apply(glm::vec3(picture_to_bone(a, v), 0.0f))));
    std::vector<VertexWeights> weights(mesh.vertices.size());
    const AutoWeightsJob job{vertices, mesh.triangles, segments, method, 4.0f, weights};
    if (Status s = job.validate(); !s) return Error{s.message()};
    job.run();
    return weights;
}

// `made` in place of the attachment's mesh, bound again to the bones the old one followed.
Result<Rig> replace_mesh(const Rig& rig, int slot, int attachment, AttachmentMesh made) {
    const Attachment& a = rig.slots[static_cast<std::size_t>(slot)].attachments[static_cast<std::size_t>(attachment)];
    if (a.mesh && a.mesh->is_weighted()) {
        const std::vector<int> bones = weighted_bones(*a.mesh);
        Result<std::vector<VertexWeights>> weights = weights_at_rest(rig, slot, a, made, bones, AutoWeightsMethod::heat);
        if (!weights) return Error{weights.message()};
        made.weights = std::move(weights).value();
    }
    return set_attachment_mesh(rig, slot, attachment, std::move(made));
}

}  // namespace

Result<Rig> set_attachment_mesh(const Rig& rig, int slot, int attachment, std::optional<AttachmentMesh> mesh) {
    Attachment changed = rig.slots[static_cast<std::size_t>(slot)].attachments[static_cast<std::size_t>(attachment)];
    changed.mesh = std::move(mesh);
    return set_attachment(rig, slot, attachment, changed);
}

Result<const Attachment*> attachment_at(const Rig& rig, int slot, int attachment) {
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) return Error{"slot " + std::to_string(slot) + " does not exist"};
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (attachment < 0 || attachment >= static_cast<int>(s.attachments.size())) {
        return Error{"slot \"" + s.name + "\" has no attachment " + std::to_string(attachment)};
    }
    return &s.attachments[static_cast<std::size_t>(attachment)];
}

Result<Rig> make_attachment_mesh(const Rig& rig, int slot, int attachment, const PicturePixels& pixels, float detail) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (!(detail >= 0.0f && detail <= 1.0f)) return Error{"a mesh's detail is 0 to 1"};
    AttachmentMesh made;
    const PictureMeshJob job{
        pixels.rgba, pixels.width, pixels.height, a.value()->size, picture_mesh_settings(detail, pixels.width, pixels.height), &made};
    if (Status s = job.validate(); !s) return Error{s.message()};
    if (Status s = job.run(); !s) return Error{s.message()};
    return replace_mesh(rig, slot, attachment, std::move(made));
}

Result<Rig> make_attachment_grid(const Rig& rig, int slot, int attachment, int columns, int rows) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (columns < 1 || rows < 1 || columns > kMaxGridCells || rows > kMaxGridCells) {
        return Error{"a grid has 1 to " + std::to_string(kMaxGridCells) + " cells a side"};
    }
    if (!(a.value()->size.x > 0.0f && a.value()->size.y > 0.0f)) return Error{"a picture of no area cannot be a mesh"};
    return replace_mesh(rig, slot, attachment, grid_mesh(a.value()->size, columns, rows));
}

Result<Rig> remove_attachment_mesh(const Rig& rig, int slot, int attachment) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (!a.value()->mesh) return Error{"\"" + a.value()->name + "\" is no mesh"};
    Rig out = rig;
    for (State& state : out.states) {
        std::erase_if(state.deform, [&](const DeformTrack& t) { return t.slot == slot && t.attachment == attachment; });
    }
    return set_attachment_mesh(out, slot, attachment, std::nullopt);
}

std::vector<int> default_bind_bones(const Rig& rig, int slot) {
    std::vector<int> bones;
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) return bones;
    const int root = rig.slots[static_cast<std::size_t>(slot)].bone;
    // Parents come before their children in the skeleton.
    for (int b = 0; b < static_cast<int>(rig.skeleton.size()) && bones.size() < kMaxAutoWeightsBones; ++b) {
        if (rig.skeleton.is_ancestor_or_self(root, b)) bones.push_back(b);
    }
    return bones;
}

Result<Rig> bind_attachment_mesh(const Rig& rig, int slot, int attachment, std::span<const int> bones, AutoWeightsMethod method) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (!a.value()->mesh) return Error{"\"" + a.value()->name + "\" is no mesh: make it one first"};
    std::vector<int> sorted(bones.begin(), bones.end());
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return Error{"a bone to bind to is named twice"};
    AttachmentMesh bound = *a.value()->mesh;
    Result<std::vector<VertexWeights>> weights = weights_at_rest(rig, slot, *a.value(), bound, bones, method);
    if (!weights) return Error{weights.message()};
    bound.weights = std::move(weights).value();
    return set_attachment_mesh(rig, slot, attachment, std::move(bound));
}

Result<Rig> unbind_attachment_mesh(const Rig& rig, int slot, int attachment) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    if (!a.value()->mesh || !a.value()->mesh->is_weighted()) return Error{"\"" + a.value()->name + "\" is no weighted mesh"};
    AttachmentMesh rigid = *a.value()->mesh;
    rigid.weights.clear();
    return set_attachment_mesh(rig, slot, attachment, std::move(rigid));
}

}  // namespace marionette
