#pragma once
// `marionette --export FILE --out OUT.glb [--rest-pose] [--overwrite]`: a rig as glTF 2.0.

#include <iosfwd>
#include <string>

#include "cli/command_line.hpp"

namespace marionette {

// Prints each warning on `err`, writes the glTF file (binary for .glb, JSON for .gltf) and
// prints "exported=FILE nodes=N animations=M out=OUT" on `out`; returns 0, or 1 with the error.
// With `timeline.timeline` set, one animation of that timeline played through the state
// machine (as --animate plays it, at its --fps over its --seconds) instead of one per state.
int run_export(const std::string& file, const std::string& out_file, bool rest_pose, const AnimateRequest& timeline, bool overwrite,
               std::ostream& out, std::ostream& err);

}  // namespace marionette
