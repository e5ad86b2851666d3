#pragma once
// The numbers the timeline's curve view plots for a track: a 2D rotation as its angle in
// degrees (unwrapped, so a whole turn climbs by 360), a 3D rotation as Euler angles XYZ in
// degrees (as the inspector shows them), a translation or scale per axis (2D: x and y).

#include <array>

#include "core/anim/key_track.hpp"

namespace marionette {

struct CurveSample {
    int count = 0;  // how many of `values` are used: 1, 2 or 3
    std::array<float, 3> values{};
};

// What the curve view plots for `track` at `time` (seconds on its state's timeline).
CurveSample track_curve_value(const KeyTrack& track, bool is_2d, double time);
// The same for one of its keys, as stored (no interpolation).
CurveSample key_curve_value(const KeyTrack& track, bool is_2d, const Key& key);
// The name of one plotted value: "angle", "x", "y" or "z".
const char* curve_value_name(const KeyTrack& track, bool is_2d, int value);

}  // namespace marionette
