#pragma once
// Where a rig cannot follow a Spine animation key for key (a bone an IK constraint turns, one
// that does not take its parent's turn, a scale passed down to children, a skew), the bone's
// rotation and scale are keyed from the runtime's own pose, its IK acting (spine_pose_sampler.hpp,
// spine_ik.hpp), instead: sampled at every key time and every 60th of a second, and between any
// two where a straight line strays past the tolerance; then the fewest of those samples whose
// straight lines pass them all are keys. Which bones is found by playing the animation both
// ways; pure functions.

#include <string>
#include <vector>

#include "core/anim/state.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Each bone's reach in the rig's pose: how far from its joint the farthest joint, tip, picture
// corner or weighted vertex it carries lies; and the skeleton's size, the larger side of the box
// holding them. What a tolerance on the puppet allows a bone's values to stray.
struct SpineReaches {
    std::vector<double> reach;
    double size = 0.0;
};
SpineReaches spine_bone_reaches(const Rig& rig);

// Replaces in `state` the rotation and scale tracks of the bones of `rig` (made of `skeleton`)
// that `animation` moves otherwise than their keys say, by more than `tolerance` rig units at
// their reach, with keys from Spine's pose; returns their names.
std::vector<std::string> bake_unfollowed_bones(const SpineSkeletonData& skeleton, const Rig& rig, const SpineAnimationData& animation,
                                               const SpineReaches& reaches, double tolerance, State& state);

}  // namespace marionette
