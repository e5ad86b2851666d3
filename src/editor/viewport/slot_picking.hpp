#pragma once
// Which picture is under the mouse in a 2D puppet: clicking a bone's image picks the bone, as
// in Spine. Pictures are found in the rig's plane (world units), not on screen: a click inside
// a picture's quad hits it at any zoom, with no tolerance.

#include <span>

#include <glm/glm.hpp>

#include "core/anim/slot_track.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The slot whose shown picture covers `point` (the rig's plane, world units) and is drawn on top
// there, or -1. A slot drawn later is on top (the list is bottom first). A slot showing nothing,
// a picture of no area, or one its tint and slot colour make fully transparent is never hit.
// `world` holds each bone's frame as forward kinematics gives it from `pose`; slots on bones
// beyond its end are passed over.
// `slots` says what each slot shows, in what colour and order (as build_slot_triangles draws them).
int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, glm::vec2 point);
// The same with the slots as the rig sets them up.
int slot_under(const Rig& rig, const Pose& pose, std::span<const Transform> world, glm::vec2 point);

}  // namespace marionette
