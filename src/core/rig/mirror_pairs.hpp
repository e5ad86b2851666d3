#pragma once
// A rig's left and right, as Blender's and Maya's mirror tools find them: bones whose names
// differ only by their side ("arm_l" and "arm_r", "hand.L" and "hand.R", "arm_l_upper" and
// "arm_r_upper", "LeftHand" and "RightHand", "left_foot" and "right_foot", any case), and the
// axis across which the two sides mirror. Pure functions of the skeleton.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/rig/rig.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// `name` with its side swapped, keeping the letters' case, or nothing for a name without a
// side. A side is a part between separators (_ . - space :) that is "l", "r", "left" or
// "right" (the last such part counts), or else "left" / "right" starting a word ("LeftArm",
// "mixamorig:RightHand").
std::optional<std::string> swapped_side_name(std::string_view name);

// Each bone's twin on the other side (its index), or -1 for a bone without one (the spine, a
// side whose twin is missing).
std::vector<int> mirror_twins(const Skeleton& skeleton);

// The unit world axis across which the twins' joints lie at rest: the one along which they
// differ most (x for a 2D rig, or a rig without twins).
glm::vec3 detect_side_axis(const Skeleton& skeleton, const std::vector<int>& twins, bool is_2d);

// The axis a rig mirrors across: the one it names (Rig::side_axis), else the detected one.
glm::vec3 mirror_axis(const Rig& rig);

}  // namespace marionette
