#pragma once
// Keys a modal dialog answers to (Return, Escape) count only when pressed after the dialog was
// asked for. Otherwise the Return that confirmed a file name would also answer the "Replace
// it?" it raised, or close the error it caused. When the asking happens between frames (an SDL
// event handler) the next frame still carries the keys of that same batch of events, so the
// first frame that counts is the one after it; inside a frame it is the next one.

#include <imgui.h>

namespace marionette {

class DialogKeys {
public:
    // Call when the dialog, or a question in it, is asked for; also before ImGui's context exists.
    void arm();
    // `key` went down this frame (no auto-repeat), and after arm().
    bool pressed(ImGuiKey key) const;
    bool return_pressed() const { return pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter); }
    bool escape_pressed() const { return pressed(ImGuiKey_Escape); }

private:
    int first_frame_ = 0;
};

}  // namespace marionette
