#pragma once
// Two small modal dialogs drawn with ImGui. Each keeps its own state and only reports what the
// user chose; the editor acts on the answer (they never touch the document).
//   ErrorDialog: a title, a message and OK; Return or Escape close it.
//   ConfirmDiscardDialog: "Save changes to <name> before ...?" with Save / Don't save / Cancel,
//   asked before an action would drop unsaved changes; Return = Save, Escape = Cancel.
// Keys count only when pressed after the dialog was asked for (dialog_keys.hpp), so the key
// press that led to showing it does not answer it too. ImGui keeps one modal per level: opening a second one beside another (an
// error while the file dialog is up) closes the first, so the editor shows one at a time. A
// closed ErrorDialog reopens; a closed ConfirmDiscardDialog answers Cancel.

#include <deque>
#include <filesystem>
#include <optional>
#include <string>

#include "app/ui/dialog_keys.hpp"

namespace marionette {

class ErrorDialog {
public:
    // Errors shown while one is up wait their turn.
    void show(std::string title, std::string message);
    bool is_open() const { return !queue_.empty(); }
    // Call once per frame, outside any other popup.
    void draw();

private:
    struct Shown {
        std::string title;
        std::string message;
    };
    std::deque<Shown> queue_;
    bool popup_requested_ = false;
    DialogKeys keys_;
};

// What was about to happen when unsaved changes were found.
enum class PendingAction { New, Open, OpenPath, Recover, Quit };

class ConfirmDiscardDialog {
public:
    enum class Choice { Save, Discard, Cancel };
    struct Answer {
        Choice choice = Choice::Cancel;
        PendingAction action = PendingAction::New;
        std::filesystem::path path;  // the file to open, for OpenPath; the recovered file, for Recover
    };

    // `document_name` as the user knows it ("arm.json", "Untitled"). Asking again replaces the
    // question being shown.
    void ask(std::string document_name, PendingAction action, std::filesystem::path path = {});
    bool is_open() const { return open_; }
    // Call once per frame, outside any other popup. Returns the answer on the frame it is given,
    // with the action it was asked for, and closes.
    std::optional<Answer> draw();

private:
    std::string question() const;

    std::string document_name_;
    PendingAction action_ = PendingAction::New;
    std::filesystem::path path_;
    bool open_ = false;
    bool popup_requested_ = false;
    DialogKeys keys_;
};

}  // namespace marionette
