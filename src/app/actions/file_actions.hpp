#pragma once
// What the File menu and its keys do to the open document: new, open (chooser, recent list,
// dropped file; a PSD file is imported as a puppet, asking where its rig goes), save, save as, export, quit, and opening a recovered copy. Before unsaved work
// would be dropped it asks (save / don't save / cancel; "save" on an untitled rig goes through
// Save As first). Before Save overwrites the document's file it checks the file is still the
// version last read or written here; if someone else changed it, it asks (overwrite / save as /
// cancel); a deleted file is simply written. When the window gets the focus back, a file
// changed on disk is offered for reload. A failed open or save shows the loader's or
// writer's message in a dialog and leaves the document as it was. Owns the dialogs; the editor
// calls draw() once per frame.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/dialogs/disk_change_dialog.hpp"
#include "app/dialogs/file_dialog.hpp"
#include "app/dialogs/message_dialogs.hpp"
#include "core/rig/document.hpp"
#include "editor/edits/history.hpp"
#include "editor/files/recent_files.hpp"

namespace marionette {

class UiMarks;

class FileActions {
public:
    FileActions(Document& document, History& history, RecentFiles& recent) : document_(document), history_(history), recent_(recent) {}

    void new_rig(Dimensions dimensions);
    void open();
    // Loads `path` first: a file that does not load is reported without asking about unsaved
    // changes (which it would not replace); one that loads is opened once they are dealt with.
    void open_path(const std::filesystem::path& path);
    // Replaces the document with `recovered` (unsaved changes to its file) once the current
    // document's unsaved changes are dealt with. take_recover_result() then tells how it went.
    void recover(Document recovered);
    // Says what an imported document left out (a dialog) and that Save writes a rig file: for
    // the document the editor started with, as for one opened later.
    void announce_import();
    void save();
    void save_as();
    void export_rig();
    // The rig as glTF 2.0 (.glb, or .gltf JSON by the name given), in its pose: gltf_export.hpp.
    void export_gltf();
    // A 2D rig as a Spine 4.2 skeleton, its atlas and its pictures (docs/spine.md).
    void export_spine();
    void quit();
    // The window got the focus back: if the document's file changed on disk meanwhile, offers
    // to reload it (once for each version of the file someone else wrote); if it was deleted,
    // says so in the status bar.
    void window_focused();

    // Draws the dialog that is up, if any, and carries out what was chosen. `marks` names the
    // buttons of the disk-change question for scripts.
    void draw(UiMarks* marks = nullptr);

    bool dialog_open() const;
    // The dialog that is up, as scripts name it: "error", "unsaved changes", "disk changed",
    // "file chooser"; empty when none.
    std::string_view dialog_name() const;
    bool quit_confirmed() const { return quit_; }
    // True once after the document was replaced (new or open): the view starts over.
    bool take_replaced() { return std::exchange(replaced_, false); }
    // Once after recover(): true when the recovered document replaced the open one, false when
    // that was cancelled (or the save asked for first failed).
    std::optional<bool> take_recover_result() { return std::exchange(recover_result_, std::nullopt); }
    // Once after something was done: what ("Saved arm.json"), for the status bar; empty after
    // an error (the dialog says it).
    std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }

private:
    enum class Purpose { Open, SaveAs, Export, ExportGltf, ExportSpine, ImportPictures };
    // An action that drops the document, waiting for an answer or a Save As.
    struct Pending {
        PendingAction action = PendingAction::New;
        Dimensions dimensions = Dimensions::Two;
        std::filesystem::path path;
    };

    // Runs `pending` now, or asks first when there are unsaved changes.
    void guard(const Pending& pending);
    void perform(const Pending& pending);
    // `pending` will not happen (its question was cancelled, or the save before it failed).
    void drop(const std::optional<Pending>& pending);
    void answer(const ConfirmDiscardDialog::Answer& answer);
    void answer(DiskChangeDialog::Choice choice);
    void chose(const std::filesystem::path& path);
    // The exports to a chosen file (file_exports.cpp): a message, or a dialog with the error or
    // with what the file leaves out.
    void export_gltf_to(const std::filesystem::path& path);
    void export_spine_to(const std::filesystem::path& path);
    // A PSD file or a Spine skeleton: asks where its puppet goes, then writes the rig and its
    // pictures there (core/io/psd/psd_import.hpp, core/io/spine_import/spine_import.hpp) and
    // opens the rig.
    void import_pictures(const std::filesystem::path& source);
    void import_pictures_to(const std::filesystem::path& rig_path);
    void report_export(const std::filesystem::path& path, const std::string& done, const std::vector<std::string>& warnings);
    bool open_now(const std::filesystem::path& path);
    void replace_document(Document loaded);
    void report_failed_open(const std::filesystem::path& path, const std::string& message);
    // Saves to the document's own file, then runs `then`; asks first when the file changed on disk.
    void save_own(std::optional<Pending> then);
    // Asks before replacing a read-only file (keeping `then` for the answer); false: not read-only.
    bool ask_if_read_only(std::optional<Pending>& then);
    bool save_to(const std::filesystem::path& path, WriteOptions options = {});
    void show_files(Purpose purpose, FileDialogMode mode, const std::string& title, const std::string& name);
    std::string document_name() const;
    std::filesystem::path start_directory() const;

    Document& document_;
    History& history_;
    RecentFiles& recent_;
    FileDialog files_;
    ConfirmDiscardDialog confirm_;
    DiskChangeDialog disk_changed_;
    ErrorDialog errors_;
    Purpose purpose_ = Purpose::Open;
    std::filesystem::path import_source_;     // the PSD or Spine file whose puppet the Save chooser places
    std::optional<Document> loaded_;          // open_path's or recover's document, waiting for the question's answer
    Pending asked_;                           // what the confirm dialog is about
    std::optional<Pending> after_save_;       // to run once a Save As (for that question) succeeds
    std::optional<Pending> after_overwrite_;  // to run once the disk-change question is answered with a save
    std::optional<std::string> message_;
    std::optional<bool> recover_result_;
    std::optional<FileIdentity> focus_asked_;  // the other version already offered for reload
    bool focus_told_deleted_ = false;
    bool asked_read_only_ = false;  // the disk-change dialog's question is the read-only one
    bool replaced_ = false;
    bool quit_ = false;
};

}  // namespace marionette
