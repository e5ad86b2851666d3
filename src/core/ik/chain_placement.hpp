#pragma once
// Where a chain hangs: the world frame of its root bone's parent, which both IK jobs need. A
// job composes it up the parent path unless its caller passes the frame's forward kinematics'
// answer (`given`): then neither the solve nor its checks walk above the chain's root, so a
// chain's cost does not grow with how deep in a large rig it hangs.

#include "core/base/result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// `given` when there is one, else composed up the path (identity for a root).
Transform chain_parent_frame(const Skeleton& skeleton, const Pose& pose, int root, const Transform* given);

// The bones that place the chain root..effector (both in the skeleton, effector at or below
// root) come parent-before-child: with a given frame the chain and its root's parent index,
// otherwise the whole path up. Messages name `solver`.
Status check_chain_order(const char* solver, const Skeleton& skeleton, int root, int effector, const Transform* given);

}  // namespace marionette
