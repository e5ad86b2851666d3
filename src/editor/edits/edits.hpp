#pragma once
// The edits the editor makes to a rig, as pure functions: each takes the rig as it is and returns
// the edited copy, or an error naming the problem and leaving nothing half-changed. Every
// successful edit leaves a rig the loader would accept (names unique and valid UTF-8, bones
// parent-before-child, chains on parent paths, one pose rotation per bone) that saves and
// reloads to the same rig. Recording the step for undo is the caller's part (history.hpp).
//
// Bones and chains are named by index; an index out of range is an error, not a crash.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// ---- one bone's values --------------------------------------------------------------------

// A non-empty, valid UTF-8 name no other bone has. Renaming a bone to its own name succeeds.
Result<Rig> rename_bone(const Rig& rig, int bone, std::string_view new_name);

// A finite length >= 0. Children whose joint sat at the old tip ((old length, 0, 0) in this
// bone's frame) move to the new tip, so a limb keeps hanging together; children placed
// anywhere else keep their translation.
Result<Rig> set_bone_length(const Rig& rig, int bone, float length);
// The same length for several bones (the inspector's selection), in one edit.
Result<Rig> set_bone_length(const Rig& rig, std::span<const int> bones, float length);

// The rest translation in the parent's frame: finite; a 2D rig's z must be 0.
Result<Rig> set_rest_translation(const Rig& rig, int bone, const glm::vec3& translation);
// The rest rotation relative to the parent: finite, non-zero (stored normalized); in a 2D rig
// it must turn about z only.
Result<Rig> set_rest_rotation(const Rig& rig, int bone, const glm::quat& rotation);
// The pose rotation on top of the rest rotation; checked like a rest rotation. Joint limits
// are not applied here: the tools that pose a joint keep to them.
Result<Rig> set_pose_rotation(const Rig& rig, int bone, const glm::quat& rotation);
Result<Rig> set_pose_rotation(const Rig& rig, std::span<const int> bones, const glm::quat& rotation);
// The pose translation added to the rest translation, in the parent's frame: checked like a
// rest translation.
Result<Rig> set_pose_translation(const Rig& rig, int bone, const glm::vec3& translation);
Result<Rig> set_pose_translation(const Rig& rig, std::span<const int> bones, const glm::vec3& translation);
// The pose scale along the bone's own axes (pose.hpp): each in [0, 1000]; a 2D rig's z is 1.
Result<Rig> set_pose_scale(const Rig& rig, int bone, const glm::vec3& scale);
// Each pose setter also takes several bones (the inspector's selection): the same value on
// each, checked once, in one edit; an empty list is an error.
Result<Rig> set_pose_scale(const Rig& rig, std::span<const int> bones, const glm::vec3& scale);
// Every bone back to its rest (no turn, move or scale) and the root offset back to zero.
Result<Rig> reset_pose(const Rig& rig);
// The offset added to every root's position: finite; a 2D rig's z must be 0.
Result<Rig> set_root_offset(const Rig& rig, const glm::vec3& offset);

// Sets (or with nullopt removes) a joint's limits, checked as the loader checks them, in
// radians: 2D takes no hinge; a 3D hinge is a finite non-zero axis (stored normalized); angles
// lie in [-pi, pi] with min <= max; a 3D joint without a hinge takes only max, in [0, pi].
Result<Rig> set_limits(const Rig& rig, int bone, const std::optional<JointLimits>& limits);
Result<Rig> set_limits(const Rig& rig, std::span<const int> bones, const std::optional<JointLimits>& limits);

// The colour the viewport draws the bones in, each component in [0, 1] (core/math/color.hpp), or
// with nullopt the editor's default again.
Result<Rig> set_bone_color(const Rig& rig, std::span<const int> bones, const std::optional<glm::vec3>& color);

// ---- IK chains ----------------------------------------------------------------------------

// Adds an IK chain between two bones on one parent path (the upper one becomes its root,
// the other its effector) using `solver`; two_bone needs exactly two bones. It is named
// "<root>_to_<effector>" (numbered when taken). A 3D two-bone chain gets a pole where its
// middle joint bends now, so the limb keeps its bend when first dragged (none for a straight
// limb, which bends the way the solver's rest rule says).
Result<Rig> add_chain(const Rig& rig, int from, int to, SolverKind solver);
// Removes a chain; the bones and their limits stay.
Result<Rig> delete_chain(const Rig& rig, int chain);

// Switches a chain's solver; two_bone needs a chain of exactly two bones. Each solver's
// settings are kept, so switching back restores them.
Result<Rig> set_chain_solver(const Rig& rig, int chain, SolverKind solver);
// The settings of the solver the chain uses (setting the other solver's would be lost on
// save, so it is refused). CCD: iterations in [1, 10000], tolerance > 0, max_step in (0, pi].
Result<Rig> set_chain_settings(const Rig& rig, int chain, const CcdSettings& settings);
// Two-bone: softness in [0, 1]; 2D: bend 1 or -1, no pole; 3D: a finite pole or none, and bend
// left at 1 (a 3D chain bends toward its pole; the file has no bend for it).
Result<Rig> set_chain_settings(const Rig& rig, int chain, const TwoBoneSettings& settings);
// A chain's mix (ik_chain.hpp), in [0, 1]. No bone moves: raised to 1, a pinned chain is held
// to its pin from the next drag step on (IK to FK puts it there at once).
Result<Rig> set_chain_mix(const Rig& rig, int chain, float mix);
// Pins the chain's effector where its tip is now (pinned) or lets it go (not pinned).
Result<Rig> set_chain_pinned(const Rig& rig, int chain, bool pinned);
// Moves a chain's pin (pinning it if it was not) and, at a mix of 1, bends the chain to hold it there; the
// point must be finite.
Result<Rig> set_chain_pin(const Rig& rig, int chain, const glm::vec3& pin);

// ---- the bone tree ------------------------------------------------------------------------
//
// Adding, deleting and re-parenting bones renumber them. Every index in the rig follows its
// bone: parents, chain roots and effectors, state channels and key tracks, and the pose. A chain that no
// longer runs down a parent path, or a two_bone chain that no longer has two bones, is
// removed and named in `removed_chains` (undo brings it back) rather than refusing the edit:
// a bone-tree edit is something the user asked for, and the note says what it cost.

struct TreeEdit {
    Rig rig;
    int bone = -1;                            // the added or re-parented bone's index; -1 after a delete
    std::vector<std::string> removed_chains;  // chains that no longer fit the tree
    std::size_t removed_channels = 0;         // state channels of the deleted bone
    std::size_t removed_tracks = 0;           // states' key tracks of the deleted bone
};

// `base` when no bone has that name, else `base.001`, `base.002`, ... (a trailing `.NNN` on
// `base` is replaced, so asking again from "bone.001" gives "bone.002").
std::string unique_bone_name(const Skeleton& skeleton, std::string_view base);

// A new bone under `parent` (-1: a new root), named `name` (checked like rename_bone) or,
// without one, by unique_bone_name(skeleton, "bone"). Its joint sits at the parent's tip
// (a root at the origin), unrotated, with a finite length >= 0. It is stored right after the
// parent's subtree, so it becomes the parent's last child and the array stays
// parent-before-child.
Result<TreeEdit> add_child_bone(const Rig& rig, int parent, std::optional<std::string> name, float length);

// Removes a bone. Its children move to its parent (or become roots) keeping their rest
// placement in the world: their rest transforms are composed with the deleted bone's. Chains
// whose root or effector it was are removed; chains running through it get one bone shorter
// and stay when still valid. State channels driving it are removed. The last bone cannot be
// deleted: a rig needs one. Placement is kept at rest: the deleted bone's pose rotation goes
// with it, so a posed child may turn with the loss.
Result<TreeEdit> delete_bone(const Rig& rig, int bone);
// Deletes several bones (the selection) as delete_bone deletes each, in one edit; what one of
// them refuses refuses the whole. Deleting every bone is refused.
Result<TreeEdit> delete_bones(const Rig& rig, std::span<const int> bones);

// Moves a bone (with its subtree) under `new_parent` (-1: it becomes a root). Its rest
// placement in the world is kept: the rest translation and rotation are recomputed relative
// to the new parent, so it does not jump; pose rotations are relative to the rest and stay
// (a bone that stops or starts being a root also stops or starts taking the root offset).
// A new parent inside the bone's own subtree would make a cycle and is refused. The subtree
// moves to right after the new parent's subtree (the parent's last child, as add_child_bone
// places a bone). Re-parenting to the current parent changes nothing.
Result<TreeEdit> reparent_bone(const Rig& rig, int bone, int new_parent);

}  // namespace marionette
