#include "app/viewport_events.hpp"

#include <SDL.h>

namespace marionette {

namespace {

// The side buttons (back, forward) do nothing in the viewport.
std::optional<MouseButton> mouse_button(Uint8 button) {
    switch (button) {
        case SDL_BUTTON_LEFT: return MouseButton::Left;
        case SDL_BUTTON_MIDDLE: return MouseButton::Middle;
        case SDL_BUTTON_RIGHT: return MouseButton::Right;
        default: return std::nullopt;
    }
}

ViewKey view_key(SDL_Keycode sym) {
    switch (sym) {
        case SDLK_SPACE: return ViewKey::Space;
        case SDLK_TAB: return ViewKey::Tab;
        case SDLK_ESCAPE: return ViewKey::Escape;
        case SDLK_p: return ViewKey::P;
        case SDLK_f: return ViewKey::F;
        case SDLK_HOME: return ViewKey::Home;
        case SDLK_z: return ViewKey::Z;
        case SDLK_y: return ViewKey::Y;
        case SDLK_e: return ViewKey::E;
        case SDLK_g: return ViewKey::G;
        case SDLK_r: return ViewKey::R;
        case SDLK_s: return ViewKey::S;
        case SDLK_a: return ViewKey::A;
        case SDLK_m: return ViewKey::M;
        case SDLK_RIGHTBRACKET: return ViewKey::BracketRight;
        case SDLK_PAGEUP: return ViewKey::PageUp;
        case SDLK_PAGEDOWN: return ViewKey::PageDown;
        case SDLK_1:
        case SDLK_KP_1: return ViewKey::Front;
        case SDLK_3:
        case SDLK_KP_3: return ViewKey::Side;
        case SDLK_7:
        case SDLK_KP_7: return ViewKey::Top;
        default: return ViewKey::Other;
    }
}

glm::vec2 pixel_of(Sint32 x, Sint32 y) { return {static_cast<float>(x), static_cast<float>(y)}; }

}  // namespace

std::optional<ViewportInput> viewport_input(const SDL_Event& e) {
    const SDL_Keymod held = SDL_GetModState();
    const Modifiers mods{(held & KMOD_CTRL) != 0, (held & KMOD_SHIFT) != 0, (held & KMOD_ALT) != 0};
    ViewportInput in;
    in.mods = mods;
    switch (e.type) {
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
            in.kind = e.type == SDL_MOUSEBUTTONDOWN ? ViewportInput::Kind::Press : ViewportInput::Kind::Release;
            in.pixel = pixel_of(e.button.x, e.button.y);
            if (const std::optional<MouseButton> b = mouse_button(e.button.button)) {
                in.button = *b;
                return in;
            }
            return std::nullopt;
        case SDL_MOUSEMOTION:
            in.kind = ViewportInput::Kind::Motion;
            in.pixel = pixel_of(e.motion.x, e.motion.y);
            in.delta = pixel_of(e.motion.xrel, e.motion.yrel);
            return in;
        case SDL_MOUSEWHEEL:
            in.kind = ViewportInput::Kind::Wheel;
            in.wheel = static_cast<float>(e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e.wheel.y : e.wheel.y);
            return in;
        case SDL_KEYDOWN:
        case SDL_KEYUP:
            in.kind = e.type == SDL_KEYDOWN ? ViewportInput::Kind::KeyDown : ViewportInput::Kind::KeyUp;
            in.key = view_key(e.key.keysym.sym);
            return in;
        default:
            return std::nullopt;
    }
}

}  // namespace marionette
