#pragma once
// Which version of a file the editor last read or wrote, so that a change made by someone else
// (another program, a checkout, a second editor) is noticed before it is overwritten.
//
// The identity is the size, the modification time and a hash of the contents. Deciding that a
// file changed always rests on the contents: a file touched but not changed (same bytes, new
// time) has not changed. The size and time only make the check cheap: a different size is a
// change without reading, and the quick check (window focus) trusts an unchanged size and time.
// The full check (before a save overwrites the file) reads and hashes it every time.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.hpp"

namespace marionette {

struct FileIdentity {
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;  // since the Unix epoch
    std::uint64_t hash = 0;     // content_hash() of the bytes; 0 when not read (see check_file)

    bool operator==(const FileIdentity&) const = default;
};

// FNV-1a, 64 bits: enough to tell versions of one file apart, not a defence against forgery.
std::uint64_t content_hash(std::string_view bytes);

// Reads the file in bounded pieces (a 2 GB file costs no more memory than a small one). A file
// other than a regular one, or larger than `max_bytes`, is not read: an error says why. Errors
// name the path ("arm.json: cannot open: No such file or directory").
Result<FileIdentity> identify_file(const std::filesystem::path& path, std::uintmax_t max_bytes);

// The identity of a file just written with `contents` (its size and time read from disk, the
// hash from the bytes as written, so a write by someone else right after is not taken for ours).
Result<FileIdentity> identify_written_file(const std::filesystem::path& path, std::string_view contents);

enum class DiskChange {
    Unchanged,
    Changed,  // other contents (or unreadable: not known to be ours)
    Deleted,  // nothing at that path any more
};

struct DiskCheck {
    DiskChange change = DiskChange::Unchanged;
    std::optional<FileIdentity> now;  // what is on disk now, when it could be read
    std::string detail;               // for Changed: what differs, or why it could not be read
};

enum class CheckDepth {
    Quick,  // trusts an unchanged size and modification time (no read)
    Full,   // compares the contents' hash whenever the file exists
};

// How the file at `path` compares with `known`, the identity it had when last read or written.
// Another size is a change without reading: `now` then has the size and time but no hash.
// Only a file of the known size is read (as identify_file, up to `max_bytes`).
DiskCheck check_file(const std::filesystem::path& path, const FileIdentity& known, CheckDepth depth, std::uintmax_t max_bytes);

}  // namespace marionette
