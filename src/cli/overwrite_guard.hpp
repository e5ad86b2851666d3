#pragma once
// The command line's guard on the files it writes. `--out` replaces its file whole, so a slip
// (`--animate arm.json --out arm.json`, or the name of another rig) would put frames where the
// rig was; such an output is refused unless the user says --overwrite.

#include <string>

#include "core/base/result.hpp"

namespace marionette {

// Whether `option` (as "--out") may write `out` for a mode reading the rig `input`: not when
// `out` is `input` (the same file, through any path or link), any file that loads as a rig, or
// mesh data that a rig file beside it names (mesh_data_names.hpp), unless `overwrite`. A file
// that does not exist yet, or is none of these, may be written. The message names the option,
// the file and --overwrite:
// "--out arm.json: is the rig being read; give another file, or --overwrite to replace it".
Status check_output_file(const std::string& option, const std::string& input, const std::string& out, bool overwrite);

}  // namespace marionette
