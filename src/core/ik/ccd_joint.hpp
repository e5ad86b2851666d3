#pragma once
// Turning one joint of a CCD chain (the scratch entry CcdJoint, declared with the job).

#include "core/ik/ccd_solver.hpp"

namespace marionette {

// Turns joint j so that u (joint->effector, in the parent's frame) points along v
// (joint->target), by at most max_step and within the joint's limits. Degenerate u or v: no turn.
// Returns whether the whole turn was made (not capped, not held by a limit, not degenerate):
// then the effector lies along v at its old distance, and the caller can place it as
// joint + v * |u| / |v| without rotating it again, off the iteration's critical path.
bool step_2d(CcdJoint& j, glm::vec2 u, glm::vec2 v, Rot2 max_step);
bool step_3d(CcdJoint& j, const glm::vec3& u, const glm::vec3& v, float max_step, float cos_half_max_step);

// Joint j's local rotation with an extra bend of phi (3D: about the bone's own z), kept within
// its limits. j itself is not changed.
Rot2 bent_turn_2d(const CcdJoint& j, float phi);
glm::quat bent_rotation_3d(const CcdJoint& j, float phi);

}  // namespace marionette
