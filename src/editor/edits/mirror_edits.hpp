#pragma once
// Mirror editing, Blender's X-Axis Mirror for an armature: when the option is on, an edit of a
// bone's rest (joint, rotation, length) or limits gives its twin (core/rig/mirror_pairs.hpp) the
// mirror image across the rig's side axis, in the same undo step.
//
// When the bone's joint moves, the twin's goes to its mirror image, so a symmetric rig stays
// symmetric (a turn alone leaves the twin's joint where it is).
// Its rest rotation takes the bone's change of world rotation, reflected (S R_new R_old^T S on
// the twin's old world rest, as mirror_pose does for the pose), which keeps however the two
// sides' rolls were set up. A length is the same length on the twin. Limits are reflected: a 2D
// range [min, max] becomes [-max, -min]; a 3D hinge's axis is reflected into the twin's frame
// (and turned round, keeping the range, so a rig built with the same hinge on both sides keeps
// it); a cone is the same cone; a twist range turns the other way.

#include <span>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// `edited` (made from `before` by an edit of `bones`' rest or limits) with each of those bones'
// twins given their mirror image where the bone's rest or limits changed. Bones without a twin,
// and bones whose twin was edited too, are passed over. Refused, naming the twin, when its
// mirrored rest or limits would not load (out of range).
Result<Rig> mirror_rest_and_limits(const Rig& before, const Rig& edited, std::span<const int> bones, const glm::vec3& axis);

}  // namespace marionette
