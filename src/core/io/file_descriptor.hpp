#pragma once
// An open file descriptor, closed when it goes: every early return of a reader or writer of
// files the user names closes what it opened.

#include <unistd.h>

namespace marionette {

class FileDescriptor {
public:
    explicit FileDescriptor(int fd = -1) : fd_(fd) {}
    ~FileDescriptor() { reset(); }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }
    // Closes the one held (close's result: a write may fail only then) and holds `fd`.
    int reset(int fd = -1) {
        const int r = fd_ >= 0 ? ::close(fd_) : 0;
        fd_ = fd;
        return r;
    }

private:
    int fd_;
};

}  // namespace marionette
