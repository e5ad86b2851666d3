#include "app/file_actions.hpp"

#include "core/rig_file.hpp"
#include "editor/new_rig.hpp"

namespace marionette {

std::string FileActions::document_name() const {
    return document_.path().empty() ? "Untitled" : document_.path().filename().string();
}

std::filesystem::path FileActions::start_directory() const {
    return document_.path().empty() ? std::filesystem::path() : document_.path().parent_path();
}

void FileActions::new_rig(Dimensions dimensions) { guard({PendingAction::New, dimensions, {}}); }
void FileActions::open() { guard({PendingAction::Open, Dimensions::Two, {}}); }
void FileActions::open_path(const std::filesystem::path& path) {
    Result<Rig> loaded = load_rig_file(path);
    if (!loaded) {
        report_failed_open(path, loaded.message());
        return;
    }
    loaded_ = std::move(loaded).value();
    guard({PendingAction::OpenPath, Dimensions::Two, path});
}
void FileActions::quit() { guard({PendingAction::Quit, Dimensions::Two, {}}); }

void FileActions::save() {
    if (document_.path().empty()) {
        save_as();
        return;
    }
    save_to(document_.path());
}

void FileActions::save_as() {
    after_save_.reset();
    show_files(Purpose::SaveAs, FileDialogMode::Save, "Save rig as", document_.path().empty() ? "untitled.json" : document_.path().filename().string());
}

void FileActions::export_rig() {
    const std::string stem = document_.path().empty() ? "untitled" : document_.path().stem().string();
    show_files(Purpose::Export, FileDialogMode::Save, "Export rig JSON", stem + "-export.json");
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
        case PendingAction::Open:
            show_files(Purpose::Open, FileDialogMode::Open, "Open rig", "");
            break;
        case PendingAction::OpenPath:
            if (loaded_) replace_document(std::move(*loaded_), pending.path);
            loaded_.reset();
            break;
        case PendingAction::Quit:
            quit_ = true;
            break;
    }
}

void FileActions::answer(const ConfirmDiscardDialog::Answer& a) {
    switch (a.choice) {
        case ConfirmDiscardDialog::Choice::Cancel:
            loaded_.reset();
            return;
        case ConfirmDiscardDialog::Choice::Discard:
            perform(asked_);
            return;
        case ConfirmDiscardDialog::Choice::Save:
            if (document_.path().empty()) {
                save_as();
                after_save_ = asked_;  // once saved, go on with what was asked
                return;
            }
            if (save_to(document_.path())) perform(asked_);
            return;
    }
}

void FileActions::report_failed_open(const std::filesystem::path& path, const std::string& message) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) recent_.remove(path);
    errors_.show("Cannot open " + path.filename().string(), message);
    message_ = std::string();
}

void FileActions::replace_document(Rig rig, const std::filesystem::path& path) {
    document_ = Document(std::move(rig), path);
    history_.clear();
    recent_.add(path);
    replaced_ = true;
    message_ = "Opened " + path.string();
}

bool FileActions::open_now(const std::filesystem::path& path) {
    // Only a file that loaded whole replaces the document.
    Result<Rig> loaded = load_rig_file(path);
    if (!loaded) {
        report_failed_open(path, loaded.message());
        return false;
    }
    replace_document(std::move(loaded).value(), path);
    return true;
}

bool FileActions::save_to(const std::filesystem::path& path) {
    // Saving is atomic: a failure leaves the old file as it was, and the document unsaved.
    if (Status s = document_.save_as(path); !s) {
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
        case Purpose::Open:
            open_now(path);
            return;
        case Purpose::SaveAs:
            if (save_to(path) && after_save_) perform(*after_save_);
            after_save_.reset();
            return;
        case Purpose::Export: {
            // The rig alone, without the editor's own data (camera, layout): a file for a game.
            Rig rig = document_.rig();
            rig.editor = nlohmann::ordered_json::object();
            if (Status s = save_rig_file(rig, path); !s) {
                errors_.show("Cannot export " + path.filename().string(), s.message());
                message_ = std::string();
                return;
            }
            message_ = "Exported " + path.string();
            return;
        }
    }
}

void FileActions::draw() {
    // One modal at a time (ImGui keeps one per level): an error first, then the question, then
    // the chooser.
    if (errors_.is_open()) {
        errors_.draw();
        return;
    }
    if (confirm_.is_open()) {
        if (auto a = confirm_.draw()) answer(*a);
        return;
    }
    if (files_.is_open()) {
        const bool was_save_as = purpose_ == Purpose::SaveAs;
        if (auto path = files_.draw()) {
            chose(*path);
        } else if (!files_.is_open() && was_save_as) {
            after_save_.reset();  // cancelled: what waited for the save does not happen
        }
    }
}

}  // namespace marionette
