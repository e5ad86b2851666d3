#pragma once
// Every JSON file the program reads (rigs, recovery copies, settings, input scripts) is parsed
// here, so that what one reader refuses, all refuse:
// - nesting deeper than kMaxJsonDepth. The parse itself does not recurse, but copying, printing
//   and comparing a JSON value do: a 176 KB file of 88,000 open brackets overflowed the stack.
// - a key given twice in one object. The library keeps the last silently, so a save would drop
//   the other; which one the user meant is not ours to guess.
// - a number beyond a double (1e999), named with its line and column.
// Objects are built in linear time however many keys they hold (ordered_json's own insertion
// searches every earlier key).

#include <string_view>

#include "core/base/result.hpp"
#include "core/io/json/json_field.hpp"

namespace marionette {

// Arrays and objects inside one another, the document itself being level 1. The rig format needs
// 6; the rest is room for what other tools keep under a rig's "editor".
inline constexpr int kMaxJsonDepth = 64;

// Errors, without a file name (the caller adds it):
//   "not valid JSON: line 4, column 9: syntax error while parsing object key - ..."
//   "not valid JSON: line 20, column 17: number 1e999 is out of range (numbers must be finite)"
//   "bones[3]: \"name\" is given twice"
//   "editor.a[0][0]...: nested deeper than 64 levels of arrays and objects"
Result<Json> parse_json_document(std::string_view text);

// A JSON value as a message quotes it: its compact text, cut to about `max_chars` with "..."
// (a 50 MB string quoted whole would make a 50 MB message).
std::string json_excerpt(const Json& value, std::size_t max_chars = 60);

}  // namespace marionette
