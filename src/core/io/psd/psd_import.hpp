#pragma once
// `marionette --import PUPPET.psd --out RIG.json`: a layered PSD file read (psd_reader.hpp) and
// made a 2D rig (psd_rig_job.hpp), its pictures encoded as PNG files to write beside the rig,
// under a folder named for it ("puppet.json" shows "puppet/arm.png"). The rig is held to the
// loader's own rules (written and read back) before anything is written, and the rig with its
// pictures is written as one set (file_set.hpp): the pictures first, the rig that names them
// last, so a reader finds the old set or the new one, never half of one. Pictures of an earlier
// import that the new rig no longer names are left where they are.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_set.hpp"
#include "core/rig/rig.hpp"

namespace marionette::psd {

struct PsdImportedPicture {
    std::string image;  // from the rig's folder, as the attachments name it
    int width = 0;
    int height = 0;
    std::string png;  // the file's bytes
};

struct PsdImport {
    Rig rig;
    std::string rig_json;  // the rig file's text, as the loader reads it back
    std::vector<PsdImportedPicture> pictures;
    std::vector<std::string> warnings;  // what the rig leaves out or draws otherwise, one line each
};

// The folder, beside the rig, its pictures go in: the rig file's name without its extension,
// in letters, digits, '-' and '_' ("my puppet.json": "my_puppet").
std::string psd_picture_folder(const std::filesystem::path& rig_path);

// Why a PSD file is not opened as a rig (`--check`, `--pose`, the editor's command line): its
// pictures must be written somewhere before a rig can name them.
std::string psd_not_a_rig(const std::filesystem::path& psd_path);

// The import of a PSD file's bytes, its pictures under `picture_folder` (relative to the rig's).
Result<PsdImport> import_psd(std::span<const std::uint8_t> bytes, const std::string& picture_folder, ReadBudget& budget);

// The import of the PSD file at `psd_path` for a rig to be written at `rig_path`; messages start
// with the PSD file's path.
Result<PsdImport> import_psd_file(const std::filesystem::path& psd_path, const std::filesystem::path& rig_path);

// The files to write for `imported` at `rig_path`, in the order to rename them: the pictures,
// then the rig.
std::vector<FileSetMember> psd_import_files(const PsdImport& imported, const std::filesystem::path& rig_path);

// Writes them as one set; errors name the file.
Status write_psd_import(const PsdImport& imported, const std::filesystem::path& rig_path, WriteOptions options = {});

}  // namespace marionette::psd
