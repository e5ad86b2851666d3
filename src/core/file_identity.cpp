#include "core/file_identity.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace marionette {

namespace {

std::int64_t mtime_ns(const struct stat& st) {
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(st.st_mtim.tv_nsec);
}

}  // namespace

std::uint64_t content_hash(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

Result<FileIdentity> identify_file(const std::filesystem::path& path) {
    const std::string where = path.string() + ": ";
    // The time and size are taken before reading: if the file changes while it is read, the
    // identity is the older one and the next check sees a change (asks once too often, never
    // once too few).
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return Error{where + "cannot read: " + std::strerror(errno)};
    if (!S_ISREG(st.st_mode)) return Error{where + "not a regular file"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{where + "cannot open: " + std::strerror(errno)};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return Error{where + "read failed"};
    return FileIdentity{static_cast<std::uint64_t>(st.st_size), mtime_ns(st), content_hash(text.str())};
}

Result<FileIdentity> identify_written_file(const std::filesystem::path& path, std::string_view contents) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return Error{path.string() + ": cannot read: " + std::strerror(errno)};
    return FileIdentity{static_cast<std::uint64_t>(contents.size()), mtime_ns(st), content_hash(contents)};
}

DiskCheck check_file(const std::filesystem::path& path, const FileIdentity& known, CheckDepth depth) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return {DiskChange::Deleted, std::nullopt, {}};
        return {DiskChange::Changed, std::nullopt, std::string("it cannot be read: ") + std::strerror(errno)};
    }
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (depth == CheckDepth::Quick && size == known.size && mtime_ns(st) == known.mtime_ns) {
        return {DiskChange::Unchanged, known, {}};
    }
    Result<FileIdentity> now = identify_file(path);
    if (!now) return {DiskChange::Changed, std::nullopt, now.message()};
    if (now.value().size == known.size && now.value().hash == known.hash) return {DiskChange::Unchanged, now.value(), {}};
    std::string detail = now.value().size == known.size
                             ? "same size, other contents"
                             : std::to_string(now.value().size) + " bytes, was " + std::to_string(known.size);
    return {DiskChange::Changed, now.value(), std::move(detail)};
}

}  // namespace marionette
