#include "editor/edits/edit_session.hpp"

namespace marionette {

Status EditSession::apply(std::string label, Result<Rig> edited) {
    finish();  // a drag left unfinished becomes its own step first
    return apply_edit(document_, history_, std::move(label), std::move(edited));
}

Result<int> EditSession::apply_tree(std::string label, Result<TreeEdit> edited, std::string& message) {
    finish();
    if (!edited) return Error{edited.message()};
    TreeEdit& e = edited.value();
    message.clear();
    if (!e.removed_chains.empty()) {
        message = "removed chain" + std::string(e.removed_chains.size() > 1 ? "s" : "") + ":";
        for (const std::string& c : e.removed_chains) message += " " + c;
        message += " (undo brings them back)";
    }
    if (Status s = apply_edit(document_, history_, std::move(label), std::move(e.rig)); !s) return Error{s.message()};
    return e.bone;
}

Status EditSession::preview(std::string label, Result<Rig> edited) {
    if (!edited) return Error{edited.message()};
    if (before_ && label != label_) finish();  // another value: the last drag's release was missed
    if (!before_) {
        before_ = document_.rig();
        label_ = std::move(label);
    }
    document_.edit([&](Rig& rig) { rig = std::move(edited).value(); });
    return {};
}

void EditSession::finish() {
    if (!before_) return;
    Rig before = std::move(*before_);
    before_.reset();
    history_.record(std::move(label_), std::move(before), document_);
}

}  // namespace marionette
