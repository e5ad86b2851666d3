#pragma once
// Renumbering bones: the one place where bone indices change, so every index in a rig
// (parents, chain roots and effectors, state channels, pose rotations, stored poses) follows
// its bone.

#include <span>
#include <vector>

#include "editor/edits/edits.hpp"

namespace marionette {

// Per bone, whether it is `bone` or below it. Needs a parent-before-child skeleton.
std::vector<bool> subtree_mask(const Skeleton& skeleton, int bone);

// A new order (old indices): `staying` as given, with `moving` inserted right after the last
// bone of `staying` that lies in `parent`'s subtree of `skeleton` (at the end for -1).
// `skeleton` is the tree before the move, parent-before-child; `parent` must be in `staying`.
std::vector<int> order_placing_under(const Skeleton& skeleton, std::vector<int> staying, std::span<const int> moving, int parent);

// The rig with its bones in `order` (old indices; a bone left out is dropped, with the chains
// whose root or effector it was and the channels driving it). Parents must already be set so
// that `order` is parent-before-child. Chains that are then no longer parent paths, or two_bone
// chains no longer of two bones, are dropped too. `bone` in the result is -1.
TreeEdit reorder_bones(const Rig& rig, std::span<const int> order);

}  // namespace marionette
