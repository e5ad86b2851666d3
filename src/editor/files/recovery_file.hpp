#pragma once
// The recovery copy's file: the rig with unsaved changes and a record of whose changes they are.
//   { "format": "marionette-recovery", "version": 1,
//     "document": "/home/ada/rigs/arm.json",      (null: an untitled rig)
//     "disk": {"size": 2301, "mtime_ns": 1763730000123456789, "hash": "8c1f0e2a9b3d4c5e"},
//                                               (the document's file when the changes began; null: unknown)
//     "pid": 4242, "host": "ada-laptop",        (the editor that wrote it)
//     "written_at": 1763730123,                 (seconds since the Unix epoch)
//     "rig": { ...the rig, as in a rig file... } }
// One file holds both, written atomically, so the record always describes the rig beside it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/io/file_identity.hpp"
#include "core/rig/rig.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

inline constexpr const char* kRecoveryFormatName = "marionette-recovery";
inline constexpr int kRecoveryFormatVersion = 1;
// A copy is a rig file's text and a few lines about it.
inline constexpr std::uintmax_t kMaxRecoveryFileBytes = kMaxRigFileBytes + 64'000;

struct RecoveryRecord {
    std::filesystem::path document;    // absolute; empty for an untitled rig
    std::optional<FileIdentity> disk;  // the document's file as it was when the changes began
    long pid = 0;
    std::string host;
    std::int64_t written_at = 0;  // seconds since the Unix epoch
};

struct RecoveredRig {
    RecoveryRecord record;
    Rig rig;
};

// Fails only for a name that is not valid UTF-8 (as saving the rig would).
Result<std::string> recovery_text(const RecoveryRecord& record, const Rig& rig);
// Errors name the place: "rig: bones[2].parent: ...", "written_at: expected an integer, got string".
Result<RecoveredRig> parse_recovery(std::string_view text);
// As parse_recovery, errors starting with the file's path. Only a regular file (a link is
// followed) up to kMaxRecoveryFileBytes is read: the folder may hold anything.
Result<RecoveredRig> read_recovery_file(const std::filesystem::path& file);

}  // namespace marionette
