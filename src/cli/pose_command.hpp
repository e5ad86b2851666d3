#pragma once

#include <iosfwd>
#include <string>

#include "cli/command_line.hpp"

namespace marionette {

// `marionette --pose FILE ...`: loads FILE, solves the chain toward the target from the rig's
// pose, saves the whole rig with the new pose to request.out (atomically; it may be FILE), and
// prints "reached=<true|false> error=<distance> iterations=<n>". Returns 0, or 1 after printing
// "marionette: <why>" to `err`, in which case nothing is written to `out` or to disk.
int run_pose(const std::string& file, const PoseRequest& request, std::ostream& out, std::ostream& err);

}  // namespace marionette
