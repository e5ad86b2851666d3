#pragma once
// The editor running in the background while a test acts from outside: changes a file it has
// open, or kills it as a crash would. Waiting for files is how the two meet.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

namespace marionette::testing {

class BackgroundEditor {
public:
    // `command` is a shell command line (an xvfb() call, with any environment before it). It
    // runs in a process group of its own, so the whole of it (shell, xvfb-run, Xvfb, editor)
    // can be ended at once if the test stops early.
    explicit BackgroundEditor(const std::string& command) {
        pid_ = ::fork();
        if (pid_ == 0) {
            ::setpgid(0, 0);
            ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        if (pid_ > 0) ::setpgid(pid_, pid_);
    }
    ~BackgroundEditor() {
        if (pid_ <= 0) return;
        ::kill(-pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    BackgroundEditor(const BackgroundEditor&) = delete;
    BackgroundEditor& operator=(const BackgroundEditor&) = delete;

    // Whether the command still runs (once it ended, its exit code is kept for wait()).
    bool running() {
        if (pid_ <= 0) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) != pid_) return true;
        pid_ = -1;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return false;
    }
    // Whether `file` appears (the script's screenshot or save at the point the test waits for)
    // within `seconds`; false as soon as the editor ends without it.
    bool wait_for_file(const std::filesystem::path& file, double seconds = 60.0);
    // The command's exit code once it ends (within `seconds`), or -1.
    int wait(double seconds = 120.0) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (running() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        return running() ? -1 : exit_code_;
    }

private:
    pid_t pid_ = -1;
    int exit_code_ = -1;
};

// Polls until `ready()` is true, for at most `seconds`.
inline bool wait_until(const std::function<bool()>& ready, double seconds = 60.0) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (ready()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return ready();
}

inline bool BackgroundEditor::wait_for_file(const std::filesystem::path& file, double seconds) {
    wait_until([&] { return std::filesystem::exists(file) || !running(); }, seconds);
    return std::filesystem::exists(file);
}

}  // namespace marionette::testing
