#pragma once
// A rig whose state plants a foot by IK (state_ik.hpp): the core, export and editor tests of IK in
// states share it.

#include <gtest/gtest.h>

#include "core/rig/rig_json.hpp"

namespace marionette::testing {

// Indices: 0 hips, 1 thigh_l, 2 shin_l, 3 spine. The left leg is pinned where its foot stands;
// "step" swings the thigh forward and back by its keys and keys the leg's mix from 1 (planted)
// to 0 at 1 s (swinging free) and back to 1 at 2 s; it also keys the unpinned back's mix.
inline constexpr const char* kWalker = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [
    {"name": "hips", "length": 20, "translation": [0, 100], "rotation": 90},
    {"name": "thigh_l", "parent": "hips", "length": 50, "translation": [0, 0], "rotation": 175},
    {"name": "shin_l", "parent": "thigh_l", "length": 50, "rotation": -10},
    {"name": "spine", "parent": "hips", "length": 60}
  ],
  "chains": [
    {"name": "back", "root": "spine", "effector": "spine", "solver": "ccd"},
    {"name": "leg_l", "root": "thigh_l", "effector": "shin_l", "solver": "two_bone", "settings": {"bend": -1}, "pin": [-8, 3]}
  ],
  "states": [ { "name": "step", "channels": [],
    "tracks": [ { "bone": "thigh_l", "property": "rotation",
                  "keys": [ { "time": 0, "value": 0 }, { "time": 1, "value": -40 }, { "time": 2, "value": 0 } ] } ],
    "chain_tracks": [
      { "chain": "leg_l", "keys": [ { "time": 0, "mix": 1 }, { "time": 1, "mix": 0, "interpolation": "cosine" }, { "time": 2, "mix": 1 } ] },
      { "chain": "back", "keys": [ { "time": 0, "mix": 1 } ] } ] } ]
})";

inline Rig walker() {
    Result<Rig> r = parse_rig(kWalker);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

}  // namespace marionette::testing
