#pragma once
// Directions (hinges, channel axes) and rotations as files and edits give them: any finite,
// non-zero vector or quaternion, made unit. The rule is the format's (docs/rig-format.md), one
// for the loader and the editor's edits:
// - scaled by its largest component before its length is taken, so [0, 0, 1e30] (whose square
//   overflows) and [1e-30, 0, 0, 0] (whose square underflows) are a direction and a turn;
// - one already unit to float precision is kept bit for bit: normalising it again can move its
//   last digit, and reopening and saving a file would write other numbers.

#include <algorithm>
#include <cmath>
#include <optional>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette {

namespace unit_length_detail {
inline constexpr float kUnitTolerance = 1e-6f;
}  // namespace unit_length_detail

// nullopt for zero or a non-finite component.
inline std::optional<glm::vec3> unit_direction(const glm::vec3& v) {
    const float largest = std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
    if (!(largest > 0.0f) || !std::isfinite(largest)) return std::nullopt;
    if (std::fabs(glm::length(v) - 1.0f) <= unit_length_detail::kUnitTolerance) return v;
    const glm::vec3 scaled = v / largest;
    return scaled / glm::length(scaled);
}

// nullopt for zero or a non-finite component.
inline std::optional<glm::quat> unit_rotation(const glm::quat& q) {
    const float largest = std::max({std::fabs(q.x), std::fabs(q.y), std::fabs(q.z), std::fabs(q.w)});
    if (!(largest > 0.0f) || !std::isfinite(largest)) return std::nullopt;
    if (std::fabs(glm::length(q) - 1.0f) <= unit_length_detail::kUnitTolerance) return q;
    const glm::quat scaled = q / largest;
    return scaled / glm::length(scaled);
}

}  // namespace marionette
