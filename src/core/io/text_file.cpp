#include "core/io/text_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/io/file_descriptor.hpp"

namespace marionette {

std::string megabytes_text(std::uintmax_t bytes) {
    if (bytes < 1'000'000) return std::to_string(bytes) + " bytes";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return text;
}

namespace {

// The reading both kinds of file share, into a string or a byte vector.
template <class Bytes>
Result<Bytes> read_whole_file(const std::filesystem::path& path, std::uintmax_t max_bytes, std::string_view what) {
    const std::string where = path.string() + ": ";
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer before fstat can
    // tell it is one. It changes nothing for regular files.
    const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) return Error{where + "cannot open: " + std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return Error{where + "cannot read: " + std::strerror(errno)};
    if (S_ISDIR(st.st_mode)) return Error{where + "is a directory, not a " + std::string(what)};
    if (!S_ISREG(st.st_mode)) return Error{where + "is not a regular file (a device, pipe or socket), not a " + std::string(what)};
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    const std::string too_big = "; a " + std::string(what) + " may be at most " + megabytes_text(max_bytes);
    if (size > max_bytes) return Error{where + "is " + megabytes_text(size) + too_big};

    // The file may grow while it is read: never read past the limit. One byte more than its
    // size lets the read that finds the end fit without growing the string (which would double
    // its capacity: 20 MB more for a 10 MB rig).
    Bytes text;
    text.resize(static_cast<std::size_t>(size) + 1);
    std::size_t got = 0;
    for (;;) {
        if (got == text.size()) {
            if (text.size() > max_bytes) return Error{where + "grew past " + megabytes_text(max_bytes) + " while being read" + too_big};
            text.resize(text.size() + 4096);
        }
        const ssize_t n = ::read(fd.get(), reinterpret_cast<char*>(text.data()) + got, text.size() - got);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Error{where + "read failed: " + std::strerror(errno)};
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    return text;
}

}  // namespace

Result<std::string> read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes, std::string_view what) {
    return read_whole_file<std::string>(path, max_bytes, what);
}

Result<std::vector<unsigned char>> read_binary_file(const std::filesystem::path& path, std::uintmax_t max_bytes, std::string_view what) {
    return read_whole_file<std::vector<unsigned char>>(path, max_bytes, what);
}

std::string lowercase_extension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension;
}

std::filesystem::path folder_of(const std::filesystem::path& path) {
    return path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
}

}  // namespace marionette
