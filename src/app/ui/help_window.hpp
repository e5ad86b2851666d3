#pragma once
// The help window (F1, or the toolbar's Help): every keyboard shortcut grouped as the shortcut
// table (editor/ui/shortcuts.hpp) has them, which is what the keys do, the mouse's gestures, and
// an About tab with the version.

#include <string>

#include "app/ui/ui_marks.hpp"

namespace marionette {

class HelpWindow {
public:
    void toggle() { open_ = !open_; }
    // What the About tab says of the graphics (GlWindow::graphics_summary).
    void set_graphics(std::string text) { graphics_ = std::move(text); }
    bool open() const { return open_; }
    // Marks: "help/close", "help/about" (the tab), and each shortcut's row "help/key/<chord>"
    // (as chord_text writes it: "help/key/Ctrl+Shift+M").
    void draw(UiMarks* marks);

private:
    bool open_ = false;
    std::string graphics_;
};

}  // namespace marionette
