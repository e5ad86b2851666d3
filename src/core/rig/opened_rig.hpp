#pragma once
// Opening whatever rig file a user names: the rig format itself, or a glTF file imported
// (gltf_import.hpp), told apart by the extension. The command line's modes read through here
// so `--check model.glb` and `--animate model.glb` work as for a rig file.

#include <filesystem>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct OpenedRig {
    Rig rig;
    std::vector<std::string> warnings;  // what an import left out; for a rig file, the slots' pictures that cannot show
    bool imported = false;              // from glTF: the file is not a rig file to save over
};

Result<OpenedRig> open_rig_file(const std::filesystem::path& path);

}  // namespace marionette
