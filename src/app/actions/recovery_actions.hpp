#pragma once
// What the editor does about lost work: it keeps a recovery copy of the open document's
// unsaved changes (editor/files/recovery_keeper.hpp) and, at start, offers the copies that editors
// which did not close left behind (RecoveryDialog), one at a time. Recover hands the copy to
// FileActions as an unsaved document attached to its original file (asking first about the
// open document's unsaved changes, if any); once it is open, this run's own copy takes over
// from the old one. Copies that do not read are reported in a dialog, not offered.
// Recovery is off for the run when its folder cannot be used (said once in the status bar).

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app/actions/file_actions.hpp"
#include "app/dialogs/message_dialogs.hpp"
#include "app/dialogs/recovery_dialog.hpp"
#include "editor/files/recovery_keeper.hpp"

namespace marionette {

class UiMarks;

class RecoveryActions {
public:
    // Claims the copies in `folder` left by editors that are gone, and starts this run's copy
    // there, written at most every `interval_seconds`.
    void start(const std::filesystem::path& folder, double interval_seconds);

    // Once a frame after FileActions::draw: offers the next copy when no other dialog is up.
    void draw(FileActions& files, UiMarks* marks);
    // Once a frame after the document was replaced or not: adopts a recovered copy, lets a
    // refused one go.
    void after_files(FileActions& files);
    // Once a frame: writes or removes this run's copy. `now`: seconds, real or scripted.
    void tick(const Document& document, double now);
    // The document was replaced (new, open, recovered).
    void document_replaced();
    // A clean end of the run: this run's files go.
    void end();

    bool dialog_open() const { return dialog_.is_open() || problems_.is_open(); }
    // "recovery", "error" or empty, as scripts name dialogs.
    std::string_view dialog_name() const;
    std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }

private:
    void offer_next();

    std::unique_ptr<RecoveryKeeper> keeper_;
    std::deque<ClaimedCopy> waiting_;        // claimed, not yet offered
    std::optional<ClaimedCopy> offered_;     // the one the dialog asks about
    std::optional<ClaimedCopy> recovering_;  // handed to FileActions, waiting for the result
    RecoveryDialog dialog_;
    ErrorDialog problems_;
    std::optional<std::string> message_;
};

}  // namespace marionette
