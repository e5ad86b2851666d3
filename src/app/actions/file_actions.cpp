#include "app/actions/file_actions.hpp"

#include <ctime>

#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/io/spine_import/spine_import.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edits/new_rig.hpp"

namespace marionette {

namespace {

// "14:02:07", or "2026-11-21 14:02" when not today: when the other version was written.
std::string local_time_of(std::int64_t mtime_ns) {
    const std::time_t t = static_cast<std::time_t>(mtime_ns / 1'000'000'000);
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    std::tm today{};
    if (!::localtime_r(&t, &tm) || !::localtime_r(&now, &today)) return "at an unknown time";
    const bool same_day = tm.tm_year == today.tm_year && tm.tm_yday == today.tm_yday;
    char text[32];
    std::strftime(text, sizeof text, same_day ? "at %H:%M:%S" : "on %Y-%m-%d %H:%M", &tm);
    return text;
}

}  // namespace

std::string FileActions::document_name() const { return document_.display_name(); }

std::filesystem::path FileActions::start_directory() const {
    // An imported document is saved beside the file it came from, by default.
    if (document_.path().empty() && !document_.imported_from().empty()) return document_.imported_from().parent_path();
    return document_.path().empty() ? std::filesystem::path() : document_.path().parent_path();
}

bool FileActions::dialog_open() const { return files_.is_open() || confirm_.is_open() || disk_changed_.is_open() || errors_.is_open(); }

std::string_view FileActions::dialog_name() const {
    // In the order draw() shows them.
    if (errors_.is_open()) return "error";
    if (confirm_.is_open()) return "unsaved changes";
    if (disk_changed_.is_open()) return disk_changed_.asks_about_read_only() ? "read only" : "disk changed";
    if (files_.is_open()) return "file chooser";
    return {};
}

void FileActions::new_rig(Dimensions dimensions) { guard({PendingAction::New, dimensions, {}}); }
void FileActions::open() { guard({PendingAction::Open, Dimensions::Two, {}}); }
void FileActions::open_path(const std::filesystem::path& path) {
    if (psd::is_psd_path(path)) {
        import_pictures(path);
        return;
    }
    Document loaded;
    if (Status s = loaded.open(path); !s) {
        // A Spine skeleton is JSON too; it is asked for only when the file is no rig.
        if (is_spine_skeleton_file(path)) import_pictures(path);
        else report_failed_open(path, s.message());
        return;
    }
    loaded_ = std::move(loaded);
    guard({PendingAction::OpenPath, Dimensions::Two, path});
}
void FileActions::recover(Document recovered) {
    const std::filesystem::path path = recovered.path();
    loaded_ = std::move(recovered);
    guard({PendingAction::Recover, Dimensions::Two, path});
}
void FileActions::quit() { guard({PendingAction::Quit, Dimensions::Two, {}}); }

void FileActions::save() {
    if (document_.path().empty()) {
        save_as();
        return;
    }
    save_own(std::nullopt);
}

void FileActions::save_as() {
    after_save_.reset();
    std::string name = document_.path().filename().string();
    if (name.empty()) name = document_.imported_from().empty() ? "untitled.json" : document_.imported_from().stem().string() + ".json";
    show_files(Purpose::SaveAs, FileDialogMode::Save, "Save rig as", name);
}

void FileActions::export_rig() {
    const std::string stem = document_.path().empty() ? "untitled" : document_.path().stem().string();
    show_files(Purpose::Export, FileDialogMode::Save, "Export rig JSON", stem + "-export.json");
}

void FileActions::export_gltf() {
    // Named after the rig, or the glTF file it was imported from (never that file itself).
    const std::filesystem::path& named = document_.path().empty() ? document_.imported_from() : document_.path();
    const std::string stem = named.empty() ? "untitled" : named.stem().string();
    show_files(Purpose::ExportGltf, FileDialogMode::Save, "Export glTF", stem + "-export.glb");
}

void FileActions::export_spine() {
    const std::filesystem::path& named = document_.path().empty() ? document_.imported_from() : document_.path();
    const std::string stem = named.empty() ? "untitled" : named.stem().string();
    show_files(Purpose::ExportSpine, FileDialogMode::Save, "Export Spine JSON", stem + "-spine.json");
}

void FileActions::show_files(Purpose purpose, FileDialogMode mode, const std::string& title, const std::string& name) {
    purpose_ = purpose;
    files_.open(mode, title, start_directory(), name);
}

void FileActions::guard(const Pending& pending) {
    if (!document_.modified()) {
        perform(pending);
        return;
    }
    asked_ = pending;
    confirm_.ask(document_name(), pending.action, pending.path);
}

void FileActions::perform(const Pending& pending) {
    switch (pending.action) {
        case PendingAction::New:
            document_ = Document(marionette::new_rig(pending.dimensions), {});
            history_.clear();
            replaced_ = true;
            message_ = std::string("New ") + (pending.dimensions == Dimensions::Two ? "2D" : "3D") + " rig";
            break;
        case PendingAction::Open: show_files(Purpose::Open, FileDialogMode::Open, "Open rig", ""); break;
        case PendingAction::OpenPath:
        case PendingAction::Recover: {
            const bool loaded = loaded_.has_value();
            if (loaded) replace_document(std::move(*loaded_));
            loaded_.reset();
            if (pending.action == PendingAction::Recover) recover_result_ = loaded;
            break;
        }
        case PendingAction::Quit: quit_ = true; break;
    }
}

void FileActions::drop(const std::optional<Pending>& pending) {
    if (!pending) return;
    if (pending->action == PendingAction::OpenPath || pending->action == PendingAction::Recover) loaded_.reset();
    if (pending->action == PendingAction::Recover) recover_result_ = false;
}

void FileActions::answer(const ConfirmDiscardDialog::Answer& a) {
    switch (a.choice) {
        case ConfirmDiscardDialog::Choice::Cancel: drop(asked_); return;
        case ConfirmDiscardDialog::Choice::Discard: perform(asked_); return;
        case ConfirmDiscardDialog::Choice::Save:
            if (document_.path().empty()) {
                save_as();
                after_save_ = asked_;  // once saved, go on with what was asked
                return;
            }
            save_own(asked_);
            return;
    }
}

void FileActions::save_own(std::optional<Pending> then) {
    const DiskCheck check = document_.check_disk(CheckDepth::Full);
    if (check.change == DiskChange::Changed) {
        after_overwrite_ = std::move(then);
        std::string detail = check.detail;
        if (check.now) detail = "changed " + local_time_of(check.now->mtime_ns) + "; " + detail;
        disk_changed_.ask_before_save(document_name(), std::move(detail));
        return;
    }
    if (ask_if_read_only(then)) return;
    // Unchanged, or deleted since (nothing of anyone's to lose): write it.
    if (save_to(document_.path())) {
        if (then) perform(*then);
    } else {
        drop(then);
    }
}

bool FileActions::ask_if_read_only(std::optional<Pending>& then) {
    if (!is_read_only_file(document_.path())) return false;
    after_overwrite_ = std::move(then);
    asked_read_only_ = true;
    disk_changed_.ask_before_replacing_read_only(document_name());
    return true;
}

void FileActions::window_focused() {
    if (dialog_open()) return;
    // Quick: the size and time say whether to read at all, so focusing the window costs nothing.
    const DiskCheck check = document_.check_disk(CheckDepth::Quick);
    if (check.change == DiskChange::Deleted) {
        if (!std::exchange(focus_told_deleted_, true)) message_ = document_name() + " was deleted on disk; Save writes it again";
        return;
    }
    focus_told_deleted_ = false;
    if (check.change != DiskChange::Changed || !check.now || focus_asked_ == check.now) return;
    focus_asked_ = check.now;
    disk_changed_.ask_reload(document_name(), "changed " + local_time_of(check.now->mtime_ns) + "; " + check.detail, document_.modified());
}

void FileActions::answer(DiskChangeDialog::Choice choice) {
    std::optional<Pending> then = std::exchange(after_overwrite_, std::nullopt);
    const bool read_only = std::exchange(asked_read_only_, false);
    switch (choice) {
        case DiskChangeDialog::Choice::Reload:
            // The question said what Reload drops: no second one.
            if (open_now(document_.path())) message_ = "Reloaded " + document_.path().string();
            return;
        case DiskChangeDialog::Choice::Keep:
            message_ = "Kept your version of " + document_name() + "; Save will ask before overwriting the one on disk";
            return;
        case DiskChangeDialog::Choice::Overwrite:
            // Overwriting another writer's version of a read-only file is a second question.
            if (!read_only && ask_if_read_only(then)) return;
            if (save_to(document_.path(), WriteOptions{.replace_read_only = read_only})) {
                if (then) perform(*then);
            } else {
                drop(then);
            }
            return;
        case DiskChangeDialog::Choice::SaveAs:
            save_as();
            after_save_ = std::move(then);
            return;
        case DiskChangeDialog::Choice::Cancel:
            message_ =
                "Not saved: " + document_name() + (read_only ? " is read-only" : " changed on disk") + " (your changes are still unsaved)";
            drop(then);
            return;
    }
}

void FileActions::announce_import() {
    const Document& d = document_;
    if (d.imported_from().empty()) return;
    const std::string name = d.imported_from().filename().string();
    message_ = "Imported " + name + ": Save writes it as a rig file (the glTF file is left as it is)";
    if (d.import_warnings().empty()) return;
    std::string list = "The rig leaves out:";
    for (const std::string& w : d.import_warnings()) list += "\n- " + w;
    errors_.show("Imported " + name + " with warnings", list);
}

void FileActions::report_failed_open(const std::filesystem::path& path, const std::string& message) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) recent_.remove(path);
    errors_.show("Cannot open " + path.filename().string(), message);
    message_ = std::string();
}

void FileActions::replace_document(Document loaded) {
    const bool imported = !loaded.imported_from().empty();
    const bool recovered = loaded.modified() && !imported;
    document_ = std::move(loaded);
    focus_asked_.reset();
    focus_told_deleted_ = false;
    if (imported) {
        history_.clear_unsaved();  // nothing of it is a rig file yet
        recent_.add(document_.imported_from());
        announce_import();
        replaced_ = true;
        return;
    }
    if (recovered) {
        history_.clear_unsaved();  // nothing of it is on disk: undo never reaches "saved"
        message_ = "Recovered unsaved changes to " + document_name() +
                   (document_.path().empty() ? std::string() : " (Save writes " + document_.path().string() + ")");
    } else {
        history_.clear();
        message_ = "Opened " + document_.path().string();
    }
    if (!document_.path().empty()) recent_.add(document_.path());
    replaced_ = true;
}

void FileActions::import_pictures(const std::filesystem::path& source) {
    // A PSD's or a Spine skeleton's puppet is a rig file and its pictures: where they go is
    // asked first, beside the source by default, and the rig written is then opened as any other.
    import_source_ = source;
    purpose_ = Purpose::ImportPictures;
    // A Spine skeleton is JSON already: its puppet takes another name by default.
    const std::string name = source.stem().string() + (psd::is_psd_path(source) ? "" : "-puppet") + ".json";
    files_.open(FileDialogMode::Save, "Save the puppet of " + source.filename().string() + " as", source.parent_path(), name);
}

void FileActions::import_pictures_to(const std::filesystem::path& rig_path) {
    Result<ImportedRig> imported =
        psd::is_psd_path(import_source_) ? psd::import_psd_file(import_source_, rig_path) : import_spine_file(import_source_, rig_path);
    if (!imported) {
        errors_.show("Cannot import " + import_source_.filename().string(), imported.message());
        message_ = std::string();
        return;
    }
    if (Status s = write_imported_rig(imported.value(), rig_path); !s) {
        errors_.show("Cannot write " + rig_path.filename().string(), s.message());
        message_ = std::string();
        return;
    }
    const std::string written = "Imported " + import_source_.filename().string() + " as " + rig_path.filename().string() + " and " +
                                std::to_string(imported.value().pictures.size()) + " pictures in " + imported_picture_folder(rig_path) +
                                "/";
    open_path(rig_path);
    if (!imported.value().warnings.empty() && !errors_.is_open()) {
        std::string list;
        for (const std::string& w : imported.value().warnings) list += "\n- " + w;
        errors_.show("Imported " + import_source_.filename().string() + " with warnings", list);
    }
    // Opened (not waiting on unsaved changes, not refused): say what was written.
    if (document_.path() == rig_path) message_ = written;
}

bool FileActions::open_now(const std::filesystem::path& path) {
    if (psd::is_psd_path(path)) {
        import_pictures(path);
        return false;
    }
    // Only a file that loaded whole replaces the document.
    Document loaded;
    if (Status s = loaded.open(path); !s) {
        if (is_spine_skeleton_file(path)) import_pictures(path);
        else report_failed_open(path, s.message());
        return false;
    }
    replace_document(std::move(loaded));
    return true;
}

bool FileActions::save_to(const std::filesystem::path& path, WriteOptions options) {
    // Saving is atomic: a failure leaves the old file as it was, and the document unsaved.
    if (Status s = document_.save_as(path, options); !s) {
        errors_.show("Cannot save " + path.filename().string(), s.message());
        message_ = std::string();
        return false;
    }
    history_.mark_saved();
    recent_.add(path);
    message_ = "Saved " + path.string();
    return true;
}

void FileActions::chose(const std::filesystem::path& path) {
    switch (purpose_) {
        case Purpose::Open: open_now(path); return;
        case Purpose::SaveAs:
            if (save_to(path)) {
                if (after_save_) perform(*after_save_);
            } else {
                drop(after_save_);
            }
            after_save_.reset();
            return;
        case Purpose::Export: {
            // The rig alone, without the editor's own data (camera, layout): a file for a game.
            Rig rig = document_.rig();
            rig.editor = EditorData();
            rebase_pictures(rig.slots, document_.folder(), rig_folder(path));
            if (Status s = save_rig_file(rig, path); !s) {
                errors_.show("Cannot export " + path.filename().string(), s.message());
                message_ = std::string();
                return;
            }
            message_ = "Exported " + path.string();
            return;
        }
        case Purpose::ExportGltf: export_gltf_to(path); return;
        case Purpose::ExportSpine: export_spine_to(path); return;
        case Purpose::ImportPictures: import_pictures_to(path); return;
    }
}

void FileActions::draw(UiMarks* marks) {
    // One modal at a time (ImGui keeps one per level): an error first, then a question, then
    // the chooser.
    if (errors_.is_open()) {
        errors_.draw();
        return;
    }
    if (confirm_.is_open()) {
        if (auto a = confirm_.draw()) answer(*a);
        return;
    }
    if (disk_changed_.is_open()) {
        if (auto c = disk_changed_.draw(marks)) answer(*c);
        return;
    }
    if (files_.is_open()) {
        const bool was_save_as = purpose_ == Purpose::SaveAs;
        if (auto path = files_.draw()) {
            chose(*path);
        } else if (!files_.is_open() && was_save_as) {
            drop(after_save_);  // cancelled: what waited for the save does not happen
            after_save_.reset();
        }
    }
}

}  // namespace marionette
