#pragma once
// When the recovery copy of the open document is written, and when it goes. Pure bookkeeping
// over a clock the caller gives (real seconds, or the script's 1/60 s a frame), so the rule
// is tested without waiting:
// - a copy is written once the document has had unsaved changes not yet in a copy for
//   `interval` seconds: at most one copy an interval, none while nothing changes;
// - with no unsaved changes (saved, or undone back to the saved state) the copy goes.

#include <cstdint>
#include <optional>

namespace marionette {

class RecoverySchedule {
public:
    enum class Action { Nothing, Write, Remove };

    explicit RecoverySchedule(double interval_seconds) : interval_(interval_seconds) {}

    // What to do now for a document in this state.
    Action next(bool modified, std::uint64_t revision, double now);
    // A copy of `revision` is being written (asked for by next()).
    void writing(std::uint64_t revision);
    // That write failed: the previous copy (if any) is still there; try again an interval on.
    void write_failed(double now);
    // The copy was removed.
    void removed();
    // A new document: nothing of it is in a copy. `copy_now`: its changes are written at the
    // next call to next() (a recovered document must not wait a minute for its own copy).
    void restart(bool copy_now);

    double interval() const { return interval_; }
    bool has_copy() const { return has_copy_; }

private:
    double interval_;
    std::optional<std::uint64_t> copied_;  // the revision in the copy (or being written)
    std::optional<double> dirty_since_;    // first seen with changes not in a copy
    bool has_copy_ = false;
    bool copy_now_ = false;
};

}  // namespace marionette
