#pragma once
// SDL events as the viewport controller reads them (editor/viewport/viewport_input.hpp).

#include <vector>

#include "editor/viewport/viewport_input.hpp"

union SDL_Event;

namespace marionette {

// The event as viewport input, with the modifier keys held now; none for an event the viewport
// does not act on. Typed text (SDL_TEXTINPUT) gives one input per character a typed number
// takes (digits, '.', '-', and ',' read as '.'), in order, the others left out: an input
// method or a paste may commit "30" in one event.
std::vector<ViewportInput> viewport_inputs(const SDL_Event& event);

// An SDL key as the shortcut table names it (ViewKey::Other for one it does not use).
ViewKey view_key(int sdl_keycode);
// The modifiers of an SDL key event's `mod` field (either Ctrl, Shift or Alt).
Modifiers modifiers_of(unsigned sdl_keymod);
// The SDL scancodes of a key (two for 1, 3 and 7: the row's and the keypad's), for ImGui's
// IsKeyPressed; 0 past the first.
struct Scancodes {
    int first = 0;
    int second = 0;
};
Scancodes scancodes_of(ViewKey key);

}  // namespace marionette
