#pragma once
// A rig an import made from another program's file (a layered PSD, a Spine skeleton) with the
// pictures it cut out, to write beside the rig under a folder named for it ("puppet.json"
// shows "puppet/arm.png"). The rig is held to the loader's own rules (written and read back)
// before anything is written, and the rig with its pictures is written as one set
// (file_set.hpp): the pictures first, the rig that names them last, so a reader finds the old
// set or the new one, never half of one. Pictures of an earlier import that the new rig no
// longer names are left where they are.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_set.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// A picture as an import cuts it out, before it is encoded.
struct RigPicture {
    std::string image;  // the attachments' path to it, from the rig's folder: "puppet/arm.png"
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // straight alpha, rows from the top
};

struct ImportedPicture {
    std::string image;  // from the rig's folder, as the attachments name it
    int width = 0;
    int height = 0;
    std::string png;  // the file's bytes
};

struct ImportedRig {
    Rig rig;
    std::string rig_json;  // the rig file's text, as the loader reads it back
    std::vector<ImportedPicture> pictures;
    std::vector<std::string> warnings;  // what the rig leaves out or draws otherwise, one line each
};

// The folder, beside the rig, its pictures go in: the rig file's name without its extension,
// in letters, digits, '-' and '_' ("my puppet.json": "my_puppet").
std::string imported_picture_folder(const std::filesystem::path& rig_path);

// Whether `folder` is one the pictures may go in: relative, '/' between parts, no empty, "."
// or ".." part.
bool is_picture_folder(const std::string& folder);

// The import of `rig` with `pictures` (consumed, each encoded as PNG) and `warnings`, after the
// rig is written and read back by the loader's own rules.
Result<ImportedRig> finish_imported_rig(const Rig& rig, std::vector<RigPicture> pictures, std::vector<std::string> warnings);

// The files to write for `imported` at `rig_path`, in the order to rename them: the pictures,
// then the rig.
std::vector<FileSetMember> imported_rig_files(const ImportedRig& imported, const std::filesystem::path& rig_path);

// Writes them as one set; errors name the file.
Status write_imported_rig(const ImportedRig& imported, const std::filesystem::path& rig_path, WriteOptions options = {});

}  // namespace marionette
