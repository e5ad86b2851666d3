#include "editor/files/recovery_keeper.hpp"

#include <unistd.h>

#include <chrono>
#include <climits>
#include <system_error>

namespace marionette {

RecoveryRecord recovery_record(const Document& document) {
    RecoveryRecord r;
    if (!document.path().empty()) {
        std::error_code ec;
        // Absolute: the next run may start in another folder.
        r.document = std::filesystem::absolute(document.path(), ec);
        if (ec) r.document = document.path();
    }
    r.disk = document.disk();
    r.pid = static_cast<long>(::getpid());
    char host[HOST_NAME_MAX + 1] = {};
    if (::gethostname(host, sizeof host - 1) == 0) r.host = host;
    r.written_at = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    return r;
}

RecoveryKeeper::RecoveryKeeper(RecoverySession session, double interval_seconds)
    : session_(std::move(session)), schedule_(interval_seconds) {}

RecoveryKeeper::~RecoveryKeeper() {
    if (writing_.valid()) writing_.wait();
}

void RecoveryKeeper::collect(double now) {
    if (!writing_.valid()) return;
    const Status s = writing_.get();
    if (!s) {
        schedule_.write_failed(now);
        if (!failing_) message_ = "Recovery copy not written: " + s.message();
        failing_ = true;
        return;
    }
    if (failing_) message_ = "Recovery copy written again (" + session_.copy_file().string() + ")";
    failing_ = false;
    if (adopted_) {
        // Ours now holds the recovered work: the copy it came from can go.
        if (Status d = adopted_->discard(); !d) message_ = d.message();
        adopted_.reset();
    }
}

void RecoveryKeeper::flush(double now) {
    if (writing_.valid()) writing_.wait();
    collect(now);
}

void RecoveryKeeper::remove_copy() {
    flush(0.0);
    if (Status s = session_.remove_copy(); !s) message_ = s.message();
    schedule_.removed();
    // Saved or dropped on purpose: the recovered work needs its old copy no more either.
    if (adopted_) {
        if (Status d = adopted_->discard(); !d) message_ = d.message();
        adopted_.reset();
    }
}

void RecoveryKeeper::tick(const Document& document, double now) {
    if (writing_.valid()) {
        if (writing_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
        collect(now);
    }
    switch (schedule_.next(document.modified(), document.revision(), now)) {
        case RecoverySchedule::Action::Nothing: return;
        case RecoverySchedule::Action::Remove: remove_copy(); return;
        case RecoverySchedule::Action::Write: break;
    }
    schedule_.writing(document.revision());
    // The frame pays for one copy of the rig; serializing and the disk are the worker's.
    writing_ = std::async(std::launch::async, [this, record = recovery_record(document), rig = document.rig_for_file()] {
        return session_.write(record, rig);
    });
}

void RecoveryKeeper::document_replaced() {
    remove_copy();
    schedule_.restart(false);
}

void RecoveryKeeper::adopt(ClaimedCopy adopted) {
    adopted_.emplace(std::move(adopted));
    schedule_.restart(true);
}

void RecoveryKeeper::end() {
    remove_copy();
    session_.end();
}

}  // namespace marionette
