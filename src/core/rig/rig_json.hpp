#pragma once
// The rig file format (docs/rig-format.md): JSON text <-> Rig. Reading validates everything
// and reports the first problem with its place in the file; it never returns a partial rig.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/io/json/json_fwd.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

inline constexpr const char* kRigFormatName = "marionette-rig";
inline constexpr int kRigFormatVersion = 1;

// The largest rig file loaded: about 800,000 bones. Parsed JSON takes some 15 times its text in
// memory (a 7.6 MB file of 100,000 bones: 112 MB resident), so this keeps a load near 1 GB.
inline constexpr std::uintmax_t kMaxRigFileBytes = 64'000'000;

// A rig's meshes may keep their numbers in a file beside it (mesh_data.hpp), read from `folder`;
// without one, only a rig whose mesh data is embedded (or that has no meshes) reads.
Result<Rig> parse_rig(std::string_view text, const std::filesystem::path& folder = {});
Result<Rig> rig_from_json(const Json& document, const std::filesystem::path& folder = {});

struct PackedMeshes;

// Readable: every bone's rest spelt out (the file is indented). Compact: what the reader takes
// by default left out (for rigs too large for the readable file).
enum class RigJsonStyle { Readable, Compact };
// A rig with meshes names `meshes`' file, or embeds its block when it names none or is null.
Json rig_to_json(const Rig& rig, RigJsonStyle style = RigJsonStyle::Readable, const PackedMeshes* meshes = nullptr);
// Pretty-printed (the "editor" data on one line), ending with a newline; compact when that
// would exceed `max_bytes`. Fails for a name that is not valid UTF-8, and for a rig too large
// for `max_bytes` even compact: a save never writes what the loader would refuse.
Result<std::string> serialize_rig(const Rig& rig, std::uintmax_t max_bytes = kMaxRigFileBytes, const PackedMeshes* meshes = nullptr);

}  // namespace marionette
