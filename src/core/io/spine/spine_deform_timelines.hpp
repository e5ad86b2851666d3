#pragma once
// A state's deform keys as Spine's deform timelines (docs/spine.md): under the animation's
// "attachments", by skin, slot and attachment, each key's "vertices" the offsets as Spine adds
// them (a rigid mesh's in its slot's bone, a weighted one's in each of its bones at rest, as
// the mesh's own vertices are written) and its curve a fraction of the way to the next key.

#include <cstddef>

#include "core/io/json/json_field.hpp"
#include "core/io/spine/spine_skeleton.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SpineDeformTimelines {
    Json skins = Json::object();  // {"default": {SLOT: {ATTACHMENT: {"deform": [...]}}}}, or empty
    double last_time = 0.0;       // the latest key written
};

// A keyed state's: the keys as they are (a first key after 0 repeated at 0; cosine keys
// followed by a key every frame to the next). With `frames` above 0, a state with oscillator
// channels exported over that many frames of the rig's fps: its deform plays on the state's own
// time, looping at its length, keyed every frame.
SpineDeformTimelines spine_deform_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::size_t frames = 0);

}  // namespace marionette
