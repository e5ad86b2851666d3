#pragma once
// The files a Spine export writes (docs/spine.md): its pictures copied under images/, the atlas
// OUT.atlas and the skeleton OUT.json, planned whole before any is written, so the command line
// checks every one with its overwrite guard and the editor writes them all or none.

#include <filesystem>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/spine/spine_export.hpp"

namespace marionette {

struct SpineFile {
    std::filesystem::path path;
    std::string bytes;
};

// The files for a skeleton written to `json_path` (a .json name), in the order to write them:
// the pictures (read from `rig_folder`, the rig file's), the atlas, and last the skeleton that
// names them. Refused when a picture cannot be read.
Result<std::vector<SpineFile>> plan_spine_files(const SpineExport& exported, const std::filesystem::path& rig_folder,
                                                const std::filesystem::path& json_path);

// Writes them as one set (file_set.hpp): every target checked, then every file written to its
// temporary, then the temporaries renamed in order, making the folders they need. A refusal or
// a full disk leaves the earlier export as it was; a kill leaves it too, unless it comes
// between the renames (docs/spine.md, "What an interrupted export leaves").
Status write_spine_files(const std::vector<SpineFile>& files, bool replace_read_only);

// Whether `path` names a .json file (any case): what a Spine skeleton is written as.
bool is_spine_json_path(const std::filesystem::path& path);

}  // namespace marionette
