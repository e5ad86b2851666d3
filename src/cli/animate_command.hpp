#pragma once

#include <iosfwd>
#include <string>

#include "cli/command_line.hpp"

namespace marionette {

// `marionette --animate FILE --timeline ... --out FRAMES.json`: loads FILE, plays its states on
// the timeline without a window and writes every frame (docs/user-guide.md, "Baking states") to
// request.out, atomically; request.out may be FILE or another rig file only with `overwrite`
// (--overwrite; cli/overwrite_guard.hpp). Prints "frames=<n> states=<names> out=<file>" and
// returns 0, or returns 1 after printing "marionette: <why>" to `err`, having written nothing.
int run_animate(const std::string& file, const AnimateRequest& request, bool overwrite, std::ostream& out, std::ostream& err);

}  // namespace marionette
