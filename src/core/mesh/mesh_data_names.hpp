#pragma once
// Which rig files name a mesh data file. A rig names its mesh data by file name only, beside
// it (docs/rig-format.md, "Meshes"), so the rig files that may name "<stem>.<hash>.mesh.bin"
// are the .json files in its folder; a copy of a rig (cp hero.json hero-v2.json) names the
// same file as the original. A mesh data file is removed, or replaced by an output the user
// named, only when no rig file beside it names it.

#include <filesystem>
#include <optional>
#include <string>

namespace marionette {

// Whether `name` has the form of some rig's mesh data file: "<stem>.<16 hex digits>.mesh.bin".
bool looks_like_mesh_data(const std::string& name);

struct MeshDataUse {
    std::optional<std::filesystem::path> named_by;  // the first rig file beside it found naming it
    bool unsure = false;                            // a .json file beside it could not be read
};

// Reads the .json files beside `mesh_data` (regular files no larger than a rig may be) for its
// name as a JSON string. Not a parse: a file holding the name anywhere counts, which errs on
// the side of keeping the file.
MeshDataUse find_rig_naming(const std::filesystem::path& mesh_data);

}  // namespace marionette
