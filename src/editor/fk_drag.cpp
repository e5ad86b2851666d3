#include "editor/fk_drag.hpp"

#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/joint_limits.hpp"
#include "core/rotation_math.hpp"

namespace marionette {

namespace {
// Closer to the joint than this (world units, relative to the bone) a direction means nothing.
constexpr float kTiny = 1e-6f;

glm::vec3 flatten(const Rig& rig, glm::vec3 p) {
    if (rig.is_2d()) p.z = 0.0f;
    return p;
}
}  // namespace

Result<FkDrag> FkDrag::start(const Rig& rig, const Pose& pose, int bone, const glm::vec3& grab) {
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) return Error{"fk drag: no such bone"};
    if (pose.rotations.size() != rig.skeleton.size()) return Error{"fk drag: the pose does not match the skeleton"};
    const auto b = static_cast<std::size_t>(bone);
    const Transform parent = parent_world(rig.skeleton, pose, bone);
    const Transform local = local_transform(rig.skeleton, pose, b);
    const Transform world = parent * local;
    FkDrag d;
    d.bone_ = bone;
    d.joint_ = world.translation;
    d.world_at_start_ = world.rotation;
    d.frame_ = parent.rotation * rig.skeleton[b].rest.rotation;
    const glm::vec3 from_joint = flatten(rig, grab) - world.translation;
    const float scale = std::fmax(1.0f, rig.skeleton[b].length);
    // Grabbed on the joint itself: take the bone's own axis as the handle.
    d.grab_dir_ = glm::length(from_joint) > kTiny * scale ? from_joint : world.rotation * glm::vec3{1.0f, 0.0f, 0.0f};
    return d;
}

void FkDrag::move(const Rig& rig, Pose& pose, const glm::vec3& cursor) const {
    const glm::vec3 to_cursor = flatten(rig, cursor) - joint_;
    if (glm::dot(to_cursor, to_cursor) < kTiny * kTiny) return;  // on the joint: no direction to follow
    glm::quat turn = rotation_between(grab_dir_, to_cursor);
    if (rig.is_2d()) turn = rotation_2d(angle_2d(turn));  // about z only, whatever rounding left
    const auto b = static_cast<std::size_t>(bone_);
    glm::quat rotation = normalized(glm::conjugate(frame_) * turn * world_at_start_);
    if (rig.skeleton[b].limits) rotation = constrain_rotation(rotation, *rig.skeleton[b].limits, rig.is_2d());
    pose.rotations[b] = rotation;
}

}  // namespace marionette
