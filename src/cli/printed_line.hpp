#pragma once
// Every line the window-less modes print goes through here: names from the rig, paths and
// options from the command line and the messages quoting them reach the terminal with their
// control characters written out (core/base/terminal_text.hpp), so a rig cannot retitle the window
// or wipe the screen. The program's own line end is the only one printed.

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace marionette {

// terminal_safe(text), then a line end.
void print_line(std::ostream& stream, std::string_view text);

// "marionette: <message>" as one safe line on `err`. Returns 1, a mode's exit code on failure.
int print_failure(std::ostream& err, std::string_view message);
// "marionette: warning: <line>" on `err` for each of an import's warnings.
void print_warnings(std::ostream& err, const std::vector<std::string>& warnings);

}  // namespace marionette
