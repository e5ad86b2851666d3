#include "core/rig_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/rig_json.hpp"
#include "core/text_file.hpp"

namespace marionette {

namespace {

std::string describe_errno(int err) { return std::strerror(err); }

// Closes and removes the temporary file unless the rename went through.
class TemporaryFile {
public:
    explicit TemporaryFile(std::string path_template) : path_(std::move(path_template)) {
        fd_ = ::mkstemp(path_.data());
        created_ = fd_ >= 0;
    }
    ~TemporaryFile() {
        if (fd_ >= 0) ::close(fd_);
        if (created_ && !committed_) ::unlink(path_.c_str());
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;

    bool opened() const { return fd_ >= 0; }
    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    int close_now() {
        const int r = ::close(fd_);
        fd_ = -1;
        return r;
    }
    void committed() { committed_ = true; }

private:
    std::string path_;
    int fd_ = -1;
    bool created_ = false;
    bool committed_ = false;
};

}  // namespace

Status write_file_atomically(const std::filesystem::path& given, const std::string& contents) {
    const std::string where = given.string() + ": ";
    // Through a symbolic link the file it points to is replaced, and the link stays a link.
    // A link to a file not there yet is followed too (weakly_canonical would not: it stops at a
    // name that does not resolve), so links are read one at a time, as the kernel does, up to
    // its own limit of 40.
    std::filesystem::path path = given;
    std::error_code ec;
    for (int hops = 0; std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec)); ++hops) {
        if (hops == 40) return Error{where + "too many levels of symbolic links"};
        const std::filesystem::path to = std::filesystem::read_symlink(path, ec);
        if (ec) return Error{where + "cannot follow the link: " + ec.message()};
        path = to.is_absolute() ? to : path.parent_path() / to;
    }
    // Renaming over a device or a pipe would replace it with a file (`--out /dev/null` run as
    // root would take /dev/null away from the whole system); a folder cannot be replaced.
    const std::filesystem::file_status existing_type = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(existing_type)) return Error{where + "is a folder; give a file name"};
    if (std::filesystem::exists(existing_type) && !std::filesystem::is_regular_file(existing_type)) {
        return Error{where + "is not a regular file (a device, pipe or socket); rigs are written to files only"};
    }
    std::filesystem::path dir = path.parent_path();
    if (dir.empty()) dir = ".";

    std::string tmp_name = ".";  // hidden, beside the target, so the rename stays on one filesystem
    tmp_name += path.filename().string();
    tmp_name += ".tmp-XXXXXX";
    TemporaryFile tmp((dir / tmp_name).string());
    if (!tmp.opened()) return Error{where + "cannot create a file in " + dir.string() + ": " + describe_errno(errno)};

    // Keep the permissions of the file being replaced; a new file gets the usual 0666 & ~umask.
    struct stat existing {};
    mode_t mode;
    if (::stat(path.c_str(), &existing) == 0) {
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(tmp.fd(), mode) != 0) return Error{where + "cannot set permissions: " + describe_errno(errno)};

    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t n = ::write(tmp.fd(), data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Error{where + "write failed: " + describe_errno(errno)};
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(tmp.fd()) != 0) return Error{where + "cannot flush to disk: " + describe_errno(errno)};
    if (tmp.close_now() != 0) return Error{where + "write failed on close: " + describe_errno(errno)};
    if (::rename(tmp.path().c_str(), path.c_str()) != 0) {
        return Error{where + "cannot replace the file: " + describe_errno(errno)};
    }
    tmp.committed();

    // Make the rename itself durable; a failure here does not undo a completed save.
    if (int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

Result<Rig> load_rig_file(const std::filesystem::path& path) {
    Result<std::string> text = read_text_file(path, kMaxRigFileBytes, "rig file");
    if (!text) return Error{text.message()};
    Result<Rig> rig = parse_rig(text.value());
    if (!rig) return Error{path.string() + ": " + rig.message()};
    return rig;
}

Status save_rig_file(const Rig& rig, const std::filesystem::path& path) {
    Result<std::string> text = serialize_rig(rig);
    if (!text) return Error{path.string() + ": " + text.message()};
    return write_file_atomically(path, text.value());
}

}  // namespace marionette
