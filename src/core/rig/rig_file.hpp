#pragma once
// Rig files on disk. Loading never half-loads: it returns a whole rig or an error naming the
// file and the place. Saving is atomic: a temporary file beside the target is written,
// flushed and renamed over it (atomic_file.hpp), so a failed save leaves the old file
// byte-for-byte intact.

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Messages start with the path as given: "arm.json: bones[3].parent: ...". Only regular files
// up to kMaxRigFileBytes (rig_json.hpp) are read (see read_text_file).
Result<Rig> load_rig_file(const std::filesystem::path& path);
// serialize_rig's text, written by write_file_atomically: a rig the loader would refuse (too
// large) is refused before anything is written. A rig with meshes writes their data first, to
// "<name>.<hash>.mesh.bin" beside it (mesh_data.hpp), and then removes the rig's mesh data files
// that the new JSON no longer names. Returns the JSON text written.
Result<std::string> write_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options = {});
Status save_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options = {});

}  // namespace marionette
