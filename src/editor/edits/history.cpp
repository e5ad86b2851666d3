#include "editor/edits/history.hpp"

#include <algorithm>
#include <utility>

#include "editor/files/rig_memory.hpp"

namespace marionette {

History::History(HistoryLimits limits) : limits_(limits) { limits_.max_steps = std::max(limits_.max_steps, kMinUndoSteps); }

bool History::record(std::string label, Rig before, Document& document) {
    if (before == document.rig()) {
        document.restore_mark(!at_saved_state());
        return false;
    }
    for (const Step& step : redo_) bytes_ -= step.bytes;
    redo_.clear();
    if (saved_position_ && *saved_position_ > position_) saved_position_.reset();  // it was on the redo side
    const std::size_t bytes = estimated_rig_bytes(before);
    undo_.push_back(Step{std::move(label), std::move(before), bytes});
    bytes_ += bytes;
    ++position_;
    drop_oldest_past_limits();
    return true;
}

void History::drop_oldest_past_limits() {
    while (undo_.size() > 1 && (size() > limits_.max_steps || bytes_ > limits_.max_bytes)) {
        bytes_ -= undo_.front().bytes;
        undo_.pop_front();
    }
}

void History::exchange(Document& document, Step& step) {
    document.exchange(step.rig, !at_saved_state());
    bytes_ -= step.bytes;
    step.bytes = estimated_rig_bytes(step.rig);
    bytes_ += step.bytes;
}

bool History::undo(Document& document) {
    if (undo_.empty()) return false;
    Step step = std::move(undo_.back());
    undo_.pop_back();
    --position_;
    exchange(document, step);
    redo_.push_back(std::move(step));
    return true;
}

bool History::redo(Document& document) {
    if (redo_.empty()) return false;
    Step step = std::move(redo_.back());
    redo_.pop_back();
    ++position_;
    exchange(document, step);
    undo_.push_back(std::move(step));
    return true;
}

std::string_view History::undo_label() const { return undo_.empty() ? std::string_view{} : undo_.back().label; }

std::string_view History::redo_label() const { return redo_.empty() ? std::string_view{} : redo_.back().label; }

void History::mark_saved() { saved_position_ = position_; }

void History::clear() {
    undo_.clear();
    redo_.clear();
    bytes_ = 0;
    position_ = 0;
    saved_position_ = 0;
}

void History::clear_unsaved() {
    clear();
    saved_position_.reset();
}

Status apply_edit(Document& document, History& history, std::string label, Result<Rig> edited) {
    if (!edited) return edited.status();
    Rig& rig = edited.value();
    if (rig == document.rig()) return {};  // no step, no unsaved mark
    document.edit([&](Rig& current) { std::swap(current, rig); });
    history.record(std::move(label), std::move(rig), document);
    return {};
}

}  // namespace marionette
