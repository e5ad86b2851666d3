#pragma once
// What the File menu and its keys do to the open document: new, open (chooser, recent list,
// dropped file), save, save as, export, quit. Before unsaved work would be dropped it asks
// (save / don't save / cancel; "save" on an untitled rig goes through Save As first). A failed
// open or save shows the loader's or writer's message in a dialog and leaves the document as it
// was. Owns the dialogs; the editor calls draw() once per frame.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "app/file_dialog.hpp"
#include "app/message_dialogs.hpp"
#include "core/document.hpp"
#include "editor/history.hpp"
#include "editor/recent_files.hpp"

namespace marionette {

class FileActions {
public:
    FileActions(Document& document, History& history, RecentFiles& recent) : document_(document), history_(history), recent_(recent) {}

    void new_rig(Dimensions dimensions);
    void open();
    // Loads `path` first: a file that does not load is reported without asking about unsaved
    // changes (which it would not replace); one that loads is opened once they are dealt with.
    void open_path(const std::filesystem::path& path);
    void save();
    void save_as();
    void export_rig();
    void quit();

    // Draws the dialog that is up, if any, and carries out what was chosen.
    void draw();

    bool dialog_open() const { return files_.is_open() || confirm_.is_open() || errors_.is_open(); }
    bool quit_confirmed() const { return quit_; }
    // True once after the document was replaced (new or open): the view starts over.
    bool take_replaced() { return std::exchange(replaced_, false); }
    // Once after something was done: what ("Saved arm.json"), for the status bar; empty after
    // an error (the dialog says it).
    std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }

private:
    enum class Purpose { Open, SaveAs, Export };
    // An action that drops the document, waiting for an answer or a Save As.
    struct Pending {
        PendingAction action = PendingAction::New;
        Dimensions dimensions = Dimensions::Two;
        std::filesystem::path path;
    };

    // Runs `pending` now, or asks first when there are unsaved changes.
    void guard(const Pending& pending);
    void perform(const Pending& pending);
    void answer(const ConfirmDiscardDialog::Answer& answer);
    void chose(const std::filesystem::path& path);
    bool open_now(const std::filesystem::path& path);
    void replace_document(Rig rig, const std::filesystem::path& path);
    void report_failed_open(const std::filesystem::path& path, const std::string& message);
    bool save_to(const std::filesystem::path& path);
    void show_files(Purpose purpose, FileDialogMode mode, const std::string& title, const std::string& name);
    std::string document_name() const;
    std::filesystem::path start_directory() const;

    Document& document_;
    History& history_;
    RecentFiles& recent_;
    FileDialog files_;
    ConfirmDiscardDialog confirm_;
    ErrorDialog errors_;
    Purpose purpose_ = Purpose::Open;
    std::optional<Rig> loaded_;           // open_path's rig, waiting for the question's answer
    Pending asked_;                       // what the confirm dialog is about
    std::optional<Pending> after_save_;  // to run once a Save As (for that question) succeeds
    std::optional<std::string> message_;
    bool replaced_ = false;
    bool quit_ = false;
};

}  // namespace marionette
