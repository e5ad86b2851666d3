#pragma once
// The size check both IK jobs make in validate() (core/base/extents.hpp says why).

#include <optional>

#include "core/base/result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// Refuses, naming `solver` and what is too far, a solve whose target, pole, chain root joint (in
// the world and from its parent's joint) or root's parent joint has a coordinate beyond
// +-kMaxSolveDistance or whose chain (root down to effector, which must be below root) reaches
// farther than that. `parent` is the root bone's parent's world frame.
Status check_solve_extent(const char* solver, const Skeleton& skeleton, const Pose& pose, int root, int effector, const Transform& parent,
                          const glm::vec3& target, const std::optional<glm::vec3>& pole);

}  // namespace marionette
