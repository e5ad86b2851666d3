#pragma once

#include <iosfwd>
#include <string>

#include "cli/command_line.hpp"

namespace marionette {

// `marionette --pose FILE ...`: loads FILE, solves the chain toward the target from the rig's
// pose, saves the whole rig with the new pose to request.out (atomically), and prints
// "reached=<true|false> error=<distance> iterations=<n>". request.out may be FILE or another
// rig file only with `overwrite` (--overwrite; cli/overwrite_guard.hpp). Returns 0, or 1 after
// printing "marionette: <why>" to `err`, in which case nothing is written to `out` or to disk.
int run_pose(const std::string& file, const PoseRequest& request, bool overwrite, std::ostream& out, std::ostream& err);

}  // namespace marionette
