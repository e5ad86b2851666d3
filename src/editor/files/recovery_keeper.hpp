#pragma once
// Keeps the recovery copy of the open document (recovery_store.hpp) as the schedule says
// (recovery_schedule.hpp). The copy is written on a worker thread: the frame only copies the
// rig, so a slow disk never stalls editing. One write at a time; removing the copy waits for a
// write in flight first, so a finished write can never bring a removed copy back.
// A failed write is reported once (take_message) until a write succeeds again: it is for the
// status bar, not a dialog.

#include <future>
#include <optional>
#include <string>

#include "core/rig/document.hpp"
#include "editor/files/recovery_schedule.hpp"
#include "editor/files/recovery_store.hpp"

namespace marionette {

class RecoveryKeeper {
public:
    RecoveryKeeper(RecoverySession session, double interval_seconds);
    ~RecoveryKeeper();  // waits for a write in flight; leaves the files (end() removes them)
    RecoveryKeeper(const RecoveryKeeper&) = delete;
    RecoveryKeeper& operator=(const RecoveryKeeper&) = delete;

    // Once a frame: writes a copy when one is due, removes it when the document has no
    // unsaved changes. `now` is in seconds on any clock that only goes forward.
    void tick(const Document& document, double now);
    // The document was replaced (new, open): its copy (and an adopted one) goes; the new one
    // starts afresh.
    void document_replaced();
    // The open document was recovered from `adopted`: its own copy is written at the next
    // tick, and `adopted` is deleted once that write succeeded (until then it stays, so a crash
    // in between loses nothing).
    void adopt(ClaimedCopy adopted);
    // A clean end (quit, end of a script): this run's copy, its lock and an adopted copy go.
    void end();
    // Waits for a write in flight and takes its result (tests, and before reading the copy).
    void flush(double now);

    // Once, after a write failed (or after the first write since a failure succeeded).
    std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }
    const RecoverySession& session() const { return session_; }

private:
    void collect(double now);
    void remove_copy();

    RecoverySession session_;
    RecoverySchedule schedule_;
    std::future<Status> writing_;
    std::optional<ClaimedCopy> adopted_;
    std::optional<std::string> message_;
    bool failing_ = false;  // the last write failed and was reported
};

// What a copy records about the editor and document that wrote it.
RecoveryRecord recovery_record(const Document& document);

}  // namespace marionette
