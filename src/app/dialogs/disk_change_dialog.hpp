#pragma once
// The two questions about a document's file changed on disk by someone else.
// - Before Save would overwrite it: "arm.json changed on disk since you opened it." Overwrite
//   (ours replaces theirs), Save As... (keep both), Cancel (Escape; nothing is written). No
//   Return default: replacing another person's work takes a deliberate click.
// - When the window gets the focus back: "arm.json changed on disk. Reload it?" Reload (Return,
//   unless that would drop unsaved changes), Keep mine (Escape).
// - Before Save would replace a read-only file: "arm.json is read-only." Replace (answers
//   Overwrite; the file stays read-only), Save As..., Cancel (Escape). No Return default either.
// Like the other dialogs it only reports the choice; a dialog closed from outside answers
// Cancel or Keep mine. The buttons are named for scripts: "disk changed/overwrite",
// "disk changed/save as", "disk changed/cancel", "disk changed/reload", "disk changed/keep",
// "read only/replace", "read only/save as", "read only/cancel".

#include <optional>
#include <string>

#include "app/ui/dialog_keys.hpp"

namespace marionette {

class UiMarks;

class DiskChangeDialog {
public:
    enum class Choice { Overwrite, SaveAs, Cancel, Reload, Keep };

    // Before a save. `detail` says what differs ("changed at 14:02:07; 2345 bytes, was 2301"),
    // or why the file could not be read.
    void ask_before_save(std::string document_name, std::string detail);
    // On focus. `drops_unsaved`: the document has unsaved changes that Reload would drop.
    void ask_reload(std::string document_name, std::string detail, bool drops_unsaved);
    // Before a save over a file whose permissions allow no writing.
    void ask_before_replacing_read_only(std::string document_name);
    bool asks_about_read_only() const { return open_ && question_ == Question::ReadOnly; }
    bool is_open() const { return open_; }
    // Call once per frame, outside any other popup. Returns the answer on the frame it is given.
    std::optional<Choice> draw(UiMarks* marks);

private:
    enum class Question { ChangedBeforeSave, Reload, ReadOnly };
    void ask(Question question, std::string document_name, std::string detail);

    std::string document_name_;
    std::string detail_;
    Question question_ = Question::ChangedBeforeSave;
    bool drops_unsaved_ = false;
    bool open_ = false;
    bool popup_requested_ = false;
    DialogKeys keys_;
};

}  // namespace marionette
