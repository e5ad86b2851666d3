#pragma once
// The rig's states as Spine animations, one per state and named after it (docs/spine.md).
//
// - A keyed state (tracks, no oscillator channels) goes key for key: rotations are added to the
//   setup rotation in degrees, translations to the setup position, scales multiply the setup
//   scale (1), as Spine's timelines apply them; step, linear and Bézier keys keep their curves
//   (spine_keys.hpp), cosine keys become linear keys a frame apart.
// - A state with oscillator channels is sampled every frame of the rig's fps over the frames its
//   loop takes to close (bake_cycle, as the glTF export does), as linear keys.
// - What a state does not drive keeps the rig's pose in Marionette, and Spine's setup pose is the
//   rest pose: each such property off rest is keyed once, at time 0. The rig's root offset is a
//   key of the added root bone.
// - A bone under an uneven parent scale is turned to make up for Spine's noScale skew
//   (spine_inherit.hpp); that turn is no interpolation of the keys, so such a rotation is keyed
//   at every key and every frame between.
// - Every IK constraint's mix is keyed to 0 for the whole animation: the states are forward
//   kinematics (the rig's IK only poses in the editor), and Spine's IK would otherwise pull the
//   limbs off the keyed pose (it knows no joint limits, and solves differently).

#include <string>
#include <vector>

#include "core/io/json/json_field.hpp"
#include "core/io/spine/spine_skeleton.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// "animations": the object of every state's animation, by the state's name. Adds a warning for
// each state whose loop cannot close within the bake's limit, and for each bone that Spine
// shows flattened (a noScale child under a parent scale of 0 on one axis).
Json spine_animations(const Rig& rig, const SpineSkeletonPlan& plan, std::vector<std::string>& warnings);

}  // namespace marionette
