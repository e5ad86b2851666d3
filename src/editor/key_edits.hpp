#pragma once
// Edits of a keyed state's tracks (issue 17, point 3), as pure functions like state_edits.hpp's:
// each returns the edited copy of the rig or an error naming the problem, and a successful edit
// leaves a rig the loader accepts. They are what the timeline's K, delete, drag and the
// inspector's interpolation do.

#include <span>
#include <vector>

#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

// One key of one track of a state: the timeline's selection is a list of these.
struct KeyRef {
    int track = -1;
    int key = -1;

    bool operator==(const KeyRef&) const = default;
};

// Keys `bones` of `state` at `time` (seconds, 0 to kMaxKeyTime) from the rig's pose: each bone's
// rotation always, its translation and scale when they are away from rest or keyed already (as
// Spine keys what was changed, not every property). A key at that time (within half a
// millisecond) is replaced, keeping its interpolation; a new key is linear; a track is made when
// the property has none. A 2D angle is keyed as the turn nearest to what the track shows there,
// so keying never adds a spin the user did not make.
Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time);

// Removes the keys; a track left without keys is removed. The keys must exist; an empty list
// changes nothing.
Result<Rig> delete_keys(const Rig& rig, int state, std::span<const KeyRef> keys);

// Moves the keys by `seconds` (negative: earlier), together. Refused when a key would leave
// [0, kMaxKeyTime] or land on another key of its track (within half a millisecond): the user
// drags back, nothing is merged silently. Keys are kept in time order.
Result<Rig> move_keys(const Rig& rig, int state, std::span<const KeyRef> keys, float seconds);

// Sets how a key goes on to the next one; `curve` is used for a Bézier (checked: x handles in
// [0, 1], y handles within +-kMaxCurveY).
Result<Rig> set_key_interpolation(const Rig& rig, int state, KeyRef key, Interpolation interpolation, const BezierCurve& curve = {});

}  // namespace marionette
