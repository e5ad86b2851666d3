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

}  // namespace marionette
