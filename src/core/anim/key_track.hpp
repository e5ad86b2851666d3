#pragma once
// Keyframe tracks: a keyed state's animation of one property of one bone, as Spine's timelines
// and Blender's F-curves hold it. Each key holds a value at a time and says how the curve goes
// on to the next key: a step, a straight line, the seed article's cosine ease, or a cubic
// Bézier curve with two handles. Pure data and pure functions; state.hpp puts tracks in states.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/rig/pose_property.hpp"

namespace marionette {

// How a key's value moves on to the next key's.
enum class Interpolation { Step, Linear, Cosine, Bezier };

const char* interpolation_name(Interpolation i);  // "step", "linear", "cosine", "bezier"
std::optional<Interpolation> interpolation_named(const std::string& name);

// A Bézier key's handles, as CSS's cubic-bezier() and Spine's curves hold them: the curve runs
// from (0, 0) to (1, 1) in (fraction of the time between the keys, fraction of the way from this
// key's value to the next's) through the controls (x1, y1) and (x2, y2). x1 and x2 lie in
// [0, 1], so time never runs back; y1 and y2 may overshoot (a bounce) within +-kMaxCurveY.
// `lines` says how it is drawn: 0, the cubic itself; kSpineCurveLines, as Spine's runtimes and
// editor play it (CurveTimeline.setBezier), straight lines through the curve's points at equal
// steps of its parameter. A Spine file's curve imports that way, so it plays as Spine plays it
// with one key per Spine key, and exports to Spine unchanged.
inline constexpr std::uint8_t kSpineCurveLines = 10;
struct BezierCurve {
    float x1 = 0.25f, y1 = 0.0f, x2 = 0.75f, y2 = 1.0f;  // an ease in and out
    std::uint8_t lines = 0;

    bool operator==(const BezierCurve&) const = default;
};

inline constexpr float kMaxCurveY = 10.0f;
inline constexpr const char* kCurveRule =
    "a curve's x handles must lie between 0 and 1, its y handles between -10 and 10, and its lines be 0 or 10";
// Whether `c` keeps the rule above (every number finite; false for NaN).
bool is_valid_curve(const BezierCurve& c);

struct Key {
    float time = 0.0f;  // seconds from the state's start, >= 0
    // The value, by the track's property: a 2D rotation's `angle` (radians about z, not wrapped:
    // keys at 0 and 360 degrees make a whole turn, as in Spine), a 3D rotation's `rotation`, or
    // a translation's or scale's `vector` (2D: z 0 for a translation, 1 for a scale).
    float angle = 0.0f;
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 vector{0.0f};
    Interpolation interpolation = Interpolation::Linear;  // from this key to the next
    BezierCurve curve;                                    // used when interpolation is Bezier

    bool operator==(const Key&) const = default;
};

struct KeyTrack {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
    std::vector<Key> keys;  // at least one, in strictly increasing time

    bool operator==(const KeyTrack&) const = default;
};

// The latest key time: an hour, far past any animation, where a float still resolves times to
// 0.24 ms (finer than a frame at 1000 fps).
inline constexpr float kMaxKeyTime = 3600.0f;
inline constexpr const char* kKeyTimeRule = "a key's time must be between 0 and 3600 seconds";
// Whether `t` is a key time within [0, kMaxKeyTime] (false for NaN).
inline bool is_key_time(float t) { return t >= 0.0f && t <= kMaxKeyTime; }

// How far from one key to the next a time `u` in [0, 1] between them has come, by `key`'s
// interpolation: 0 for a step (until the next key), u for linear, 0.5 - 0.5 cos(pi u) for
// cosine, the curve's y at x = u for a Bézier (overshoot allowed). Exact 0 at 0 and 1 at 1
// except for a step.
float interpolation_fraction(const Key& key, float u);
float interpolation_fraction(Interpolation interpolation, const BezierCurve& curve, float u);

// The 3D rotation a fraction f of the way from key value a to b along the shorter arc, f
// allowed past 0 and 1 (a Bézier's overshoot turns on past b, or back before a); exactly a at
// 0 and b at 1.
glm::quat key_turn(const glm::quat& a, const glm::quat& b, float f);

// What the track shows at `time` seconds: before its first key the first key's value, after
// its last the last's, between two keys the interpolation. For a rotation track: `angle` (2D)
// or `rotation` (3D) of the result; for the others `vector`.
Key sample_track(const KeyTrack& track, bool is_2d, double time);
// The same value, written to `rotation` (a rotation track, 2D or 3D) or `vector` (the others),
// and nothing else copied: what a frame of a keyed state samples. A track without keys writes
// nothing.
void sample_track_value(const KeyTrack& track, bool is_2d, double time, glm::quat& rotation, glm::vec3& vector);

// The rotation of a rotation key, either dimension (2D: the angle about z).
glm::quat key_rotation(const Key& key, bool is_2d);

// The times to sample several tracks at so that lines between the samples follow what they
// make together (a product, a ratio): every key of each; and, unless all go by steps, or there
// is one going by straight lines, or all go by straight lines keyed at the same times a frame
// apart or less, every 1/fps between (a frame closer than a thousandth of a frame to a key is
// left out). Sets `all_step`. Increasing.
std::vector<float> shared_sample_times(const std::vector<const KeyTrack*>& tracks, float fps, bool& all_step);

// The time of the track's last key (0 for a track without keys).
float last_key_time(const KeyTrack& track);

// Why `track` breaks the rules a loaded or edited track keeps, or empty when it keeps them:
// a key at least; times finite, within [0, kMaxKeyTime] and strictly increasing; values as the
// pose's ranges require (translation within +-kMaxCoordinate, scale within [0, kMaxPoseScale],
// 2D angles within +-36000 degrees, 3D rotations unit quaternions; 2D: no z); curves valid.
// `key_at` receives the index of the offending key (-1 for the track as a whole).
std::string key_track_problem(const KeyTrack& track, bool is_2d, int* key_at = nullptr);

}  // namespace marionette
