#pragma once
// Keys as Spine 4 timelines hold them (esotericsoftware.com/spine-json-format): each key a time
// and one to four values, and the curve on to the next key: linear (no "curve"), "stepped",
// or a cubic Bézier given per value by its two handles in absolute time and value,
// [cx1, cy1, cx2, cy2]. Marionette's keys say the same with handles normalised to the span
// between the keys (key_track.hpp), and have one more interpolation, the cosine ease, which is
// no cubic: it goes out as linear keys at every frame between its two keys.

#include <array>
#include <functional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/key_track.hpp"
#include "core/io/json/json_field.hpp"
#include "core/io/spine/spine_bezier_pieces.hpp"

namespace marionette {

using SpineValues = std::array<double, 4>;  // a key's values (rotate: 1, translate/scale: 2, rgba: 4)

enum class SpineCurve { Linear, Stepped, Bezier };

struct SpineKey {
    double time = 0.0;
    SpineValues values{};
    SpineCurve curve = SpineCurve::Linear;  // on to the next key
    SpineBezier bezier{};                   // when the curve is Bezier: handles normalised to the span and change
};

// A key of a Marionette track, its values already in Spine's units (degrees, rig units, 0-1).
struct SourceKey {
    double time = 0.0;
    SpineValues values{};
    Interpolation interpolation = Interpolation::Linear;
    BezierCurve curve{};
};

// The Spine keys of a track: step keys stepped, linear keys as they are, a Bézier key cut into
// the pieces Spine's runtimes play within a little of it (spine_bezier_pieces.hpp), a cosine
// key followed by linear keys at every frame of `fps` between it and the next, valued by
// `sample` (the track's value at a time). A track's first key after time 0 is repeated at 0:
// before a timeline's first key Spine shows the setup pose, Marionette the first key's value.
std::vector<SpineKey> spine_keys(const std::vector<SourceKey>& keys, const std::function<SpineValues(double)>& sample, double fps);

// The frames of `fps` strictly between times a and b, each more than a thousandth of a frame
// from both (a frame that close to a key is the key).
std::vector<double> frames_between(double a, double b, double fps);

// How the values of a timeline are named in its keys.
enum class SpineTimelineKind {
    Rotate,     // "value", degrees added to the setup rotation
    Translate,  // "x", "y", added to the setup position
    Scale,      // "x", "y", multiplying the setup scale
    Color,      // "color", "RRGGBBAA"; its curve has 4 values
    Ik,         // an IK constraint's "mix" and "softness" (left out at 0); its curve has 2 values
};

// The timeline's JSON array, every key with its "time", its values and, unless linear, its
// "curve" (Bézier handles turned absolute: cx = t0 + x (t1 - t0), cy = v0 + y (v1 - v0)).
Json spine_timeline(const std::vector<SpineKey>& keys, SpineTimelineKind kind);

// A colour as Spine writes it: eight hex digits, RRGGBBAA, each channel rounded to 0-255.
std::string spine_color(const glm::vec4& rgba);

}  // namespace marionette
