#include "app/viewport_events.hpp"

#include <optional>

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

// Every key the shortcuts use: its SDL keycode (what SDL's key events carry) and scancode
// (what ImGui's SDL backend indexes keys by), and the keypad's for 1, 3 and 7.
struct KeyCodes {
    ViewKey key;
    SDL_Keycode code;
    SDL_Scancode scan;
    SDL_Keycode keypad = SDLK_UNKNOWN;
    SDL_Scancode keypad_scan = SDL_SCANCODE_UNKNOWN;
};
constexpr KeyCodes kKeys[] = {
    {ViewKey::Space, SDLK_SPACE, SDL_SCANCODE_SPACE},
    {ViewKey::Tab, SDLK_TAB, SDL_SCANCODE_TAB},
    {ViewKey::Escape, SDLK_ESCAPE, SDL_SCANCODE_ESCAPE},
    {ViewKey::P, SDLK_p, SDL_SCANCODE_P},
    {ViewKey::F, SDLK_f, SDL_SCANCODE_F},
    {ViewKey::Home, SDLK_HOME, SDL_SCANCODE_HOME},
    {ViewKey::Z, SDLK_z, SDL_SCANCODE_Z},
    {ViewKey::Y, SDLK_y, SDL_SCANCODE_Y},
    {ViewKey::PageUp, SDLK_PAGEUP, SDL_SCANCODE_PAGEUP},
    {ViewKey::PageDown, SDLK_PAGEDOWN, SDL_SCANCODE_PAGEDOWN},
    {ViewKey::Front, SDLK_1, SDL_SCANCODE_1, SDLK_KP_1, SDL_SCANCODE_KP_1},
    {ViewKey::Side, SDLK_3, SDL_SCANCODE_3, SDLK_KP_3, SDL_SCANCODE_KP_3},
    {ViewKey::Top, SDLK_7, SDL_SCANCODE_7, SDLK_KP_7, SDL_SCANCODE_KP_7},
    {ViewKey::E, SDLK_e, SDL_SCANCODE_E},
    {ViewKey::G, SDLK_g, SDL_SCANCODE_G},
    {ViewKey::R, SDLK_r, SDL_SCANCODE_R},
    {ViewKey::S, SDLK_s, SDL_SCANCODE_S},
    {ViewKey::A, SDLK_a, SDL_SCANCODE_A},
    {ViewKey::M, SDLK_m, SDL_SCANCODE_M},
    {ViewKey::BracketRight, SDLK_RIGHTBRACKET, SDL_SCANCODE_RIGHTBRACKET},
    {ViewKey::N, SDLK_n, SDL_SCANCODE_N},
    {ViewKey::O, SDLK_o, SDL_SCANCODE_O},
    {ViewKey::Q, SDLK_q, SDL_SCANCODE_Q},
    {ViewKey::H, SDLK_h, SDL_SCANCODE_H},
    {ViewKey::C, SDLK_c, SDL_SCANCODE_C},
    {ViewKey::V, SDLK_v, SDL_SCANCODE_V},
    {ViewKey::K, SDLK_k, SDL_SCANCODE_K},
    {ViewKey::I, SDLK_i, SDL_SCANCODE_I},
    {ViewKey::X, SDLK_x, SDL_SCANCODE_X},
    {ViewKey::W, SDLK_w, SDL_SCANCODE_W},
    {ViewKey::Enter, SDLK_RETURN, SDL_SCANCODE_RETURN, SDLK_KP_ENTER, SDL_SCANCODE_KP_ENTER},
    {ViewKey::Delete, SDLK_DELETE, SDL_SCANCODE_DELETE},
    {ViewKey::Backspace, SDLK_BACKSPACE, SDL_SCANCODE_BACKSPACE},
    {ViewKey::F1, SDLK_F1, SDL_SCANCODE_F1},
    {ViewKey::F12, SDLK_F12, SDL_SCANCODE_F12},
};

// The character a key types into a number (the main row's and the keypad's), or 0.
// The character of a number in text the system typed: a digit, '.', '-', or a decimal comma as
// '.'; 0 for anything else (more than one character included).
char number_character(char c) {
    if ((c >= '0' && c <= '9') || c == '.' || c == '-') return c;
    return c == ',' ? '.' : 0;
}

glm::vec2 pixel_of(Sint32 x, Sint32 y) { return {static_cast<float>(x), static_cast<float>(y)}; }

}  // namespace

ViewKey view_key(int sdl_keycode) {
    for (const KeyCodes& k : kKeys) {
        if (k.code == sdl_keycode || (k.keypad != SDLK_UNKNOWN && k.keypad == sdl_keycode)) return k.key;
    }
    return ViewKey::Other;
}

Modifiers modifiers_of(unsigned sdl_keymod) {
    return {(sdl_keymod & KMOD_CTRL) != 0, (sdl_keymod & KMOD_SHIFT) != 0, (sdl_keymod & KMOD_ALT) != 0};
}

Scancodes scancodes_of(ViewKey key) {
    for (const KeyCodes& k : kKeys) {
        if (k.key == key) {
            return {static_cast<int>(k.scan), static_cast<int>(k.keypad_scan)};
        }
    }
    return {};
}

namespace {

std::optional<ViewportInput> one_input(const SDL_Event& e) {
    const Modifiers mods = modifiers_of(static_cast<unsigned>(SDL_GetModState()));
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
            // The modifiers as they were when the key went (SDL's state is the batch's last).
            in.mods = modifiers_of(e.key.keysym.mod);
            return in;
        default: return std::nullopt;
    }
}

}  // namespace

std::vector<ViewportInput> viewport_inputs(const SDL_Event& e) {
    std::vector<ViewportInput> out;
    if (e.type == SDL_TEXTINPUT) {
        const Modifiers mods = modifiers_of(static_cast<unsigned>(SDL_GetModState()));
        for (const char* c = e.text.text; *c && c < e.text.text + sizeof e.text.text; ++c) {
            if (const char typed = number_character(*c)) {
                ViewportInput in = ViewportInput::text(typed);
                in.mods = mods;
                out.push_back(in);
            }
        }
    } else if (std::optional<ViewportInput> in = one_input(e)) {
        out.push_back(*in);
    }
    return out;
}

}  // namespace marionette
