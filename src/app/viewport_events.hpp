#pragma once
// SDL events as the viewport controller reads them (editor/viewport_input.hpp).

#include <optional>

#include "editor/viewport_input.hpp"

union SDL_Event;

namespace marionette {

// The event as viewport input, with the modifier keys held now; none for an event the viewport
// does not act on.
std::optional<ViewportInput> viewport_input(const SDL_Event& event);

}  // namespace marionette
