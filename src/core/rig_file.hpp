#pragma once
// Rig files on disk. Loading never half-loads: it returns a whole rig or an error naming the
// file and the place. Saving is atomic: a temporary file beside the target is written,
// flushed and renamed over it, so a failed save leaves the old file byte-for-byte intact.

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

// The largest rig file loaded: about 800,000 bones. Parsed JSON takes some 15 times its text in
// memory (a 7.6 MB file of 100,000 bones: 112 MB resident), so this keeps a load near 1 GB.
inline constexpr std::uintmax_t kMaxRigFileBytes = 64'000'000;

// Messages start with the path as given: "arm.json: bones[3].parent: ...". Only regular files
// up to kMaxRigFileBytes are read (see read_text_file).
Result<Rig> load_rig_file(const std::filesystem::path& path);
Status save_rig_file(const Rig& rig, const std::filesystem::path& path);

// Writes `contents` to `path` atomically (temporary file, fsync, rename). Exposed for tests and
// for other files the editor keeps (settings, screenshots are not written through here).
Status write_file_atomically(const std::filesystem::path& path, const std::string& contents);

}  // namespace marionette
