#pragma once
// `marionette --export FILE --format spine --out OUT.json [--overwrite]`: a 2D rig as a Spine 4.2
// skeleton, its texture atlas OUT.atlas beside it and its pictures under images/ (docs/spine.md).

#include <iosfwd>
#include <string>

namespace marionette {

// Checks every file it is to write with the overwrite guard before writing any (an export is
// written whole or not at all), then writes the pictures, the atlas and last the skeleton, each
// atomically; prints the export's warnings on `err` and
// "exported=FILE bones=N slots=M animations=K out=OUT" on `out` (N counts the skeleton's bones
// as written: the rig's, and a root and IK targets where added). Returns 0, or 1 with the error.
int run_spine_export(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err);

}  // namespace marionette
