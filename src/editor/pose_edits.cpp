// Edits of the pose: a bone's rotation, translation and scale on top of its rest, the root
// offset, and the reset to rest. Limits are not applied here: the tools that pose a joint keep
// to them.

#include "editor/edit_checks.hpp"
#include "editor/edits.hpp"

namespace marionette {

using namespace edit_checks;

Result<Rig> set_pose_rotation(const Rig& rig, int bone, const glm::quat& rotation) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{s.message()};
    Result<glm::quat> q = checked_rotation(rig, rotation, "pose rotation of " + bone_label(rig, bone));
    if (!q) return Error{q.message()};
    Rig out = rig;
    out.pose.rotations[static_cast<std::size_t>(bone)] = q.value();
    return out;
}

Result<Rig> set_pose_translation(const Rig& rig, int bone, const glm::vec3& translation) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{s.message()};
    Result<glm::vec3> t = checked_position(rig, translation, "pose translation of " + bone_label(rig, bone));
    if (!t) return Error{t.message()};
    Rig out = rig;
    out.pose.translations[static_cast<std::size_t>(bone)] = t.value();
    return out;
}

Result<Rig> set_pose_scale(const Rig& rig, int bone, const glm::vec3& scale) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{s.message()};
    Result<glm::vec3> checked = checked_scale(rig, scale, "pose scale of " + bone_label(rig, bone));
    if (!checked) return Error{checked.message()};
    Rig out = rig;
    out.pose.scales[static_cast<std::size_t>(bone)] = checked.value();
    return out;
}

Result<Rig> reset_pose(const Rig& rig) {
    Rig out = rig;
    out.pose = Pose::rest(rig.skeleton.size());
    return out;
}

Result<Rig> set_root_offset(const Rig& rig, const glm::vec3& offset) {
    Result<glm::vec3> o = checked_position(rig, offset, "root offset");
    if (!o) return Error{o.message()};
    Rig out = rig;
    out.pose.root_offset = o.value();
    return out;
}

}  // namespace marionette
