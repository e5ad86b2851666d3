#pragma once
// Rigs the edit and history tests start from, written as rig files so they read like the
// documents the editor opens: branches, chains of both solvers, a pose, states, editor data.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette::testing {

// 2D. Indices: 0 hips, 1 spine, 2 upper_arm, 3 forearm, 4 hand, 5 thigh, 6 shin.
// thigh hangs from hips away from its tip; the others sit at their parent's tip.
inline constexpr const char* kFigure2d = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [
    {"name": "hips", "length": 50, "translation": [10, 20], "rotation": 90},
    {"name": "spine", "parent": "hips", "length": 100},
    {"name": "upper_arm", "parent": "spine", "length": 80, "rotation": -120},
    {"name": "forearm", "parent": "upper_arm", "length": 70, "rotation": 30, "limits": {"min": -30, "max": 130}},
    {"name": "hand", "parent": "forearm", "length": 20, "rotation": -15},
    {"name": "thigh", "parent": "hips", "length": 90, "translation": [0, 10], "rotation": 175},
    {"name": "shin", "parent": "thigh", "length": 85, "rotation": 10}
  ],
  "chains": [
    {"name": "arm", "root": "upper_arm", "effector": "forearm", "solver": "two_bone", "settings": {"bend": 1}},
    {"name": "arm_reach", "root": "upper_arm", "effector": "hand", "solver": "ccd",
     "settings": {"iterations": 50, "tolerance": 0.5, "max_step": 30}},
    {"name": "leg", "root": "thigh", "effector": "shin", "solver": "two_bone", "settings": {"bend": -1, "softness": 0.2}},
    {"name": "back", "root": "hips", "effector": "hand", "solver": "ccd"}
  ],
  "pose": {"root_offset": [3, 4], "rotations": {"forearm": 20, "shin": -15, "hand": 5}},
  "states": [
    {"name": "walking", "channels": [
      {"bone": "thigh", "base": -15, "amplitude": 28, "period": 1.2},
      {"bone": "shin", "base": 10, "amplitude": 12, "period": 1.2, "phase": 90},
      {"bone": "forearm", "amplitude": 8, "period": 1.2},
      {"bone": "hand", "amplitude": 4, "period": 0.6}
    ]},
    {"name": "idle", "channels": [{"bone": "spine", "amplitude": 2, "period": 3}]}
  ],
  "transition": {"duration": 0.25, "easing": "linear"},
  "editor": {"camera": {"zoom": 2, "center": [0, 50]}}
})";

// 3D. Indices: 0 hips, 1 chest, 2 upper_arm, 3 forearm, 4 hand, 5 head.
inline constexpr const char* kFigure3d = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 3,
  "bones": [
    {"name": "hips", "length": 0.1, "translation": [0, 0.95, 0.1], "rotation": [0, 0, 0.707107, 0.707107], "limits": {"max": 30}},
    {"name": "chest", "parent": "hips", "length": 0.3, "rotation": [0.1, 0.2, 0, 0.97]},
    {"name": "upper_arm", "parent": "chest", "length": 0.28, "translation": [0.2, -0.02, 0.05],
     "rotation": [0, 0, -0.382683, 0.92388], "limits": {"max": 120}},
    {"name": "forearm", "parent": "upper_arm", "length": 0.26, "rotation": [0, -0.087156, 0, 0.996195],
     "limits": {"hinge": [0, -1, 0], "min": -10, "max": 140}},
    {"name": "hand", "parent": "forearm", "length": 0.09, "rotation": [0.3, 0, 0.1, 0.95]},
    {"name": "head", "parent": "chest", "length": 0.23}
  ],
  "chains": [
    {"name": "arm", "root": "upper_arm", "effector": "forearm", "solver": "two_bone",
     "settings": {"pole": [0, 1, -1], "softness": 0.1}},
    {"name": "reach", "root": "chest", "effector": "hand", "solver": "ccd"}
  ],
  "pose": {"root_offset": [0, 0.1, 0], "rotations": {"forearm": [0, -0.2588, 0, 0.9659]}},
  "states": [{"name": "wave", "channels": [
    {"bone": "forearm", "axis": [0, -1, 0], "amplitude": 20, "period": 1},
    {"bone": "hand", "axis": [1, 0, 0], "amplitude": 10, "period": 0.5}
  ]}]
})";

inline Rig parse_or_fail(const char* text) {
    Result<Rig> r = parse_rig(text);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

inline Rig figure_2d() { return parse_or_fail(kFigure2d); }

// The rig's world frames under its own pose, and a bone's joint and tip there.
inline std::vector<Transform> world_of(const Rig& rig) { return compute_world(rig.skeleton, rig.pose).value(); }
inline glm::vec3 joint(const Rig& rig, int bone) { return world_of(rig)[static_cast<std::size_t>(bone)].translation; }
inline glm::vec3 tip(const Rig& rig, int bone) {
    return bone_tip(world_of(rig)[static_cast<std::size_t>(bone)], rig.skeleton[static_cast<std::size_t>(bone)].length);
}
// figure_2d's bones by index.
inline constexpr int kHips = 0;
inline constexpr int kSpine = 1;
inline constexpr int kUpperArm = 2;
inline constexpr int kForearm = 3;
inline constexpr int kHand = 4;
inline constexpr int kThigh = 5;
inline constexpr int kShin = 6;
inline Rig figure_3d() { return parse_or_fail(kFigure3d); }

// The 2D figure with a keyed state "turn" at the end: the spine keyed at 0 (0 degrees) and at
// 1 s (`radians`), linear.
inline Rig figure_with_turn(float radians) {
    Rig rig = figure_2d();
    State turn{"turn", {}, {}, true};
    KeyTrack t{rig.skeleton.find("spine"), PoseProperty::Rotation, {Key{}, Key{}}};
    t.keys[1].time = 1.0f;
    t.keys[1].angle = radians;
    turn.tracks.push_back(t);
    rig.states.push_back(turn);
    return rig;
}

inline int bone_named(const Rig& rig, const std::string& name) { return rig.skeleton.find(name); }

// `rig` with every bone's limits taken off: a turn about any axis is taken whole.
inline Rig without_limits(Rig rig) {
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) rig.skeleton[b].limits.reset();
    return rig;
}

// A bone's tip in the world, in the rig's pose.
inline glm::vec3 tip_in_world(const Rig& rig, int bone) {
    const auto b = static_cast<std::size_t>(bone);
    return bone_tip(compute_world(rig.skeleton, rig.pose).value()[b], posed_length(rig.skeleton, rig.pose, b));
}

// A bone's world rotation in the rig's pose.
inline glm::quat world_rotation(const Rig& rig, int bone) {
    return compute_world(rig.skeleton, rig.pose).value()[static_cast<std::size_t>(bone)].rotation;
}

}  // namespace marionette::testing
