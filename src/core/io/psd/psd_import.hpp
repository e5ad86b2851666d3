#pragma once
// `marionette --import PUPPET.psd --out RIG.json`: a layered PSD file read (psd_reader.hpp) and
// made a 2D rig (psd_rig_job.hpp), its pictures encoded as PNG files to write beside the rig
// as one set (imported_rig.hpp).

#include <filesystem>
#include <span>
#include <string>

#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "core/io/import/imported_rig.hpp"

namespace marionette::psd {

// Why a PSD file is not opened as a rig (`--check`, `--pose`, the editor's command line): its
// pictures must be written somewhere before a rig can name them.
std::string psd_not_a_rig(const std::filesystem::path& psd_path);

// The import of a PSD file's bytes, its pictures under `picture_folder` (relative to the rig's).
Result<ImportedRig> import_psd(std::span<const std::uint8_t> bytes, const std::string& picture_folder, ReadBudget& budget);

// The import of the PSD file at `psd_path` for a rig to be written at `rig_path`; messages start
// with the PSD file's path.
Result<ImportedRig> import_psd_file(const std::filesystem::path& psd_path, const std::filesystem::path& rig_path);

}  // namespace marionette::psd
