#pragma once
// Pinned IK chains hold their effector at their pin while the user moves other bones: after a
// drag step turns some bones, every pinned chain is solved back toward its pin.

#include <span>

#include "core/rig/rig.hpp"

namespace marionette {

// Solves each pinned chain of `rig` whose mix is 1 toward its pin, in the rig's chain order, writing `pose`.
// Chains sharing a bone with `moved` (the bones the user is turning directly, or the chain being
// dragged) are left alone: the user's own turn wins over a pin. Returns how many chains were
// solved. A chain that cannot be solved (it cannot happen in a rig that loaded) is skipped.
int hold_pins(const Rig& rig, Pose& pose, std::span<const int> moved);

}  // namespace marionette
