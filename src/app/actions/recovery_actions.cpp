#include "app/actions/recovery_actions.hpp"

#include <ctime>

namespace marionette {

namespace {

std::string local_time(std::int64_t seconds) {
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    if (!::localtime_r(&t, &tm)) return "an unknown time";
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &tm);
    return text;
}

std::string name_of(const RecoveryRecord& r) { return r.document.empty() ? "an untitled rig" : r.document.filename().string(); }

}  // namespace

void RecoveryActions::start(const std::filesystem::path& folder, double interval_seconds) {
    AbandonedCopies found = claim_abandoned_copies(folder);
    for (ClaimedCopy& c : found.copies) waiting_.push_back(std::move(c));
    if (!found.problems.empty()) {
        std::string text;
        for (const std::string& p : found.problems) text += (text.empty() ? "" : "\n\n") + p;
        problems_.show("Cannot read a recovery copy", text);
    }
    Result<RecoverySession> session = RecoverySession::start(folder);
    if (!session) {
        message_ = "Recovery copies are off: " + session.message();
        return;
    }
    keeper_ = std::make_unique<RecoveryKeeper>(std::move(session).value(), interval_seconds);
}

std::string_view RecoveryActions::dialog_name() const {
    if (problems_.is_open()) return "error";
    if (dialog_.is_open()) return "recovery";
    return {};
}

void RecoveryActions::offer_next() {
    if (waiting_.empty()) return;
    offered_.emplace(std::move(waiting_.front()));
    waiting_.pop_front();
    const RecoveryRecord& r = offered_->copy().record;
    std::string detail = "A Marionette that did not close normally (process " + std::to_string(r.pid) +
                         (r.host.empty() ? std::string() : " on " + r.host) + ") left them in a recovery copy.";
    if (!r.document.empty()) detail += "\nFile: " + r.document.string();
    detail += "\nCopy: " + offered_->file().string();
    dialog_.ask(name_of(r), local_time(r.written_at), std::move(detail));
}

void RecoveryActions::draw(FileActions& files, UiMarks* marks) {
    // One dialog at a time: FileActions' first, then a problem, then the offers.
    if (files.dialog_open() || recovering_) return;
    if (problems_.is_open()) {
        problems_.draw();
        return;
    }
    if (!offered_) offer_next();
    if (!offered_) return;
    const std::optional<RecoveryDialog::Choice> choice = dialog_.draw(marks);
    if (!choice) return;
    ClaimedCopy copy = std::move(*offered_);
    offered_.reset();
    const std::string name = name_of(copy.copy().record);
    switch (*choice) {
        case RecoveryDialog::Choice::Recover: {
            RecoveredRig& c = copy.copy();
            Document recovered = Document::unsaved(std::move(c.rig), c.record.document, c.record.disk);
            recovering_.emplace(std::move(copy));  // the claim is held until the result is known
            files.recover(std::move(recovered));
            return;
        }
        case RecoveryDialog::Choice::Discard:
            if (Status s = copy.discard(); !s) {
                problems_.show("Cannot discard the recovery copy", s.message());
            } else {
                message_ = "Discarded the recovery copy of " + name;
            }
            return;
        case RecoveryDialog::Choice::Later:
            message_ = "Kept the recovery copy of " + name + " for the next start (" + copy.file().string() + ")";
            copy.release();
            return;
    }
}

void RecoveryActions::after_files(FileActions& files) {
    const std::optional<bool> recovered = files.take_recover_result();
    if (!recovered || !recovering_) return;
    ClaimedCopy copy = std::move(*recovering_);
    recovering_.reset();
    if (*recovered && keeper_) {
        keeper_->adopt(std::move(copy));  // this run's copy takes over once written
        return;
    }
    // Not opened after all, or this run writes no copies: the old copy stays, for later.
    copy.release();
}

void RecoveryActions::tick(const Document& document, double now) {
    if (!keeper_) return;
    keeper_->tick(document, now);
    if (auto m = keeper_->take_message()) message_ = std::move(m);
}

void RecoveryActions::document_replaced() {
    if (keeper_) keeper_->document_replaced();
}

void RecoveryActions::end() {
    if (keeper_) keeper_->end();
    keeper_.reset();
}

}  // namespace marionette
