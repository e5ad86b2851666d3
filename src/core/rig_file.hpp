#pragma once
// Rig files on disk. Loading never half-loads: it returns a whole rig or an error naming the
// file and the place. Saving is atomic: a temporary file beside the target is written,
// flushed and renamed over it, so a failed save leaves the old file byte-for-byte intact.

#include <filesystem>
#include <string>

#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

// Messages start with the path as given: "arm.json: bones[3].parent: ...".
Result<Rig> load_rig_file(const std::filesystem::path& path);
Status save_rig_file(const Rig& rig, const std::filesystem::path& path);

// Writes `contents` to `path` atomically (temporary file, fsync, rename). Exposed for tests and
// for other files the editor keeps (settings, screenshots are not written through here).
Status write_file_atomically(const std::filesystem::path& path, const std::string& contents);

}  // namespace marionette
