#pragma once
// Edits of a keyed state's tracks (issue 17, point 3), as pure functions like state_edits.hpp's:
// each returns the edited copy of the rig or an error naming the problem, and a successful edit
// leaves a rig the loader accepts. They are what the timeline's K, delete, drag and the
// inspector's interpolation do.

#include <compare>
#include <optional>
#include <span>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Which of a state's timelines a key lies on: a bone track (State::tracks), a slot track
// (State::slot_tracks), the draw order (State::draw_order, a single list: track 0), a chain's
// mix (State::chain_tracks), a mesh's shape (State::deform) or the skin (State::skin_keys, a
// single list: track 0).
enum class KeyTimeline { Bone, Slot, DrawOrder, Chain, Deform, Skin };

// One key of one track of a state: the timeline's selection is a list of these.
struct KeyRef {
    int track = -1;
    int key = -1;
    KeyTimeline timeline = KeyTimeline::Bone;

    auto operator<=>(const KeyRef&) const = default;  // by track, then key, then timeline
};

// Two key times closer than this are the same frame (a thousandth of a second at 1000 fps is
// the finest a timeline snaps to).
inline constexpr float kSameKeyTime = 5e-4f;

// A key named by what it keys and when. Unlike a KeyRef it survives edits that renumber keys
// and tracks (a move, a delete, an undo): the timeline keeps its selection as these.
struct KeyId {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
    float time = 0.0f;
    KeyTimeline timeline = KeyTimeline::Bone;
    int slot = -1;                                          // a slot key's slot
    SlotProperty slot_property = SlotProperty::Attachment;  // and what it keys
    int chain = -1;                                         // a mix key's chain
    int attachment = -1;                                    // a deform key's attachment (of `slot`)

    bool operator==(const KeyId&) const = default;
};

inline KeyId slot_key_id(int slot, SlotProperty property, float time) {
    return KeyId{-1, PoseProperty::Rotation, time, KeyTimeline::Slot, slot, property};
}
inline KeyId draw_order_key_id(float time) { return KeyId{-1, PoseProperty::Rotation, time, KeyTimeline::DrawOrder}; }
inline KeyId skin_key_id(float time) { return KeyId{-1, PoseProperty::Rotation, time, KeyTimeline::Skin}; }
inline KeyId chain_key_id(int chain, float time) {
    return KeyId{-1, PoseProperty::Rotation, time, KeyTimeline::Chain, -1, SlotProperty::Attachment, chain};
}
inline KeyId deform_key_id(int slot, int attachment, float time) {
    return KeyId{-1, PoseProperty::Rotation, time, KeyTimeline::Deform, slot, SlotProperty::Attachment, -1, attachment};
}

// Whether two ids name the same key: the same timeline and track (bone and property, slot and
// property, the draw order, a chain, or a slot's mesh), times within kSameKeyTime.
bool same_key(const KeyId& a, const KeyId& b);

// The id of an existing key (`ref` must name one).
KeyId key_id(const State& state, KeyRef ref);
// The key `id` names (its time within kSameKeyTime), or nullopt when there is none.
std::optional<KeyRef> find_key(const State& state, const KeyId& id);

// The key at `time` (within kSameKeyTime) of the deform track of `attachment` of `slot` in
// `tracks`: the one there, or a new one (no offsets) put in time order, its track made when
// missing. What keying and pasting a shape write into.
DeformKey& deform_key_at(std::vector<DeformTrack>& tracks, int slot, int attachment, float time);

// A copied mesh shape: a deform key of the mesh attachment `attachment` of slot `slot`.
struct CopiedShape {
    int slot = -1;
    int attachment = -1;
    DeformKey key;
};

// A copied key and what it keys: the timeline's clipboard, a bone's key or (with `shape`) a
// mesh's shape. Its time (`key.time`, or the shape's) is relative to the earliest key copied
// with it.
struct CopiedKey {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
    Key key;
    std::optional<CopiedShape> shape{};

    float time() const { return shape ? shape->key.time : key.time; }
    // The id the key has once pasted with the earliest at `at`.
    KeyId id_at(float at) const;
};

// The bone and deform keys among `keys` (which must exist), their times counted from the
// earliest of them (slot and draw-order keys are not copied).
std::vector<CopiedKey> copy_keys(const State& state, std::span<const KeyRef> keys);
// Puts copied keys into `state` with the earliest at `time`: each on its bone's track of its
// property, or its mesh's deform track (made when missing), over a key at the same time, with
// its value and interpolation. A 2D angle is pasted as the turn nearest what the track shows
// there (no added spin). Refused when a bone or mesh is not in the rig, a shape's vertices are
// not the mesh's, a key would land past kMaxKeyTime, or a value breaks the track rules (keys
// from a 3D rig pasted into a 2D one).
Result<Rig> paste_keys(const Rig& rig, int state, std::span<const CopiedKey> keys, float time);

// Keys `bones` of `state` at `time` (seconds, 0 to kMaxKeyTime) so that the state shows
// `pose` for them there (as the timeline's playhead shows it: clock and track time both
// `time`): each bone's rotation always, its translation and scale when they are away from rest
// or keyed already (as Spine keys what was changed, not every property). Where the state's
// oscillator channels drive the property too, their share at that time is taken off the key,
// so the channels on top give the pose back. A key at that time (within half a millisecond)
// is replaced, keeping its interpolation; a new key is linear; a track is made when the
// property has none. A 2D angle is keyed as the turn nearest to what the track shows there,
// so keying never adds a spin the user did not make.
Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time, const Pose& pose);
// The same from the rig's own pose.
Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time);

// Removes the keys, on any timeline; a bone, slot or chain track left without keys is removed. The keys
// must exist; an empty list changes nothing.
Result<Rig> delete_keys(const Rig& rig, int state, std::span<const KeyRef> keys);

// Moves the keys, on any timeline, by `seconds` (negative: earlier), together. Refused when a key would leave
// [0, kMaxKeyTime] or land on another key of its track (within half a millisecond): the user
// drags back, nothing is merged silently. Keys are kept in time order.
Result<Rig> move_keys(const Rig& rig, int state, std::span<const KeyRef> keys, float seconds);

// Keys chain `chain`'s mix (chain_track.hpp) in `state` at `time`: a key there (within half a
// millisecond) takes the mix and keeps its interpolation; a new key is linear; a track is made
// when the chain has none. Refused for a mix outside [0, 1] or a time outside [0, kMaxKeyTime].
Result<Rig> key_chain_mix(const Rig& rig, int state, int chain, float time, float mix);
// Sets the mix of the keys, which must exist on chain tracks.
Result<Rig> set_chain_key_mix(const Rig& rig, int state, std::span<const KeyRef> keys, float mix);

// Sets how the keys go on to the next one; `curve` is used for a Bézier (checked: x handles in
// [0, 1], y handles within +-kMaxCurveY). The keys must exist, on bone tracks, slot colour
// tracks or chain mix tracks (a drawing or a draw order switches at its key: refused).
Result<Rig> set_key_interpolation(const Rig& rig, int state, std::span<const KeyRef> keys, Interpolation interpolation,
                                  const BezierCurve& curve = {});
inline Result<Rig> set_key_interpolation(const Rig& rig, int state, KeyRef key, Interpolation interpolation,
                                         const BezierCurve& curve = {}) {
    return set_key_interpolation(rig, state, std::span<const KeyRef>(&key, 1), interpolation, curve);
}

}  // namespace marionette
