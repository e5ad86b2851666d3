#pragma once
// A key's way on to the next in a rig file, as bone keys and slot colour keys write it:
// "interpolation" ("step", "linear" by default, "cosine", "bezier"), a Bézier key's "curve"
// [x1, y1, x2, y2] and, for one drawn as Spine's runtimes draw it, "curve_lines": 10
// (docs/rig-format.md, "Keyed states").

#include <optional>

#include "core/anim/key_track.hpp"
#include "core/io/json/json_field.hpp"

namespace marionette {

// Reads the members when present; fails at the place on an unknown name, on a curve that is not
// four numbers or belongs to no Bézier key, or on lines without a curve. The curve's rule is the
// track's check.
void read_key_curve(const std::optional<JsonField>& interpolation, const std::optional<JsonField>& curve,
                    const std::optional<JsonField>& lines, Interpolation& way, BezierCurve& bezier);

// Adds them to `key`, leaving out the defaults ("linear", a curve for other keys, lines 0).
void write_key_curve(Json& key, Interpolation way, const BezierCurve& bezier);

}  // namespace marionette
