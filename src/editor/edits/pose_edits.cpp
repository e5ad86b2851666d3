// Edits of the pose: a bone's rotation, translation and scale on top of its rest, the root
// offset, and the reset to rest. Limits are not applied here: the tools that pose a joint keep
// to them.

#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

// The bones' entries of one of the pose's per-bone lists, checked once by `check` (named `what`).
template <class T, class Check>
Result<Rig> set_pose_entry(const Rig& rig, std::span<const int> bones, std::vector<T> Pose::*list, const T& value, const char* what,
                           Check check) {
    if (bones.empty()) return Error{std::string("no bone to set the ") + what + " of"};
    for (const int bone : bones) {
        if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    }
    if (Status s = check_pose_matches(rig); !s) return Error{s.message()};
    Result<T> checked = check(rig, value, std::string(what) + " of " + bones_label(rig, bones));
    if (!checked) return Error{checked.message()};
    Rig out = rig;
    for (const int bone : bones) (out.pose.*list)[static_cast<std::size_t>(bone)] = checked.value();
    return out;
}

}  // namespace

Result<Rig> set_pose_rotation(const Rig& rig, std::span<const int> bones, const glm::quat& rotation) {
    return set_pose_entry(rig, bones, &Pose::rotations, rotation, "pose rotation", checked_rotation);
}

Result<Rig> set_pose_translation(const Rig& rig, std::span<const int> bones, const glm::vec3& translation) {
    return set_pose_entry(rig, bones, &Pose::translations, translation, "pose translation", checked_position);
}

Result<Rig> set_pose_scale(const Rig& rig, std::span<const int> bones, const glm::vec3& scale) {
    return set_pose_entry(rig, bones, &Pose::scales, scale, "pose scale", checked_scale);
}

Result<Rig> set_pose_rotation(const Rig& rig, int bone, const glm::quat& rotation) {
    return set_pose_rotation(rig, std::span(&bone, 1), rotation);
}
Result<Rig> set_pose_translation(const Rig& rig, int bone, const glm::vec3& translation) {
    return set_pose_translation(rig, std::span(&bone, 1), translation);
}
Result<Rig> set_pose_scale(const Rig& rig, int bone, const glm::vec3& scale) { return set_pose_scale(rig, std::span(&bone, 1), scale); }

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
