#pragma once
// A Spine skeleton's animations as the rig's keyed states (state.hpp), one each, looping:
//
// - Bone timelines: rotate, translate and scale (and their x and y splits) become rotation,
//   translation and scale tracks. Values are Spine's offsets from the setup pose, which is the
//   rig's rest (a scale multiplies the bone's scale in the rig pose). A key's curve is kept
//   where one Marionette curve holds it (steps, lines, a Bezier whose values share their
//   handles); otherwise, and where two timelines key one property (translatex and translatey),
//   the segment is keyed by straight lines through the points a Spine runtime draws it through,
//   which is how the runtime plays it.
// - Slot timelines: attachment keys switch drawings; rgba (3.8's color), rgb and alpha key the
//   slot's colour. Draw order keys give the whole order. IK timelines key the chains' mix.
// - Before a timeline's first key Spine shows the setup pose: a key of the setup's value is put
//   at 0 when the first comes later. Of two keys at one time the later one holds (the earlier
//   is put a tenth of a millisecond before it when there is room).
//
// Left out, each said in a warning naming the animation: shear, deform and event timelines,
// transform, path and physics constraint timelines, and what IK constraints do while playing
// (the bones play their own keys; a Spine runtime turns them toward the targets).

#include <string>
#include <vector>

#include "core/io/spine_import/spine_skeleton_data.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Adds a state to `rig` for each of `skeleton`'s animations; `rig` is the one SpineRigJob made
// of `skeleton` (the same bones, slots and chains, in the same order).
void add_spine_states(const SpineSkeletonData& skeleton, Rig& rig, std::vector<std::string>& warnings);

}  // namespace marionette
