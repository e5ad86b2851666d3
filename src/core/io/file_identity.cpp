#include "core/io/file_identity.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "core/io/file_descriptor.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

std::int64_t mtime_ns(const struct stat& st) {
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(st.st_mtim.tv_nsec);
}

}  // namespace

// FNV-1a carried across pieces: hashing the pieces in order equals hashing the whole.
constexpr std::uint64_t kHashStart = 14695981039346656037ull;

std::uint64_t continue_hash(std::uint64_t h, std::string_view bytes) {
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t content_hash(std::string_view bytes) { return continue_hash(kHashStart, bytes); }

Result<FileIdentity> identify_file(const std::filesystem::path& path, std::uintmax_t max_bytes) {
    const std::string where = path.string() + ": ";
    // O_NONBLOCK: opening a FIFO would wait for a writer before fstat could tell what it is.
    const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    const int fd = file.get();
    if (fd < 0) return Error{where + "cannot read: " + std::strerror(errno)};
    // The time and size are taken before reading: if the file changes while it is read, the
    // identity is the older one and the next check sees a change (asks once too often, never
    // once too few).
    struct stat st {};
    if (::fstat(fd, &st) != 0) return Error{where + "cannot read: " + std::strerror(errno)};
    if (!S_ISREG(st.st_mode)) return Error{where + "not a regular file"};
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > max_bytes) return Error{where + "is " + megabytes_text(size) + ", larger than " + megabytes_text(max_bytes) + "; not read"};
    std::vector<char> piece(std::size_t{1} << 20);
    std::uint64_t hash = kHashStart;
    std::uint64_t read_total = 0;
    for (;;) {
        const ssize_t n = ::read(fd, piece.data(), piece.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return Error{where + "read failed: " + std::strerror(errno)};
        }
        if (n == 0) break;
        read_total += static_cast<std::uint64_t>(n);
        // A file that grows while it is read is hashed no further than the limit.
        if (read_total > max_bytes) return Error{where + "grew past " + megabytes_text(max_bytes) + " while being read"};
        hash = continue_hash(hash, std::string_view(piece.data(), static_cast<std::size_t>(n)));
    }
    return FileIdentity{size, mtime_ns(st), hash};
}
Result<FileIdentity> identify_written_file(const std::filesystem::path& path, std::string_view contents) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return Error{path.string() + ": cannot read: " + std::strerror(errno)};
    return FileIdentity{static_cast<std::uint64_t>(contents.size()), mtime_ns(st), content_hash(contents)};
}

DiskCheck check_file(const std::filesystem::path& path, const FileIdentity& known, CheckDepth depth, std::uintmax_t max_bytes) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return {DiskChange::Deleted, std::nullopt, {}};
        return {DiskChange::Changed, std::nullopt, std::string("it cannot be read: ") + std::strerror(errno)};
    }
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (depth == CheckDepth::Quick && size == known.size && mtime_ns(st) == known.mtime_ns) {
        return {DiskChange::Unchanged, known, {}};
    }
    if (!S_ISREG(st.st_mode)) return {DiskChange::Changed, std::nullopt, "it is not a regular file"};
    if (size != known.size) {
        return {DiskChange::Changed, FileIdentity{size, mtime_ns(st), 0}, megabytes_text(size) + ", was " + megabytes_text(known.size)};
    }
    Result<FileIdentity> now = identify_file(path, max_bytes);
    if (!now) return {DiskChange::Changed, std::nullopt, now.message()};
    if (now.value().size == known.size && now.value().hash == known.hash) return {DiskChange::Unchanged, now.value(), {}};
    // Same size (other sizes returned above), unless it changed between the stat and the read.
    std::string detail = now.value().size == known.size ? "same size, other contents"
                                                        : megabytes_text(now.value().size) + ", was " + megabytes_text(known.size);
    return {DiskChange::Changed, now.value(), std::move(detail)};
}

}  // namespace marionette
