#pragma once
// What a drag in the timeline's curve view changes, as in Spine's graph view or Blender's graph
// editor: a key moved in one plotted value (track_curve.hpp's units: 2D degrees, 3D Euler XYZ
// degrees, a translation's or scale's axis), and the handles of a Bézier key. Times move with
// move_keys (key_edits.hpp). Each returns the changed rig, or why not with the rig unchanged;
// the track is checked as a loaded one is (key_track_problem).

#include <array>
#include <optional>
#include <span>

#include "core/anim/key_track.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// A point of the curve view: a time in seconds and a plotted value.
struct CurvePoint {
    double time = 0.0;
    double value = 0.0;
};

// One key's plotted value `value` (0, 1 or 2) of bone track `track` set to `to`; a 3D
// rotation's other two Euler angles stay as they are plotted.
struct PlottedValue {
    int track = -1, key = -1, value = 0;
    double to = 0.0;
};

// Every change in `state` on one copy of the rig, each changed track checked once: a drag of
// many keys copies the rig once a frame, not once a key.
Result<Rig> set_keys_plotted_values(const Rig& rig, int state, std::span<const PlottedValue> changes);
inline Result<Rig> set_key_plotted_value(const Rig& rig, int state, int track, int key, int value, double to) {
    const PlottedValue one{track, key, value, to};
    return set_keys_plotted_values(rig, state, std::span<const PlottedValue>(&one, 1));
}

// Where the curve view draws the handles of the Bézier that leaves key `key` (toward the next
// key) in plotted value `value`: [0] leaving the key, [1] arriving at the next. None for the
// last key or a key that is not a Bézier.
std::optional<std::array<CurvePoint, 2>> bezier_handles(const KeyTrack& track, bool is_2d, int key, int value);

// The curve key `key` takes when its handle `handle` (0 or 1, as above) is dragged to `to`:
// the handle's x from `to`'s time, clamped to [0, 1]; its y from `to`'s value, clamped to
// +-kMaxCurveY, and kept as it was where both keys plot the same value (a flat segment has no
// height to take a fraction of). `key` must have a next key.
BezierCurve curve_with_handle(const KeyTrack& track, bool is_2d, int key, int value, int handle, CurvePoint to);

}  // namespace marionette
