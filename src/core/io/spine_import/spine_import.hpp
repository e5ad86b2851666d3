#pragma once
// `marionette --import SKELETON.json --out RIG.json`: a Spine skeleton's JSON read
// (spine_skeleton_reader.hpp) with its texture atlas and pages found beside it, made a 2D rig
// (spine_rig_job.hpp), and its pictures written beside the rig as one set (imported_rig.hpp).

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/image/image_decode.hpp"
#include "core/io/import/imported_rig.hpp"
#include "core/io/spine_import/spine_atlas_reader.hpp"

namespace marionette {

// Whether the file at `path` is a Spine skeleton's JSON rather than a rig (is_spine_skeleton):
// what a rig that does not load is asked, to say so.
bool is_spine_skeleton_file(const std::filesystem::path& path);

// Why a Spine skeleton is not opened as a rig: its pictures must be cut out and written
// somewhere before a rig can name them.
std::string spine_not_a_rig(const std::filesystem::path& json_path);

// The atlas beside a skeleton: "<name>.atlas"; else the atlas whose name, without a "-pma",
// the skeleton's name starts with (the longest; "windmill-ess.json": "windmill.atlas", then
// "windmill-pma.atlas"); else the folder's only atlas. Nothing when there is none of these.
std::optional<std::filesystem::path> find_spine_atlas(const std::filesystem::path& json_path);

// A skeleton's JSON text with its atlas (none: pictures show as missing) and the atlas's pages
// decoded (one per page, an empty image for one that did not load), its pictures under
// `picture_folder` (relative to the rig's).
Result<ImportedRig> import_spine(std::string_view json_text, const SpineAtlas* atlas, std::span<const DecodedImage> pages,
                                 const std::string& picture_folder, std::vector<std::string> warnings = {});

// The import of the skeleton at `json_path` for a rig to be written at `rig_path`; messages
// start with the file's path. A page that does not load is a warning: its pictures show as
// missing.
Result<ImportedRig> import_spine_file(const std::filesystem::path& json_path, const std::filesystem::path& rig_path);

}  // namespace marionette
