#pragma once
// Switching a limb between FK and IK without a jump, as Rigify's snap buttons and Spine's
// "set IK to FK" do: one side takes over where the other has the limb.
//
// In a rig a chain's pose is its FK, and a chain at a mix below 1 keeps its pin as an IK target
// the pose is not held to (ik_chain.hpp). The two snaps bring the two together.

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// IK → FK: the chain's pose takes IK's whole answer toward its pin, whatever the chain's mix,
// so that raising or lowering the mix afterwards moves nothing. Pinned chains below it hold
// theirs. Refused for a chain without a pin (it has no IK target).
Result<Rig> pose_chain_by_ik(const Rig& rig, int chain);

// FK → IK: the chain's pin jumps to where its effector's tip is (pinning it), a 3D two-bone
// chain's pole to the side its middle joint bends toward and a 2D one's bend to the side it
// bends, so that IK reaches the limb where FK has it. A straight limb keeps its pole and bend.
Result<Rig> pin_chain_at_fk(const Rig& rig, int chain);

// The chain a snap of `bone` means: the one ending at it, else the first running through it;
// -1 when none does.
int chain_through(const Rig& rig, int bone);

}  // namespace marionette
