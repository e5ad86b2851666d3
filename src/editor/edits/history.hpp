#pragma once
// The undo history of one Document. Each step keeps a label ("Rotate forearm") and a snapshot
// of the whole rig on the other side of the step: undo swaps the document's rig with the
// snapshot, which then holds the state redo returns to. Whole snapshots make every edit
// undoable with no per-edit inverse to get wrong; a rig is small next to the budget.
//
// How the editor uses it:
// - make the change through Document::edit, then record(label, rig_before_the_change)
//   (or apply_edit below, which does both for a Result<Rig> edit);
// - a drag is one step: the tool keeps the rig from the drag's start, edits the document
//   live while dragging, and records once on release with that start rig (a cancelled drag
//   puts the start rig back and records nothing);
// - a new (or cleared) History takes the document's state as the saved one: make it, or
//   clear() it, when a file is opened; mark_saved() after each successful save;
// - every change to the document must be recorded, or undo would discard it with the step.
//
// The document's unsaved mark follows the history: undoing or redoing back to the state last
// saved leaves the document unmodified, anywhere else modified.

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rig/document.hpp"

namespace marionette {

// The history keeps at least this many steps whatever its limits say, memory permitting.
inline constexpr std::size_t kMinUndoSteps = 100;

struct HistoryLimits {
    std::size_t max_steps = 200;                     // raised to kMinUndoSteps when lower
    std::size_t max_bytes = std::size_t{256} << 20;  // estimated snapshot memory (rig_memory.hpp)
};

class History {
public:
    explicit History(HistoryLimits limits = {});

    // Records a step after the document changed; `before` is the rig as it was. Forgets the
    // redo side. Past either limit the oldest steps are dropped, but never the newest one,
    // so a rig larger than the whole budget can still undo its last change. The limits are
    // applied here only: undo and redo exchange snapshots and drop nothing.
    // An edit that left the rig as it was (a click that only selected, a drag ending where it
    // began) is no step: nothing is recorded, the redo side stays, and the document gets back
    // the unsaved mark the history's position gives it. Returns whether a step was recorded.
    bool record(std::string label, Rig before, Document& document);

    // Each returns false, changing nothing, when there is no step to take.
    bool undo(Document& document);
    bool redo(Document& document);

    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }
    // The label of the step undo / redo would take; empty when there is none.
    std::string_view undo_label() const;
    std::string_view redo_label() const;

    std::size_t size() const { return undo_.size() + redo_.size(); }
    std::size_t undo_count() const { return undo_.size(); }
    std::size_t redo_count() const { return redo_.size(); }
    std::size_t memory_bytes() const { return bytes_; }
    const HistoryLimits& limits() const { return limits_; }

    // The document's current state is the one on disk (call after a successful save).
    void mark_saved();
    // Whether the current state is the one last saved (or opened, before any save).
    bool at_saved_state() const { return saved_position_ == position_; }
    // Forgets every step; the current state counts as saved (call after opening a file).
    void clear();
    // Forgets every step; no state counts as saved (call after opening a document that has
    // unsaved changes already, such as a recovery copy: undo never reaches "saved").
    void clear_unsaved();

private:
    struct Step {
        std::string label;
        Rig rig;  // the rig on the other side of the step
        std::size_t bytes = 0;
    };

    // Swaps the document's rig with the step's and sets the unsaved mark for the new position.
    void exchange(Document& document, Step& step);
    void drop_oldest_past_limits();

    HistoryLimits limits_;
    std::deque<Step> undo_;   // oldest first
    std::vector<Step> redo_;  // the next redo last
    std::size_t bytes_ = 0;
    // Steps applied since the history began, dropped ones included, so the saved position stays
    // meaningful when old steps go; the saved state is gone when the redo side it was on is.
    std::size_t position_ = 0;
    std::optional<std::size_t> saved_position_ = 0;
};

// Puts a successful edit into the document and records it as one step; an error changes
// nothing and is returned for the UI to show.
Status apply_edit(Document& document, History& history, std::string label, Result<Rig> edited);

}  // namespace marionette
