#pragma once
// The text of a Spine skeleton file: indented where that helps a reader, but a container short
// enough for one line (a key, a colour, a Bézier's handles) kept on one, as Spine's own
// "pretty print" does, so that an animation of a thousand keys stays a thousand lines.

#include <string>

#include "core/base/result.hpp"
#include "core/io/json/json_field.hpp"

namespace marionette {

// `document` as text ending with a newline. Fails (instead of throwing) for a string that is
// not UTF-8, naming it.
Result<std::string> spine_json_text(const Json& document);

// A number as Spine files hold it: the float nearest `v`, in its shortest form (0.1, not
// 0.10000000149011612): the runtimes read floats.
Json spine_number(double v);

// The time of a key a value switches at (after a stepped key; an attachment's or the draw
// order's): the float just below the key's own. Marionette reads a key time and the playing time
// as floats, so a key at 0.3 (0.300000012 as a float) shows at the frame 0.3 (0.2999999999...
// as a double); the runtimes compare the playing time as a double with the file's time as a
// float, and would switch a hair later, after the frame. Written a float lower, they switch at
// the same frames.
Json spine_switch_time(double t);

}  // namespace marionette
