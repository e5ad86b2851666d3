#pragma once
// A disk that fills up part-way through a save, without a small filesystem (mounting one needs
// root): RLIMIT_FSIZE makes write() stop at `bytes` into a file, returning a short count and
// then EFBIG, as a full disk returns ENOSPC. SIGXFSZ, which would otherwise kill the process
// there, is ignored meanwhile (the editor ignores it always: see src/app/main.cpp). Both are
// put back when the guard goes.

#include <sys/resource.h>

#include <csignal>

namespace marionette::testing {

class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
        ok_ = ::getrlimit(RLIMIT_FSIZE, &old_) == 0;
        if (ok_) {
            rlimit limited = old_;
            limited.rlim_cur = bytes;
            ok_ = ::setrlimit(RLIMIT_FSIZE, &limited) == 0;
        }
    }
    ~FileSizeLimit() {
        if (ok_) ::setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, old_handler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

    bool ok() const { return ok_; }

private:
    rlimit old_{};
    void (*old_handler_)(int) = SIG_DFL;
    bool ok_ = false;
};

}  // namespace marionette::testing
