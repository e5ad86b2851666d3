#include "editor/files/recovery_schedule.hpp"

namespace marionette {

RecoverySchedule::Action RecoverySchedule::next(bool modified, std::uint64_t revision, double now) {
    if (!modified) {
        dirty_since_.reset();
        copy_now_ = false;
        return has_copy_ ? Action::Remove : Action::Nothing;
    }
    if (copied_ == revision) {
        dirty_since_.reset();
        return Action::Nothing;
    }
    if (!dirty_since_) dirty_since_ = now;
    if (copy_now_ || now - *dirty_since_ >= interval_) return Action::Write;
    return Action::Nothing;
}

void RecoverySchedule::writing(std::uint64_t revision) {
    copied_ = revision;
    has_copy_ = true;  // written atomically: from here on there is a copy to remove
    dirty_since_.reset();
    copy_now_ = false;
}

void RecoverySchedule::write_failed(double now) {
    copied_.reset();
    dirty_since_ = now;
}

void RecoverySchedule::removed() {
    has_copy_ = false;
    copied_.reset();
}

void RecoverySchedule::restart(bool copy_now) {
    copied_.reset();
    dirty_since_.reset();
    copy_now_ = copy_now;
}

}  // namespace marionette
