#pragma once
// Reads a Spine skeleton's "animations" (3.8 to 4.2) into SpineAnimationData, for
// read_spine_skeleton: bone timelines (rotate, translate, scale, shear and their x and y
// splits), slot timelines (attachment, rgba, rgb, alpha; 3.8's color), IK constraint timelines,
// deform timelines (4's "attachments", 3.8's "deform"), draw order and events, each key's curve
// (4's per-value Bezier arrays, 3.8's one normalised curve). A name that is not the skeleton's,
// a time going back, or a value of the wrong type is an error naming its place:
// `animations.walk.bones.hip.rotate[3].time: 0.2 is before the key before it (0.4)`.

#include <vector>

#include "core/io/json/json_field.hpp"
#include "core/io/spine_import/spine_animation_data.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"

namespace marionette {

// The animations of `animations` (the file's "animations" object) over `skeleton`'s bones,
// slots, IK constraints and skins; throws JsonFieldError naming the place.
std::vector<SpineAnimationData> read_spine_animations(const JsonField& animations, const SpineSkeletonData& skeleton);

}  // namespace marionette
