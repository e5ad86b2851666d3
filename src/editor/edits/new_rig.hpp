#pragma once
// What File > New starts from: a rig with one root bone to add children to (the outliner adds
// bones to a selected one, so an empty rig would leave nothing to click).

#include "core/rig/rig.hpp"

namespace marionette {

// 2D: a 100-unit bone pointing up from the origin; 3D: a 0.5-unit bone pointing up (metres, as
// the humanoid). No chains, no states, the pose at rest.
Rig new_rig(Dimensions dimensions);

}  // namespace marionette
