#include "editor/edits/pose_library_edits.hpp"

#include <cmath>
#include <unordered_set>

#include "core/base/utf8.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/unique_name.hpp"
#include "editor/posing/mirror_pose.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Status check_pose_index(const Rig& rig, int pose) {
    if (pose < 0 || static_cast<std::size_t>(pose) >= rig.poses.size()) return Error{"no stored pose " + std::to_string(pose)};
    return {};
}

std::string pose_label(const Rig& rig, int pose) { return "pose \"" + rig.poses[static_cast<std::size_t>(pose)].name + "\""; }

// Non-empty, valid UTF-8, and no other stored pose's than `renamed` (-1: a new one).
Status check_pose_name(const Rig& rig, std::string_view name, int renamed) {
    if (name.empty()) return Error{"a pose needs a name"};
    if (!is_valid_utf8(name)) return Error{"a pose's name must be valid UTF-8"};
    for (std::size_t i = 0; i < rig.poses.size(); ++i) {
        if (static_cast<int>(i) != renamed && rig.poses[i].name == name)
            return Error{"another pose is named \"" + std::string(name) + "\""};
    }
    return {};
}

}  // namespace

std::string unique_pose_name(const Rig& rig, std::string_view base) {
    std::unordered_set<std::string_view> taken;
    for (const StoredPose& p : rig.poses) taken.insert(p.name);
    return unique_name(taken, base);
}

Result<Rig> store_pose(const Rig& rig, std::string_view name, std::span<const int> bones) {
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot store the pose: " + s.message()};
    if (Status s = check_pose_name(rig, name, -1); !s) return Error{"cannot store the pose: " + s.message()};
    for (const int b : bones) {
        if (Status s = check_bone(rig, b); !s) return Error{"cannot store the pose: " + s.message()};
    }
    Rig out = rig;
    out.poses.push_back(StoredPose{std::string(name), capture_bones(rig.pose, bones)});
    return out;
}

Result<Rig> rename_stored_pose(const Rig& rig, int pose, std::string_view name) {
    if (Status s = check_pose_index(rig, pose); !s) return Error{"cannot rename: " + s.message()};
    if (Status s = check_pose_name(rig, name, pose); !s) return Error{"cannot rename " + pose_label(rig, pose) + ": " + s.message()};
    Rig out = rig;
    out.poses[static_cast<std::size_t>(pose)].name = std::string(name);
    return out;
}

Result<Rig> delete_stored_pose(const Rig& rig, int pose) {
    if (Status s = check_pose_index(rig, pose); !s) return Error{"cannot delete: " + s.message()};
    Rig out = rig;
    out.poses.erase(out.poses.begin() + pose);
    return out;
}

Result<Rig> apply_stored_pose(const Rig& rig, int pose, float weight) {
    if (Status s = check_pose_index(rig, pose); !s) return Error{"cannot apply: " + s.message()};
    if (!(weight >= 0.0f && weight <= 1.0f)) {
        return Error{"cannot apply " + pose_label(rig, pose) + ": the weight must be between 0 and 1, not " + number_text(weight)};
    }
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot apply " + pose_label(rig, pose) + ": " + s.message()};
    Rig out = rig;
    blend_bones(out.pose, rig.poses[static_cast<std::size_t>(pose)].bones, weight);
    return out;
}

Result<PastedPose> paste_pose(const Rig& rig, const CopiedPose& clip, bool flipped, const glm::vec3& axis) {
    if (clip.dimensions != rig.dimensions) {
        return Error{std::string("cannot paste: the copied pose is of a ") + (clip.dimensions == Dimensions::Two ? "2D" : "3D") +
                     " rig, this one is " + (rig.is_2d() ? "2D" : "3D")};
    }
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot paste: " + s.message()};
    PastedPose out{rig, {}};
    std::vector<BonePose> found;
    for (const auto& [name, values] : clip.bones) {
        const int b = rig.skeleton.find(name);
        if (b < 0) {
            out.missing.push_back(name);
            continue;
        }
        BonePose v = values;
        v.bone = b;
        found.push_back(v);
    }
    if (found.empty()) return Error{"cannot paste: none of the copied bones is in this rig"};
    Pose pasted = rig.pose;
    blend_bones(pasted, found, 1.0f);
    if (!flipped) {
        out.rig.pose = std::move(pasted);
        return out;
    }
    std::vector<int> bones;
    for (const BonePose& v : found) bones.push_back(v.bone);
    Result<Rig> mirrored = mirror_bones_from(rig, pasted, bones, axis);
    if (!mirrored) return Error{mirrored.message()};
    out.rig = std::move(mirrored).value();
    return out;
}

}  // namespace marionette
