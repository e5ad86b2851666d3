#pragma once
// Spine's IK constraints as its runtimes apply them after the animation (IkConstraint, Spine
// 4.2; 4.0's and 3.8's differ only where a matrix has no inverse): in the skeleton's constraint
// order, each turns its bone, or its two bones, toward its target bone's world position, a mix
// of the way from their animated rotations, the two-bone solve bending to its side, softened
// near full reach, and scaling the bones where it compresses or stretches. What the import keys
// into a chain's bones, so that a state plays the pose Spine plays (spine_bone_bake.hpp).
// Skin-bound constraints act only with their skin, which the import leaves unset: they do not
// act here. Pure functions; the skeleton is unscaled.

#include <vector>

#include "core/io/spine_import/spine_animation_data.hpp"
#include "core/io/spine_import/spine_setup_world.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"

namespace marionette {

// An IK constraint's values at a time: its own, or as an animation's IK timeline keys them.
struct SpineIkPose {
    double mix = 1.0;
    double softness = 0.0;
    bool bend_positive = true;
    bool compress = false, stretch = false;
};

// Each of the skeleton's IK constraints' values at `time` of `animation` (none: the setup's).
// Before a timeline's first key the setup's; mix and softness follow the keys' curves, the bend,
// compress and stretch are the earlier key's.
std::vector<SpineIkPose> spine_ik_poses(const SpineSkeletonData& skeleton, const SpineAnimationData* animation, double time);

// The world frames of the skeleton's bones with local values `locals` after its IK constraints
// act with values `ik` (one each); `locals` become the values the bones end with (Spine's
// applied values): a constrained bone's rotation and scale, a two-bone chain's shear and
// child's position as the solve leaves them.
std::vector<SpineWorld> spine_constrained_world(const SpineSkeletonData& skeleton, const std::vector<SpineIkPose>& ik,
                                                std::vector<SpineLocal>& locals);

// Whether any of the skeleton's IK constraints can act (a mix above 0 and no skin asked for)
// at some time of `animation`.
bool spine_ik_acts(const SpineSkeletonData& skeleton, const SpineAnimationData& animation);

}  // namespace marionette
