#pragma once
// Replacing a file so that it is always either the old version or the new one, whole: the new
// contents go to a temporary file beside it, flushed to disk, then renamed over it.
//
// The temporary is ".<up to 24 bytes of the name>.<hash of the name>.tmp-XXXXXX": short, so a
// name of up to 255 bytes (the filesystem's limit) can be saved; tied to the one file it
// replaces, so that a save killed part-way (kill -9, a power cut) leaves a temporary that the
// next save of that file removes. A save holds a lock (flock) on its temporary until it is
// renamed, so a second program saving the same file never has its temporary taken away.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "core/base/result.hpp"

namespace marionette {

struct WriteOptions {
    // A file whose permissions allow no writing (0444), or that this user may not write, is
    // refused unless this is set: the user made it read-only for a reason. Root too is asked.
    bool replace_read_only = false;
};

// Writes `contents` to `path` atomically. Through a symbolic link the file it points to is
// replaced (the link stays a link). Devices, pipes and folders are refused before anything is
// written. The replaced file's permissions are kept, and its owner and group where this user
// may set them (root always can). Another hard link to the old file keeps the old contents.
// Errors start with the path: "arm.json: write failed: No space left on device".
Status write_file_atomically(const std::filesystem::path& path, const std::string& contents, WriteOptions options = {});

// The same, for contents made piece by piece (a bake too large to hold in memory): create(),
// write() as often as needed, commit() to rename it over the file. Destroyed uncommitted (an
// error on the way), it removes its temporary and the old file stays as it was.
class AtomicFileWriter {
public:
    static Result<AtomicFileWriter> create(const std::filesystem::path& path, WriteOptions options = {});
    AtomicFileWriter(AtomicFileWriter&&) noexcept;
    AtomicFileWriter& operator=(AtomicFileWriter&&) noexcept;
    ~AtomicFileWriter();

    Status write(std::string_view bytes);
    // Flushes the temporary to disk and closes it, so that a full disk found only then is
    // reported before anything is renamed: a set of files (file_set.hpp) flushes every member
    // before it renames any. commit() flushes too when this was not called.
    Status flush();
    // Flushes to disk and renames over the file; the writer is done after it, either way.
    Status commit();

private:
    struct Open;
    explicit AtomicFileWriter(std::unique_ptr<Open> open);
    std::unique_ptr<Open> open_;
};

// Whether `path` (links followed) may be replaced by a save: refused when it is a folder, a
// device, a pipe or a socket, or read-only without `options.replace_read_only`. Nothing is
// written; the message starts with the path as given. Every save checks this before it writes.
Status check_replaceable(const std::filesystem::path& path, WriteOptions options = {});

// Whether `path` is an existing file this user may not, or should not, write: its permissions
// give no one write access, or they exclude this user.
bool is_read_only_file(const std::filesystem::path& path);

// The temporary-file name prefix for saves of `path`'s file name (".arm.json.1a2b3c4d.tmp-").
std::string temporary_prefix(const std::filesystem::path& path);

// Removes what killed saves of `path` left beside it (temporaries no live save holds).
// Called by every save; the count is for tests.
int remove_leftover_temporaries(const std::filesystem::path& path);

}  // namespace marionette
