#pragma once
// Offered at start for each recovery copy an editor that did not close left behind:
// "Recover unsaved changes to arm.json from 2026-11-21 14:02?" Recover (Return) opens them as
// unsaved changes to that file, Discard deletes the copy, Later (Escape) keeps it for the next
// start. It only reports the choice; a dialog closed from outside answers Later (nothing is
// lost that way). Buttons are named for scripts: "recovery/recover", "recovery/discard",
// "recovery/later".

#include <optional>
#include <string>

#include "app/ui/dialog_keys.hpp"

namespace marionette {

class UiMarks;

class RecoveryDialog {
public:
    enum class Choice { Recover, Discard, Later };

    // `document_name`: "arm.json", or "an untitled rig"; `when`: local time of the copy;
    // `detail`: where the copy is and which run left it.
    void ask(std::string document_name, std::string when, std::string detail);
    bool is_open() const { return open_; }
    // Call once per frame, outside any other popup.
    std::optional<Choice> draw(UiMarks* marks);

private:
    std::string document_name_;
    std::string when_;
    std::string detail_;
    bool open_ = false;
    bool popup_requested_ = false;
    DialogKeys keys_;
};

}  // namespace marionette
