#pragma once
// The joint limits of the selected bone, as lines about its joint: a 2D range or a 3D hinge's
// range is an arc from the lowest to the highest allowed direction of the bone (a full circle
// for a hinge without a range) with a spoke at each end; a 3D ball joint's cone is its rim with
// four spokes. The zero of every range is the bone's rest direction.

#include <span>
#include <vector>

#include "core/rig/rig.hpp"

namespace marionette {

// Appends line segments (pairs of points) for `bone`'s limits, at `radius` world units from its
// joint. `world` holds the joint frames of `rig.pose`. No limits, or a bone out of range: nothing.
void build_limit_arcs(const Rig& rig, std::span<const Transform> world, int bone, float radius, std::vector<glm::vec3>& out);

}  // namespace marionette
