#include "editor/files/recovery_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <system_error>

#include "core/rig/rig_file.hpp"
#include "editor/ui/user_settings.hpp"

namespace marionette {

namespace fs = std::filesystem;

namespace {

constexpr const char* kCopyExtension = ".json";
constexpr const char* kLockExtension = ".lock";

std::string errno_text() { return std::strerror(errno); }

bool same_file(int fd, const fs::path& path) {
    struct stat by_fd {};
    struct stat by_path {};
    return ::fstat(fd, &by_fd) == 0 && ::stat(path.c_str(), &by_path) == 0 && by_fd.st_dev == by_path.st_dev &&
           by_fd.st_ino == by_path.st_ino;
}

// Moves an unreadable copy aside to "<copy>.unreadable", or "-2", "-3", ... after it when an
// earlier copy already holds that name: renaming over it would lose the work that copy may
// still hold. link() refuses a name that exists, where rename() replaces it.
std::optional<fs::path> put_aside(const fs::path& copy) {
    for (int n = 1; n <= 1000; ++n) {
        fs::path aside = copy;
        aside += n == 1 ? std::string(".unreadable") : ".unreadable-" + std::to_string(n);
        if (::link(copy.c_str(), aside.c_str()) == 0) {
            ::unlink(copy.c_str());
            return aside;
        }
        if (errno == EEXIST) continue;
        // A filesystem without hard links: a rename, to a name that is free.
        std::error_code ec;
        if (fs::exists(fs::symlink_status(aside, ec))) continue;
        fs::rename(copy, aside, ec);
        if (ec) return std::nullopt;
        return aside;
    }
    return std::nullopt;
}

std::string new_session_id() {
    std::random_device random;
    char suffix[9];
    std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(random()));
    return std::to_string(::getpid()) + "-" + suffix;
}

}  // namespace

fs::path recovery_folder() {
    const fs::path config = user_config_dir();
    return config.empty() ? config : config / "recovery";
}

FileLock::~FileLock() { release(); }

FileLock::FileLock(FileLock&& other) noexcept : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
    if (this != &other) {
        release();
        path_ = std::move(other.path_);
        fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
}

Result<FileLock> FileLock::try_take(const fs::path& path) {
    FileLock lock;
    lock.path_ = path;
    // The folder may hold anything under a lock's name: a link is not followed, and a pipe
    // (opened without waiting for a writer) or a device is not a lock of ours.
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) return Error{path.string() + ": cannot open the lock: " + errno_text()};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Error{path.string() + ": not a regular file, not a lock"};
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);  // held by a live editor (or locks are not supported here: treated alike)
        return lock;
    }
    // Whoever held it may have deleted the file between our open and our lock: a lock on a
    // file no longer there guards nothing.
    if (!same_file(fd, path)) {
        ::close(fd);
        return lock;
    }
    lock.fd_ = fd;
    return lock;
}

void FileLock::remove() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());
    release();
}

void FileLock::release() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor drops the flock
    fd_ = -1;
}

Result<RecoverySession> RecoverySession::start(const fs::path& folder) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) return Error{folder.string() + ": cannot create the recovery folder: " + ec.message()};
    RecoverySession session;
    session.folder_ = folder;
    session.id_ = new_session_id();
    session.copy_ = folder / (session.id_ + kCopyExtension);
    const fs::path lock_path = folder / (session.id_ + kLockExtension);
    // A fresh file: no other session can have this name.
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return Error{lock_path.string() + ": cannot create the session's lock: " + errno_text()};
    ::close(fd);
    Result<FileLock> lock = FileLock::try_take(lock_path);
    if (!lock || !lock.value().held()) {
        ::unlink(lock_path.c_str());
        return Error{lock_path.string() + ": cannot lock: " + (lock ? std::string("locks do not work in this folder") : lock.message())};
    }
    session.lock_ = std::move(lock).value();
    return session;
}

Status RecoverySession::write(const RecoveryRecord& record, const Rig& rig) const {
    Result<std::string> text = recovery_text(record, rig);
    if (!text) return Error{copy_.string() + ": " + text.message()};
    return write_file_atomically(copy_, text.value());
}

Status RecoverySession::remove_copy() const {
    if (::unlink(copy_.c_str()) != 0 && errno != ENOENT) return Error{copy_.string() + ": cannot remove: " + errno_text()};
    return {};
}

void RecoverySession::end() {
    (void)remove_copy();  // nothing to report to at the end; a left copy is offered, not lost
    lock_.remove();
}

Status ClaimedCopy::discard() {
    if (::unlink(file_.c_str()) != 0 && errno != ENOENT) return Error{file_.string() + ": cannot remove: " + errno_text()};
    lock_.remove();
    return {};
}

AbandonedCopies claim_abandoned_copies(const fs::path& folder) {
    AbandonedCopies found;
    std::error_code ec;
    std::vector<fs::path> locks;
    std::vector<std::string> names;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        names.push_back(it->path().filename().string());
        if (it->path().extension() == kLockExtension) locks.push_back(it->path());
    }
    // A copy's lock may be missing (removed by hand): such a copy has no live owner either.
    for (const std::string& name : names) {
        const fs::path p = folder / name;
        if (p.extension() == kCopyExtension && name.front() != '.' &&
            std::find(locks.begin(), locks.end(), fs::path(folder / p.stem()).concat(kLockExtension)) == locks.end()) {
            locks.push_back(fs::path(folder / p.stem()).concat(kLockExtension));
        }
    }
    std::sort(locks.begin(), locks.end());
    for (const fs::path& lock_path : locks) {
        Result<FileLock> lock = FileLock::try_take(lock_path);
        if (!lock || !lock.value().held()) continue;  // a running editor's, or not ours to judge
        const std::string session = lock_path.stem().string();
        const fs::path copy = folder / (session + kCopyExtension);
        remove_leftover_temporaries(copy);  // a copy being written when its editor died
        if (!fs::exists(copy, ec)) {
            lock.value().remove();  // a gone session that had nothing unsaved
            continue;
        }
        Result<RecoveredRig> read = read_recovery_file(copy);
        if (!read) {
            const std::optional<fs::path> aside = put_aside(copy);
            found.problems.push_back(read.message() + (aside ? " (kept as " + aside->string() + ")" : ""));
            lock.value().remove();
            continue;
        }
        found.copies.emplace_back(copy, std::move(lock).value(), std::move(read).value());
    }
    std::stable_sort(found.copies.begin(), found.copies.end(),
                     [](const ClaimedCopy& a, const ClaimedCopy& b) { return a.copy().record.written_at < b.copy().record.written_at; });
    return found;
}

}  // namespace marionette
