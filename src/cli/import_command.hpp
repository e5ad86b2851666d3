#pragma once
// `marionette --import MODEL.glb --out RIG.json [--overwrite]`: a glTF file into a rig file.

#include <iosfwd>
#include <string>

namespace marionette {

// Prints each warning of the import on `err`, writes the rig to `out_file` and prints
// "imported=FILE bones=N states=M out=OUT" on `out`; returns 0, or 1 with the error.
int run_import(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err);

}  // namespace marionette
