#pragma once
// The help window (F1, or the toolbar's Help): every keyboard shortcut grouped as the shortcut
// table (editor/shortcuts.hpp) has them, which is what the keys do, the mouse's gestures, and
// an About tab with the version.

#include "app/ui_marks.hpp"

namespace marionette {

class HelpWindow {
public:
    void toggle() { open_ = !open_; }
    bool open() const { return open_; }
    // Marks: "help/close", "help/about" (the tab), and each shortcut's row "help/key/<chord>"
    // (as chord_text writes it: "help/key/Ctrl+Shift+M").
    void draw(UiMarks* marks);

private:
    bool open_ = false;
};

}  // namespace marionette
