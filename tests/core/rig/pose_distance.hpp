#pragma once
// How far apart two rotations, or two poses, are: what the state and posing tests measure.

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "core/rig/pose.hpp"

namespace marionette::testing {

// The angle between two rotations, in radians (q and -q are the same rotation).
// (atan2 of the relative rotation's parts, not acos of a dot product: that is blind to the
// smallest angles in float.)
inline float rotation_distance(const glm::quat& a, const glm::quat& b) {
    const glm::quat r = glm::conjugate(a) * b;
    return 2.0f * std::atan2(glm::length(glm::vec3{r.x, r.y, r.z}), std::fabs(r.w));
}

// The largest rotation_distance between the bones of two poses.
inline float pose_distance(const Pose& a, const Pose& b) {
    float worst = 0.0f;
    for (std::size_t i = 0; i < a.rotations.size(); ++i) worst = std::max(worst, rotation_distance(a.rotations[i], b.rotations[i]));
    return worst;
}

// The farthest any bone's pose translation, or scale, differs between two poses (the length of
// the difference vector).
inline float translation_distance(const Pose& a, const Pose& b) {
    float worst = 0.0f;
    for (std::size_t i = 0; i < a.translations.size(); ++i) worst = std::max(worst, glm::length(a.translations[i] - b.translations[i]));
    return worst;
}
inline float scale_distance(const Pose& a, const Pose& b) {
    float worst = 0.0f;
    for (std::size_t i = 0; i < a.scales.size(); ++i) worst = std::max(worst, glm::length(a.scales[i] - b.scales[i]));
    return worst;
}

}  // namespace marionette::testing
