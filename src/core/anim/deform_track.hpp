#pragma once
// A state's keys of a mesh's shape, as Spine's deform timelines: each key holds an offset for
// every vertex of one mesh attachment (in the picture's space, attachment_mesh.hpp), and the
// shape moves on from key to key by the interpolation bone keys have, so a face squashes or an
// eyelid closes without bones. Pure data and pure functions; the slots' sampling applies them.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/key_track.hpp"
#include "core/anim/slot_track.hpp"
#include "core/mesh/slot.hpp"

namespace marionette {

struct DeformKey {
    float time = 0.0f;                                    // seconds from the state's start, within [0, kMaxKeyTime]
    std::vector<glm::vec2> offsets;                       // one per vertex of the mesh, within +-kMaxCoordinate
    Interpolation interpolation = Interpolation::Linear;  // from this key to the next
    BezierCurve curve{};                                  // when that is Bezier

    bool operator==(const DeformKey&) const = default;
};

struct DeformTrack {
    int slot = -1;                // index into the rig's slots
    int attachment = -1;          // index into that slot's attachments: a mesh
    std::vector<DeformKey> keys;  // at least one, in strictly increasing time

    bool operator==(const DeformTrack&) const = default;
};

// Sets the offsets `tracks` give at `time` seconds on `pose`'s deforms: for each track whose
// drawing its slot (of `slots`) draws in `pose` (drawn_index), before its first key the first key's offsets, after its last
// the last's, between two keys the earlier one's interpolation. Slots no track deforms keep
// theirs; tracks past the pose's slots are passed over.
void sample_deform_tracks(const std::vector<Slot>& slots, const std::vector<DeformTrack>& tracks, double time, SlotPose& pose);
// One track's offsets at `time` into `out`, by the same rule (a track without keys leaves it).
void sample_deform_track(const DeformTrack& track, double time, std::vector<glm::vec2>& out);

// Which keys of a track (with keys) mix at `time`, and how: `to`'s share is `fraction`, the rest
// is `from`'s (the same key before the first and after the last). The time is read as a float,
// as bone and slot keys read it, so a key switches at the same instant on every track.
struct DeformKeyMix {
    std::size_t from = 0;
    std::size_t to = 0;
    float fraction = 0.0f;
};
DeformKeyMix deform_mix_at(const DeformTrack& track, double time);

// The offsets `pose` holds for slot `slot` showing `a`: its deform when it holds one for each of
// the mesh's vertices, else none (a plain picture, a drawing no key deforms).
std::span<const glm::vec2> shown_deform(const SlotPose& pose, std::size_t slot, const Attachment& a);

// The latest key time of the tracks (0 without any).
float last_deform_key_time(const std::vector<DeformTrack>& tracks);

// The track of `tracks` deforming `attachment` of `slot`, or -1.
int track_of_deform(const std::vector<DeformTrack>& tracks, int slot, int attachment);

// Why a state's deform tracks break the rules over the rig's `slots`, or empty: each on an
// attachment that exists and is a mesh, one per attachment, with at least one key; times
// finite, within [0, kMaxKeyTime] and strictly increasing; one offset per vertex of the mesh,
// each within +-kMaxCoordinate; curves valid. `place` receives where ("deform[1].keys[0]").
std::string deform_tracks_problem(const std::vector<DeformTrack>& tracks, const std::vector<Slot>& slots, std::string* place = nullptr);

}  // namespace marionette
