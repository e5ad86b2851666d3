#include "core/io/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/io/file_descriptor.hpp"
#include "core/io/file_identity.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

std::string describe_errno(int err) { return std::strerror(err); }

// Bytes of the file's own name kept in its temporary's name, for a person listing the folder.
constexpr std::size_t kNameBytesShown = 24;
constexpr const char* kRandomPart = "XXXXXX";  // mkstemp's


bool same_inode(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// The file a path names once its symbolic links are followed, one at a time as the kernel does
// (up to its own limit of 40). A link to a file not there yet is followed too: saving through
// it creates that file (weakly_canonical would stop at a name that does not resolve).
Result<std::filesystem::path> follow_links(const std::filesystem::path& given) {
    std::filesystem::path path = given;
    std::error_code ec;
    for (int hops = 0; std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec)); ++hops) {
        if (hops == 40) return Error{given.string() + ": too many levels of symbolic links"};
        const std::filesystem::path to = std::filesystem::read_symlink(path, ec);
        if (ec) return Error{given.string() + ": cannot follow the link: " + ec.message()};
        path = to.is_absolute() ? to : path.parent_path() / to;
    }
    return path;
}

// A new temporary beside `path`, locked by `lock` (a second descriptor, so the lock outlives
// closing the written one and is held until the rename is done). Removed unless committed,
// also once flushed and closed.
struct Temporary {
    std::string path;
    FileDescriptor fd;
    FileDescriptor lock;
    bool committed = false;
    ~Temporary() {
        if (!path.empty() && !committed) ::unlink(path.c_str());
    }
};

Status create_temporary(const std::filesystem::path& path, const std::string& where, Temporary& tmp) {
    const std::filesystem::path dir = folder_of(path);
    // A cleaner (another save of this file, removing leftovers) may take a temporary in the
    // moment between mkstemp and flock; such a temporary is gone, so make another.
    for (int attempt = 0; attempt < 8; ++attempt) {
        std::string name = (dir / temporary_prefix(path)).string() + kRandomPart;
        const int fd = ::mkstemp(name.data());
        if (fd < 0) return Error{where + "cannot create a file in " + dir.string() + ": " + describe_errno(errno)};
        tmp.path = name;
        tmp.fd.reset(fd);
        tmp.lock.reset(::open(name.c_str(), O_RDONLY | O_CLOEXEC));
        struct stat by_fd {};
        struct stat by_name {};
        if (tmp.lock.get() >= 0 && ::flock(tmp.lock.get(), LOCK_EX) == 0 && ::fstat(fd, &by_fd) == 0 &&
            ::stat(name.c_str(), &by_name) == 0 && same_inode(by_fd, by_name)) {
            return {};
        }
        tmp.lock.reset();
        tmp.fd.reset();  // taken by a cleaner: nothing of ours left at that name
        tmp.path.clear();
    }
    return Error{where + "cannot create a temporary file in " + dir.string() + " that stays"};
}

// Permissions, owner and group of the replaced file onto the temporary. The owner can be set by
// root only, the group by a member of it: what cannot be set is left as created.
Status keep_mode_and_owner(const std::filesystem::path& path, const std::string& where, int fd) {
    struct stat existing {};
    mode_t mode;
    if (::stat(path.c_str(), &existing) == 0) {
        if (::fchown(fd, existing.st_uid, existing.st_gid) != 0) (void)::fchown(fd, static_cast<uid_t>(-1), existing.st_gid);
        mode = existing.st_mode & 07777;  // after chown, which may clear set-id bits
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd, mode) != 0) return Error{where + "cannot set permissions: " + describe_errno(errno)};
    return {};
}

Status write_all(int fd, std::string_view contents, const std::string& where) {
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Error{where + "write failed: " + describe_errno(errno)};
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    return {};
}

}  // namespace

std::string temporary_prefix(const std::filesystem::path& path) {
    const std::string name = path.filename().string();
    const std::uint64_t hash = content_hash(name);
    std::string hex;
    for (int shift = 28; shift >= 0; shift -= 4) hex += "0123456789abcdef"[(hash >> shift) & 0xf];
    return "." + name.substr(0, kNameBytesShown) + "." + hex + ".tmp-";
}

int remove_leftover_temporaries(const std::filesystem::path& given) {
    Result<std::filesystem::path> path = follow_links(given);
    if (!path) return 0;
    const std::filesystem::path dir = folder_of(path.value());
    const std::string prefix = temporary_prefix(path.value());
    const std::size_t length = prefix.size() + std::strlen(kRandomPart);
    std::vector<std::string> found;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const dirent* e = ::readdir(d)) {
            const std::string_view name = e->d_name;
            if (name.size() == length && name.substr(0, prefix.size()) == prefix) found.emplace_back(name);
        }
        ::closedir(d);
    }
    int removed = 0;
    for (const std::string& name : found) {
        const std::filesystem::path file = dir / name;
        // Not through a link, and never a pipe's open that waits: only our own kind of file.
        const FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        struct stat by_fd {};
        struct stat by_name {};
        if (fd.get() < 0 || ::fstat(fd.get(), &by_fd) != 0 || !S_ISREG(by_fd.st_mode)) continue;
        if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) continue;  // a save in progress
        if (::lstat(file.c_str(), &by_name) != 0 || !same_inode(by_fd, by_name)) continue;
        if (::unlink(file.c_str()) == 0) ++removed;
    }
    return removed;
}

bool is_read_only_file(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
    return (st.st_mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0;
}

struct AtomicFileWriter::Open {
    std::string where;           // "the path as given: "
    std::filesystem::path path;  // the file replaced, links followed
    Temporary tmp;
};

AtomicFileWriter::AtomicFileWriter(std::unique_ptr<Open> open) : open_(std::move(open)) {}
AtomicFileWriter::AtomicFileWriter(AtomicFileWriter&&) noexcept = default;
AtomicFileWriter& AtomicFileWriter::operator=(AtomicFileWriter&&) noexcept = default;
AtomicFileWriter::~AtomicFileWriter() = default;  // Temporary removes an uncommitted file

namespace {

// check_replaceable on the file `given` leads to, `path` (links followed).
Status check_resolved(const std::filesystem::path& path, const std::string& where, WriteOptions options) {
    // Renaming over a device or a pipe would replace it with a file (`--out /dev/null` run as
    // root would take /dev/null away from the whole system); a folder cannot be replaced.
    std::error_code ec;
    const std::filesystem::file_status existing_type = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(existing_type)) return Error{where + "is a folder; give a file name"};
    if (std::filesystem::exists(existing_type) && !std::filesystem::is_regular_file(existing_type)) {
        return Error{where + "is not a regular file (a device, pipe or socket); only files are written"};
    }
    if (!options.replace_read_only && is_read_only_file(path)) return Error{where + "is read-only; not replaced"};
    return {};
}

}  // namespace

Status check_replaceable(const std::filesystem::path& given, WriteOptions options) {
    Result<std::filesystem::path> resolved = follow_links(given);
    if (!resolved) return Error{resolved.message()};
    return check_resolved(resolved.value(), given.string() + ": ", options);
}

Result<AtomicFileWriter> AtomicFileWriter::create(const std::filesystem::path& given, WriteOptions options) {
    auto open = std::make_unique<Open>();
    open->where = given.string() + ": ";
    const std::string& where = open->where;
    Result<std::filesystem::path> resolved = follow_links(given);
    if (!resolved) return Error{resolved.message()};
    open->path = resolved.value();
    const std::filesystem::path& path = open->path;
    if (Status s = check_resolved(path, where, options); !s) return Error{s.message()};
    remove_leftover_temporaries(path);
    if (Status s = create_temporary(path, where, open->tmp); !s) return Error{s.message()};
    if (Status s = keep_mode_and_owner(path, where, open->tmp.fd.get()); !s) return Error{s.message()};
    return AtomicFileWriter(std::move(open));
}

Status AtomicFileWriter::write(std::string_view bytes) {
    if (!open_) return Error{"the file was already committed"};
    return write_all(open_->tmp.fd.get(), bytes, open_->where);
}

Status AtomicFileWriter::flush() {
    if (!open_) return Error{"the file was already committed"};
    Temporary& tmp = open_->tmp;
    if (tmp.fd.get() < 0) return {};  // flushed already
    if (::fsync(tmp.fd.get()) != 0) return Error{open_->where + "cannot flush to disk: " + describe_errno(errno)};
    if (tmp.fd.reset() != 0) return Error{open_->where + "write failed on close: " + describe_errno(errno)};
    return {};
}

Status AtomicFileWriter::commit() {
    if (Status s = flush(); !s) {
        open_.reset();  // removes the temporary
        return s;
    }
    const std::unique_ptr<Open> open = std::move(open_);
    const std::string& where = open->where;
    Temporary& tmp = open->tmp;
    if (::rename(tmp.path.c_str(), open->path.c_str()) != 0) {
        return Error{where + "cannot replace the file: " + describe_errno(errno)};  // Temporary removes it
    }
    tmp.committed = true;
    // Make the rename itself durable; a failure here does not undo a completed save.
    if (const FileDescriptor dir(::open(folder_of(open->path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)); dir.get() >= 0) {
        ::fsync(dir.get());
    }
    return {};
}

Status write_file_atomically(const std::filesystem::path& path, const std::string& contents, WriteOptions options) {
    Result<AtomicFileWriter> writer = AtomicFileWriter::create(path, options);
    if (!writer) return Error{writer.message()};
    if (Status s = writer.value().write(contents); !s) return s;
    return writer.value().commit();
}

}  // namespace marionette
