#pragma once
// The shipped rigs and the smooth target paths their limbs are dragged along, for the tests that
// drag them as the editor does (limb_drag_test, limb_swing_test).

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <optional>

#include "core/ik/ik_test_rigs.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette::testing {

struct ShippedChain {
    const char* file;  // in assets/rigs
    const char* chain;
    // The chain's ball joints given swing-twist limits instead: the cone's angle as the swing and
    // a twist of +-`twist` degrees (0: the limits as shipped).
    float twist = 0.0f;
};

inline Rig load_shipped_rig(const char* file) {
    Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / file);
    EXPECT_TRUE(r.ok()) << file;
    return std::move(r).value();
}

// The bones `root` and `effector` with a cone limit (a ball joint) get swing-twist limits: the
// cone's angle as the swing, the twist within +-`twist_degrees`.
inline void give_swing_twist(Rig& rig, int root, int effector, float twist_degrees) {
    for (const int b : {root, effector}) {
        std::optional<JointLimits>& l = rig.skeleton[static_cast<std::size_t>(b)].limits;
        if (!l || l->hinge || !l->max_angle) continue;
        const float degree = kPiF / 180.0f;
        l = JointLimits{std::nullopt, std::nullopt, std::nullopt, l->max_angle,
                        TwistRange{-twist_degrees * degree, twist_degrees * degree}};
    }
}

// A closed, smooth path around `centre` reaching from well inside to beyond `reach`, leaving
// the plane in 3D: `seed` picks its shape; s runs over [0, 1].
inline glm::vec3 limb_path_point(float s, const glm::vec3& centre, float reach, bool is_2d, int seed) {
    const float a = 2.0f * kPiF * s;
    const float p = 1.0f + static_cast<float>(seed % 3);
    const float q = 2.0f + static_cast<float>(seed % 2);
    const float phase = 0.7f * static_cast<float>(seed);
    const float r = reach * (0.75f + 0.45f * std::sin(q * a + phase));
    glm::vec3 d{std::cos(p * a + phase), std::sin(p * a), 0.0f};
    if (!is_2d) d = glm::vec3{std::cos(p * a + phase), 0.8f * std::sin(p * a), 0.6f * std::sin(q * a - phase)};
    return centre + r * glm::normalize(d);
}

}  // namespace marionette::testing
