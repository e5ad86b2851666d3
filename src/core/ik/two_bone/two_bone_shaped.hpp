#pragma once
// The two-bone solve on the limb's shape (two_bone_limb.hpp): every 3D limb, and 2D limbs with
// joint limits. TwoBoneJob::run() takes it for those; 2D limbs without limits take the law of
// cosines directly (two_bone_free.hpp), which gives the same pose faster.
//
// The middle joint's bend comes from the goal distance in closed form, one candidate on each
// side of the straight limb. The upper bone then aims the tip: in 3D it takes the tip direction
// onto the aim and the bend plane's normal onto the one the pole asks for, so its roll, too,
// follows from the target, the pole and the rest pose, never from the path the limb came by.
// With limits, a candidate whose aim the upper joint allows is an exact reach (a 3D cone leaves
// an interval of swivels about the aim: the one nearest the pole's is taken). When none is,
// the closest reachable tip is the closest point of a set known in closed form for each bend
// (an arc in 2D, a cap or an arc on the sphere in 3D), minimized over the bend's range.

#include <optional>

#include <glm/glm.hpp>

#include "core/ik/ik_result.hpp"

namespace marionette {

struct TwoBoneJob;

// `target` and `pole` in the root bone's parent frame (2D: z = 0, no pole).
IkResult solve_on_shape(const TwoBoneJob& job, const glm::vec3& target, const std::optional<glm::vec3>& pole);

}  // namespace marionette
