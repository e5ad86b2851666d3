#pragma once
// Rigs and measurements shared by the state tests.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/rig.hpp"
#include "core/rig_file.hpp"

namespace marionette::testing {

inline Rig asset_rig(const std::string& name) {
    Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

inline int state_index(const Rig& rig, const std::string& name) {
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        if (rig.states[i].name == name) return static_cast<int>(i);
    }
    ADD_FAILURE() << "no state " << name;
    return -1;
}

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

}  // namespace marionette::testing
