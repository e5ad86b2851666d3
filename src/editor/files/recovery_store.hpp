#pragma once
// Where recovery copies of unsaved work live, and how an editor tells its own from those of
// editors that are gone. In <config dir>/recovery/ each running editor (a session) has:
//   <session>.lock  created when the editor starts and locked (flock) for as long as it runs;
//   <session>.json  the copy (recovery_file.hpp), present while its document has unsaved changes.
// A session is "<pid>-<random>", so a later process given a dead one's pid never takes the
// dead one's files for its own. The kernel drops a lock when its process ends, however it
// ends (a crash, SIGKILL, a power cut), so a copy whose lock can be taken was left by an editor
// that is gone. Taking that lock is also what claims the copy: two editors starting at once
// cannot both offer it, and neither ever touches the copy of an editor still running.

#include <filesystem>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "editor/files/recovery_file.hpp"

namespace marionette {

// The folder: user_config_dir() / "recovery", or empty when there is no config dir.
std::filesystem::path recovery_folder();

// A held lock file; releases it when destroyed.
class FileLock {
public:
    FileLock() = default;
    ~FileLock();
    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

    // Nullopt-like: an empty lock when `path` is held by a live process (or cannot be locked),
    // an error only for a failure to create or open it.
    static Result<FileLock> try_take(const std::filesystem::path& path);
    bool held() const { return fd_ >= 0; }
    const std::filesystem::path& path() const { return path_; }
    // Removes the lock file, then releases the lock.
    void remove();
    void release();

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

// This editor's session: its lock and where its copy goes.
class RecoverySession {
public:
    // Creates the folder when needed and takes a new session's lock. Errors name the folder.
    static Result<RecoverySession> start(const std::filesystem::path& folder);

    const std::string& id() const { return id_; }
    const std::filesystem::path& folder() const { return folder_; }
    const std::filesystem::path& copy_file() const { return copy_; }

    // Writes the copy atomically (a failure leaves the previous copy whole). Touches only this
    // session's files, so it may run on another thread while the editor goes on.
    Status write(const RecoveryRecord& record, const Rig& rig) const;
    // Removes the copy; no error when there is none.
    Status remove_copy() const;
    // A clean end: the copy and the lock go.
    void end();

private:
    std::filesystem::path folder_;
    std::string id_;
    std::filesystem::path copy_;
    FileLock lock_;
};

// A copy left by an editor that is gone, claimed by this one (its lock held) until it is
// discarded or released.
class ClaimedCopy {
public:
    ClaimedCopy(std::filesystem::path file, FileLock lock, RecoveredRig copy)
        : file_(std::move(file)), lock_(std::move(lock)), copy_(std::move(copy)) {}

    const std::filesystem::path& file() const { return file_; }
    const RecoveredRig& copy() const { return copy_; }
    RecoveredRig& copy() { return copy_; }
    // Deletes the copy and its lock file.
    Status discard();
    // Leaves the files for a later run and lets the claim go (so does the destructor).
    void release() { lock_.release(); }

private:
    std::filesystem::path file_;
    FileLock lock_;
    RecoveredRig copy_;
};

struct AbandonedCopies {
    std::vector<ClaimedCopy> copies;    // oldest first
    std::vector<std::string> problems;  // copies that did not read, each kept aside under a new name
};

// Claims the copies in `folder` whose editors are gone. Copies that do not read are renamed
// "<name>.unreadable" (kept for a person to look at, not offered again) and described in
// `problems`; locks and half-written temporary files of gone sessions without a copy are
// removed. Live sessions' files are not touched.
AbandonedCopies claim_abandoned_copies(const std::filesystem::path& folder);

}  // namespace marionette
