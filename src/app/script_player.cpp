#include "app/script_player.hpp"

#include <SDL.h>

#include <chrono>
#include <cmath>
#include <cstring>

namespace marionette {

namespace {

Uint8 sdl_button(MouseButton b) {
    switch (b) {
        case MouseButton::Left: return SDL_BUTTON_LEFT;
        case MouseButton::Middle: return SDL_BUTTON_MIDDLE;
        case MouseButton::Right: return SDL_BUTTON_RIGHT;
    }
    return SDL_BUTTON_LEFT;
}

SDL_Keycode keycode(const std::string& name) {
    // SDL's names are "Tab", "Escape", "F12", "PageDown"; single letters are lower-case keycodes.
    SDL_Keycode k = SDL_GetKeyFromName(name.c_str());
    if (k == SDLK_UNKNOWN && name.size() == 1) k = static_cast<SDL_Keycode>(std::tolower(static_cast<unsigned char>(name[0])));
    return k;
}

// The character a key types on a US layout (the keypad's digits, point and minus too), 0 when
// none or when Shift makes it depend on the layout (letters go upper case).
char typed_character(SDL_Keycode code, bool shift) {
    if (code >= SDLK_KP_1 && code <= SDLK_KP_9) return static_cast<char>('1' + (code - SDLK_KP_1));
    if (code == SDLK_KP_0) return '0';
    if (code == SDLK_KP_PERIOD) return '.';
    if (code == SDLK_KP_MINUS) return '-';
    if (code < 32 || code > 126) return 0;
    const char c = static_cast<char>(code);
    if (!shift) return c;
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : 0;
}

// SDL's mask of the left modifier keys a key step or a held set names.
template <class Held>
Uint16 modifiers(const Held& k) {
    return static_cast<Uint16>((k.ctrl ? KMOD_LCTRL : 0) | (k.shift ? KMOD_LSHIFT : 0) | (k.alt ? KMOD_LALT : 0));
}

}  // namespace

Result<ScriptPlayer> ScriptPlayer::create(InputScript script, unsigned window_id) {
    for (std::size_t i = 0; i < script.steps.size(); ++i) {
        if (const auto* k = std::get_if<KeyStep>(&script.steps[i]); k && keycode(k->key) == SDLK_UNKNOWN) {
            return Error{describe_step(script, i) + ": \"" + k->key + "\" is not a key SDL knows (names like Tab, Z, F12, PageDown)"};
        }
    }
    return ScriptPlayer(std::move(script), window_id);
}

void ScriptPlayer::fail(const std::string& message) {
    failure_ = describe_step(script_, index_) + ": " + message;
    finished_ = true;
}

void ScriptPlayer::next_step() {
    ++index_;
    phase_ = 0;
}

bool ScriptPlayer::resolve(const ScriptView& view, const ScriptPoint& point, glm::vec2& pixel) {
    Result<glm::vec2> p = resolve_point(view, point);
    if (!p) {
        fail(p.message());
        return false;
    }
    pixel = p.value();
    return true;
}

void ScriptPlayer::push_motion(glm::vec2 pixel) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = window_id_;
    e.motion.state = buttons_;
    // Integer pixels, as a real mouse reports; rounding keeps a point on the pixel it lies in.
    e.motion.x = static_cast<Sint32>(std::lround(pixel.x));
    e.motion.y = static_cast<Sint32>(std::lround(pixel.y));
    e.motion.xrel = mouse_.x < 0.0f ? 0 : e.motion.x - static_cast<Sint32>(std::lround(mouse_.x));
    e.motion.yrel = mouse_.y < 0.0f ? 0 : e.motion.y - static_cast<Sint32>(std::lround(mouse_.y));
    mouse_ = pixel;
    SDL_PushEvent(&e);
}

void ScriptPlayer::push_modifier_keys(Modifiers with, bool down) {
    // As a keyboard sends them: each modifier's own key event, SDL's keyboard state set with it.
    // The editor reads the state; ImGui reads it only on a key event (its SDL backend), so a
    // Ctrl+click on a number field types into it as a user's does.
    const std::pair<bool, SDL_Keycode> keys[] = {{with.ctrl, SDLK_LCTRL}, {with.shift, SDLK_LSHIFT}, {with.alt, SDLK_LALT}};
    const Uint16 held = modifiers(with);
    SDL_SetModState(static_cast<SDL_Keymod>(down ? held : 0));
    for (const auto& [on, sym] : keys) {
        if (!on) continue;
        SDL_Event e{};
        e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = window_id_;
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = sym;
        e.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
        e.key.keysym.mod = down ? held : 0;
        SDL_PushEvent(&e);
    }
}

void ScriptPlayer::push_button(MouseButton button, bool down, Modifiers with) {
    // Held modifiers: pressed before the button, let go after it.
    const bool release_held = !down && holding_;
    if (down && (with.ctrl || with.shift || with.alt)) {
        push_modifier_keys(with, true);
        holding_ = with;
    }
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = window_id_;
    e.button.button = sdl_button(button);
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = static_cast<Sint32>(std::lround(mouse_.x));
    e.button.y = static_cast<Sint32>(std::lround(mouse_.y));
    if (down) {
        buttons_ |= SDL_BUTTON(e.button.button);
    } else {
        buttons_ &= ~SDL_BUTTON(e.button.button);
    }
    SDL_PushEvent(&e);
    if (release_held) {
        push_modifier_keys(*holding_, false);
        holding_.reset();
    }
}

void ScriptPlayer::push_key(const KeyStep& key, bool down, std::uint16_t up_mods) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.windowID = window_id_;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = keycode(key.key);
    e.key.keysym.scancode = SDL_GetScancodeFromKey(e.key.keysym.sym);
    e.key.keysym.mod = down ? modifiers(key) : up_mods;
    // Held modifiers are SDL's keyboard state, which the editor and ImGui read with
    // SDL_GetModState(); a pushed event alone does not change it.
    SDL_SetModState(static_cast<SDL_Keymod>(e.key.keysym.mod));
    SDL_PushEvent(&e);
    // A printable key without Ctrl or Alt also types its character, as the system's text input
    // does after the key: what R and G read their numbers from (and a focused text field).
    if (down && !key.ctrl && !key.alt) {
        if (const char c = typed_character(e.key.keysym.sym, key.shift)) push_text(std::string(1, c));
    }
}

void ScriptPlayer::push_wheel(int clicks) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = window_id_;
    e.wheel.y = clicks;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&e);
}

void ScriptPlayer::push_text(const std::string& text) {
    // SDL_TEXTINPUT carries at most 31 bytes; split between UTF-8 sequences.
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = std::min(text.size(), start + SDL_TEXTINPUTEVENT_TEXT_SIZE - 1);
        while (end < text.size() && end > start && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
        SDL_Event e{};
        e.type = SDL_TEXTINPUT;
        e.text.windowID = window_id_;
        std::memcpy(e.text.text, text.data() + start, end - start);
        SDL_PushEvent(&e);
        start = end;
    }
}

void ScriptPlayer::push_drop(const std::filesystem::path& file) {
    SDL_Event e{};
    e.type = SDL_DROPFILE;
    e.drop.windowID = window_id_;
    e.drop.file = SDL_strdup(file.c_str());  // the receiver SDL_free()s it, as SDL's own drops
    SDL_PushEvent(&e);
}

void ScriptPlayer::before_events(ScriptHost& host) {
    if (!frame_drawn_) return;
    while (!finished_ && !screenshot_pending_) {
        if (index_ >= script_.steps.size()) {
            finished_ = true;
            return;
        }
        if (run_step(host)) return;
    }
}

void ScriptPlayer::after_draw(ScriptHost& host) {
    frame_drawn_ = true;
    if (!screenshot_pending_) return;
    screenshot_pending_ = false;
    const auto& shot = std::get<ScreenshotStep>(script_.steps[index_]);
    if (Status s = host.screenshot(shot.path); !s) {
        fail(s.message());
        return;
    }
    next_step();
}

bool ScriptPlayer::run_step(ScriptHost& host) {
    const ScriptStep& step = script_.steps[index_];
    const ScriptView view = host.script_view();
    glm::vec2 p{0.0f};
    if (const auto* s = std::get_if<MoveStep>(&step)) {
        if (!resolve(view, s->to, p)) return true;
        push_motion(p);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<PressStep>(&step)) {
        if (!resolve(view, s->at, p)) return true;
        push_motion(p);
        push_button(s->button, true, s->with);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<ReleaseStep>(&step)) {
        if (s->at) {
            if (!resolve(view, *s->at, p)) return true;
            push_motion(p);
        }
        push_button(s->button, false);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<ClickStep>(&step)) {
        // Press in one frame, release in the next: a person's click spans frames too.
        if (phase_ == 0) {
            if (!resolve(view, s->at, p)) return true;
            push_motion(p);
            push_button(s->button, true, s->with);
            phase_ = 1;
        } else {
            push_button(s->button, false);
            next_step();
        }
        return true;
    }
    if (const auto* s = std::get_if<DragStep>(&step)) {
        if (phase_ == 0) {
            if (!resolve(view, s->from, from_) || !resolve(view, s->to, to_)) return true;
            push_motion(from_);
            push_button(s->button, true, s->with);
        } else if (phase_ <= s->moves) {
            push_motion(from_ + (to_ - from_) * (static_cast<float>(phase_) / static_cast<float>(s->moves)));
        } else {
            push_button(s->button, false);
            next_step();
            return true;
        }
        ++phase_;
        return true;
    }
    if (const auto* s = std::get_if<KeyStep>(&step)) {
        if (s->kind == KeyStep::Kind::Quick) {
            // Down and up before the frame, the modifiers let go with it: each event keeps the
            // modifiers it went with, SDL's state has none by the time the editor reads it.
            push_key(*s, true);
            push_key(*s, false, modifiers(*s));
            SDL_SetModState(KMOD_NONE);
            next_step();
            return true;
        }
        if (s->kind == KeyStep::Kind::Tap && phase_ == 0) {
            push_key(*s, true);
            phase_ = 1;
            return true;
        }
        push_key(*s, s->kind == KeyStep::Kind::Down);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<MenuStep>(&step)) {
        // Each widget pressed one frame, let go the next, then two frames for the menu to open.
        const std::size_t k = static_cast<std::size_t>(phase_ / 4);
        if (k >= s->marks.size()) {
            next_step();
            return true;
        }
        if (phase_ % 4 == 0) {
            ScriptPoint at;
            at.ui = s->marks[k];
            if (!resolve(view, at, p)) return true;
            push_motion(p);
            push_button(MouseButton::Left, true);
        } else if (phase_ % 4 == 1) {
            push_button(MouseButton::Left, false);
        }
        ++phase_;
        return true;
    }
    if (const auto* s = std::get_if<KeysStep>(&step)) {
        // Each key down one frame and up the next, as a typing user's.
        const std::size_t k = static_cast<std::size_t>(phase_ / 2);
        if (k >= s->keys.size()) {
            next_step();
            return true;
        }
        push_key(s->keys[k], phase_ % 2 == 0);
        ++phase_;
        return true;
    }
    if (const auto* s = std::get_if<WheelStep>(&step)) {
        if (s->at) {
            if (!resolve(view, *s->at, p)) return true;
            push_motion(p);
        }
        push_wheel(s->clicks);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<TextStep>(&step)) {
        push_text(s->text);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<DropStep>(&step)) {
        push_drop(s->path);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<WaitStep>(&step)) {
        if (++phase_ >= s->frames) next_step();
        return true;
    }
    if (const auto* s = std::get_if<FocusStep>(&step)) {
        SDL_Event e{};
        e.type = SDL_WINDOWEVENT;
        e.window.windowID = window_id_;
        e.window.event = s->gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST;
        SDL_PushEvent(&e);
        next_step();
        return true;
    }
    if (const auto* s = std::get_if<WaitForFileStep>(&step)) {
        // Real time, not frames: what is awaited happens outside the editor.
        const auto now = std::chrono::steady_clock::now();
        if (phase_ == 0) waiting_since_ = now;
        phase_ = 1;
        std::error_code ec;
        if (std::filesystem::exists(s->path, ec)) {
            next_step();
            return true;
        }
        if (std::chrono::duration<double>(now - waiting_since_).count() > s->seconds) {
            fail(s->path.string() + " did not appear within " + std::to_string(static_cast<int>(s->seconds)) + " s");
        }
        return true;
    }
    if (std::holds_alternative<ScreenshotStep>(step)) {
        screenshot_pending_ = true;
        return true;
    }
    // A step the editor does at once: a failure ends the script, else the next step runs in
    // this frame too.
    const auto done_by_host = [&](const Status& st) {
        if (!st) {
            fail(st.message());
            return true;
        }
        next_step();
        return false;
    };
    if (const auto* s = std::get_if<SelectStep>(&step)) return done_by_host(host.select(s->bones));
    if (const auto* s = std::get_if<SaveStep>(&step)) return done_by_host(host.save_as(s->path));
    const auto& expect = std::get<ExpectStep>(step);
    if (Status st = check_expectation(view, expect.expectation); !st) {
        fail(st.message());
        return true;
    }
    next_step();
    return false;
}

}  // namespace marionette
