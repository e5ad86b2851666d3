#pragma once
// The checks the edits share: each refuses a value the rig loader would refuse (or that would
// not survive a save and reload), with a message naming the bone or chain and the value.

#include <span>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette::edit_checks {

// `bone "forearm"` for messages.
std::string bone_label(const Rig& rig, int bone);
// bone_label for one bone, "3 bones" for more (all must be bones).
std::string bones_label(const Rig& rig, std::span<const int> bones);
// `chain "arm"` for messages.
std::string chain_label(const Rig& rig, int chain);
// A float as a user reads it: 12.5, -4, nan, inf.
std::string number_text(float value);

Status check_bone(const Rig& rig, int bone);
Status check_chain(const Rig& rig, int chain);
Status check_state(const Rig& rig, int state);
// The edits that renumber bones or touch the pose need one pose rotation per bone.
Status check_pose_matches(const Rig& rig);

// Non-empty, valid UTF-8 and not the name of another bone than `renamed` (-1: a new bone).
Status check_bone_name(const Rig& rig, std::string_view name, int renamed);
// Finite, >= 0 and at most kMaxCoordinate (core/base/extents.hpp).
Status check_length(float length, const std::string& what);
// Finite and within +-kMaxCoordinate; a 2D rig has no z.
Result<glm::vec3> checked_position(const Rig& rig, const glm::vec3& v, const std::string& what);
// A pose scale: each component within is_pose_scale (extents.hpp); a 2D rig's z must be 1.
Result<glm::vec3> checked_scale(const Rig& rig, const glm::vec3& v, const std::string& what);
// Finite and non-zero, returned unit length; a 2D rig's rotation must turn about z only.
Result<glm::quat> checked_rotation(const Rig& rig, const glm::quat& q, const std::string& what);

// The rotation normalized and, in a 2D rig, with x, y and the translation's z exactly zero, so
// that compositions' rounding does not leave a 2D rig with a component its file cannot hold.
Transform tidy_transform(const Transform& t, bool is_2d);

}  // namespace marionette::edit_checks
