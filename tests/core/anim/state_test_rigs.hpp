#pragma once
// Rigs and measurements shared by the state tests.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/anim/state_pose.hpp"
#include "core/rig/pose_distance.hpp"
#include "core/rig/rig.hpp"
#include "core/rig/rig_file.hpp"

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

// The pose `state` shows at `t`, alone (no machine).
inline Pose live(const Rig& rig, int state, double t) {
    Pose p;
    sample_state(rig, rig.states[static_cast<std::size_t>(state)], t, rig.pose, p);
    return p;
}

// How far apart two poses are in one respect: pose_distance (rotations, radians),
// translation_distance or scale_distance.
using PoseMetric = float (*)(const Pose&, const Pose&);

// The fastest `state` moves by `metric`, per second (numerically, over four seconds): for
// rotations, the fastest any bone turns in radians per second.
inline float fastest_turn(const Rig& rig, int state, PoseMetric metric = pose_distance) {
    float worst = 0.0f;
    const double dt = 1e-3;
    for (double t = 0.0; t < 4.0; t += dt)
        worst = std::max(worst, metric(live(rig, state, t), live(rig, state, t + dt)) / static_cast<float>(dt));
    return worst;
}

// The widest two states' live poses differ by `metric` (over four seconds).
inline float widest_gap(const Rig& rig, int a, int b, PoseMetric metric = pose_distance) {
    float widest = 0.0f;
    for (double t = 0.0; t < 4.0; t += 0.01) widest = std::max(widest, metric(live(rig, a, t), live(rig, b, t)));
    return widest;
}

}  // namespace marionette::testing
