#pragma once
// A keyed state's tracks compiled for playing frame after frame, in ozz-animation's manner.
//
// A State keeps each track's keys in its own list, which suits editing; a frame of a thousand
// tracks then reads two keys from a thousand places in memory. The compiled clip puts every key
// of every track in one stream, ordered by the time sampling first needs it (a key is needed
// once the playhead passes the key before it), and a cursor keeps each track's current pair of
// keys side by side. Playing forwards, a frame reads the cursor's pairs in order and the few
// keys the stream hands over since the last frame; going back (a loop's wrap, a scrub) starts
// the stream over. The values are exactly sample_track's.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/key_track.hpp"
#include "core/base/result.hpp"

namespace marionette {

struct State;

// A key in the clip's stream. The value is a 3D rotation's quaternion (x, y, z, w), a 2D
// rotation's angle (x), or a translation's or scale's vector (x, y, z).
struct ClipKey {
    float needed_at = 0.0f;  // from this time on it is its track's next key
    float time = 0.0f;
    std::uint32_t track = 0;
    // How the track comes to this key from the one before (that key's interpolation and, for
    // a Bézier, its curve, an index into KeyedClip::curves); unused on a track's first key.
    Interpolation interpolation = Interpolation::Linear;
    std::uint32_t curve = 0;
    glm::vec4 value{0.0f};
};

struct ClipTrack {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
    std::uint32_t key_count = 0;  // 0: the track shows nothing
    bool first = true;            // no earlier track of the clip drives the same property
};

struct KeyedClip {
    bool is_2d = false;
    float length = 0.0f;            // the last key's time (state_length)
    std::vector<ClipTrack> tracks;  // as the state lists them
    // Every track's first key (by track, needed from the start), then the rest by the time
    // they are needed.
    std::vector<ClipKey> keys;
    std::size_t first_keys = 0;  // how many of `keys` are tracks' first keys
    std::vector<BezierCurve> curves;
};

// The clip of `state`'s tracks (its channels are not part of it). A track without keys keeps
// its place and shows nothing, as sample_state skips it.
KeyedClip compile_keyed_clip(const State& state, bool is_2d);

// Where a track is in the stream: the key at or before the last time sampled (a), and the
// next (b); the same key twice before the track's second key is needed.
struct ClipSpan {
    glm::vec4 a{0.0f};
    glm::vec4 b{0.0f};
    float a_time = 0.0f;
    float b_time = 0.0f;
    Interpolation interpolation = Interpolation::Linear;  // from a to b
    std::uint32_t curve = 0;
};

// The sampling context: a track's pair of keys and the stream read so far. It belongs to one
// compiled clip; start a new one (or clear it) for another.
struct ClipCursor {
    std::vector<ClipSpan> spans;  // by track; empty: not started
    std::size_t next = 0;         // the first key of the stream not yet handed to its track
    float time = 0.0f;            // the time last sampled
    void clear() { spans.clear(); }
};

// A track's value at a time: `rotation` for a rotation track, `vector` for the others.
struct TrackValue {
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 vector{0.0f};
};

// Samples every track of a clip at `time` (seconds on the tracks' own timeline, neither looped
// nor held: keyed_time's), moving the cursor on. No allocation once the cursor is started.
struct ClipSamplingJob {
    // Inputs.
    const KeyedClip* clip = nullptr;
    double time = 0.0;  // finite
    // In and out: the cursor the last frame left (started on first use).
    ClipCursor* cursor = nullptr;
    // Output: one value per clip track (a track without keys: left as it was).
    std::span<TrackValue> values;

    Status validate() const;
    // Runs without checking (debug builds assert validate()).
    void run() const;
};

// What playing one keyed state needs: its compiled clip, the cursor, and room for the values.
struct ClipPlayback {
    KeyedClip clip;
    ClipCursor cursor;
    std::vector<TrackValue> values;  // one per clip track
};

}  // namespace marionette
