#pragma once
// A Spine animation's bones at a time as a runtime poses them, constraints aside: each bone's
// local values are the setup's changed by the animation's bone timelines (as a first track at
// full alpha applies them: an offset for rotate, translate and shear, a factor for scale, the
// setup's before a timeline's first key), and the world frames follow by each bone's
// inheritance (spine_setup_world.hpp). What the import holds its keys to where the rig cannot
// follow Spine key for key (spine_bone_bake.hpp). Pure functions.

#include <vector>

#include "core/io/spine_import/spine_animation_data.hpp"
#include "core/io/spine_import/spine_setup_world.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"

namespace marionette {

// Every bone's local values at `time` of `animation` (none: the setup's).
std::vector<SpineLocal> spine_locals(const SpineSkeletonData& skeleton, const SpineAnimationData* animation, double time);

}  // namespace marionette
