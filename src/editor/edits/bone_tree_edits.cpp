// Edits of the bone tree: adding, deleting and re-parenting bones. Each builds the changed
// tree with the old numbering, then bone_reorder renumbers everything at once.

#include <algorithm>
#include <numeric>
#include <unordered_set>

#include "editor/edits/bone_reorder.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/unique_name.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

// The bone's joint frame in the world at rest (no pose, no root offset).
Transform rest_world(const Skeleton& skeleton, int bone) {
    Transform world;
    for (int b = bone; b >= 0; b = skeleton[static_cast<std::size_t>(b)].parent) {
        world = skeleton[static_cast<std::size_t>(b)].rest * world;
    }
    return world;
}

Transform inverse(const Transform& t) {
    const glm::quat back = glm::conjugate(t.rotation);
    return {back * -t.translation, back};
}

int position_in(std::span<const int> order, int old) {
    return static_cast<int>(std::find(order.begin(), order.end(), old) - order.begin());
}

}  // namespace

std::string unique_bone_name(const Skeleton& skeleton, std::string_view base) {
    std::unordered_set<std::string_view> taken;
    for (const Bone& b : skeleton.bones()) taken.insert(b.name);
    return unique_name(taken, base.empty() ? std::string_view("bone") : base);
}

Result<TreeEdit> add_child_bone(const Rig& rig, int parent, std::optional<std::string> name, float length) {
    if (parent != -1) {
        if (Status s = check_bone(rig, parent); !s) return Error{"cannot add a bone: the parent " + s.message()};
    }
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot add a bone: " + s.message()};
    std::string bone_name = name ? std::move(*name) : unique_bone_name(rig.skeleton, "bone");
    if (Status s = check_bone_name(rig, bone_name, -1); !s) return Error{"cannot add a bone: " + s.message()};
    if (Status s = check_length(length, "length of the new bone"); !s) return Error{s.message()};

    Bone added;
    added.name = std::move(bone_name);
    added.parent = parent;
    added.length = length;
    if (parent >= 0) added.rest.translation = bone_axis() * rig.skeleton[static_cast<std::size_t>(parent)].length;

    const int old_count = static_cast<int>(rig.skeleton.size());
    Rig grown = rig;
    std::vector<Bone> bones = rig.skeleton.bones();
    bones.push_back(std::move(added));
    grown.skeleton = Skeleton(std::move(bones));
    grown.pose.add_bone();

    std::vector<int> staying(static_cast<std::size_t>(old_count));
    std::iota(staying.begin(), staying.end(), 0);
    const int moving[] = {old_count};
    const std::vector<int> order = order_placing_under(rig.skeleton, std::move(staying), moving, parent);
    TreeEdit out = reorder_bones(grown, order);
    out.bone = position_in(order, old_count);
    return out;
}

Result<TreeEdit> delete_bone(const Rig& rig, int bone) {
    if (Status s = check_bone(rig, bone); !s) return Error{"cannot delete: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot delete: " + s.message()};
    if (rig.skeleton.size() == 1) {
        return Error{"cannot delete " + bone_label(rig, bone) + ": it is the last bone, and a rig needs one"};
    }
    for (const Mesh& mesh : rig.meshes.meshes()) {
        for (const MeshJoint& joint : mesh.joints) {
            if (joint.bone == bone) {
                return Error{"cannot delete " + bone_label(rig, bone) + ": the mesh \"" + mesh.name + "\" hangs on it"};
            }
        }
    }
    for (const Slot& slot : rig.slots) {
        if (slot.bone == bone) return Error{"cannot delete " + bone_label(rig, bone) + ": the slot \"" + slot.name + "\" hangs on it"};
        for (const Attachment& a : slot.attachments) {
            if (!a.mesh) continue;
            for (const VertexWeights& w : a.mesh->weights) {
                if (std::find(w.bones.begin(), w.bones.begin() + w.count, bone) != w.bones.begin() + w.count) {
                    return Error{"cannot delete " + bone_label(rig, bone) + ": the mesh \"" + a.name + "\" of slot \"" + slot.name +
                                 "\" has weights on it"};
                }
            }
        }
    }
    const Bone& deleted = rig.skeleton[static_cast<std::size_t>(bone)];
    Rig edited = rig;
    std::vector<int> order;
    order.reserve(rig.skeleton.size() - 1);
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        if (static_cast<int>(i) == bone) continue;
        order.push_back(static_cast<int>(i));
        Bone& b = edited.skeleton[i];
        if (b.parent == bone) {
            b.parent = deleted.parent;
            b.rest = tidy_transform(deleted.rest * b.rest, rig.is_2d());
        }
    }
    return reorder_bones(edited, order);
}

Result<TreeEdit> delete_bones(const Rig& rig, std::span<const int> bones) {
    std::vector<int> doomed(bones.begin(), bones.end());
    std::sort(doomed.begin(), doomed.end(), std::greater<>());
    doomed.erase(std::unique(doomed.begin(), doomed.end()), doomed.end());
    if (doomed.empty()) return Error{"cannot delete: no bone given"};
    if (doomed.size() >= rig.skeleton.size()) return Error{"cannot delete every bone: a rig needs one"};
    // From the last index down: deleting a bone renumbers only the bones after it.
    TreeEdit done{rig, -1, {}, 0, 0};
    for (const int bone : doomed) {
        Result<TreeEdit> one = delete_bone(done.rig, bone);
        if (!one) return one;
        TreeEdit& e = one.value();
        e.removed_chains.insert(e.removed_chains.begin(), done.removed_chains.begin(), done.removed_chains.end());
        e.removed_channels += done.removed_channels;
        e.removed_tracks += done.removed_tracks;
        done = std::move(e);
    }
    return done;
}

Result<TreeEdit> reparent_bone(const Rig& rig, int bone, int new_parent) {
    if (Status s = check_bone(rig, bone); !s) return Error{"cannot re-parent: " + s.message()};
    if (new_parent != -1) {
        if (Status s = check_bone(rig, new_parent); !s) return Error{"cannot re-parent: the new parent " + s.message()};
    }
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot re-parent: " + s.message()};
    if (rig.skeleton[static_cast<std::size_t>(bone)].parent == new_parent) return TreeEdit{rig, bone, {}, 0};

    const std::vector<bool> moving_mask = subtree_mask(rig.skeleton, bone);
    if (new_parent >= 0 && moving_mask[static_cast<std::size_t>(new_parent)]) {
        if (new_parent == bone) return Error{"cannot make " + bone_label(rig, bone) + " its own parent"};
        return Error{"cannot move " + bone_label(rig, bone) + " under " + bone_label(rig, new_parent) +
                     ": that bone is below it, so the move would make a cycle"};
    }

    const Transform parent_world = new_parent >= 0 ? rest_world(rig.skeleton, new_parent) : Transform{};
    Rig edited = rig;
    Bone& moved = edited.skeleton[static_cast<std::size_t>(bone)];
    moved.parent = new_parent;
    moved.rest = tidy_transform(inverse(parent_world) * rest_world(rig.skeleton, bone), rig.is_2d());

    std::vector<int> staying;
    std::vector<int> moving;
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        (moving_mask[i] ? moving : staying).push_back(static_cast<int>(i));
    }
    const std::vector<int> order = order_placing_under(rig.skeleton, std::move(staying), moving, new_parent);
    TreeEdit out = reorder_bones(edited, order);
    out.bone = position_in(order, bone);
    return out;
}

}  // namespace marionette
