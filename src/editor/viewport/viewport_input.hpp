#pragma once
// What the viewport is told of the mouse and keyboard, free of any window library: the app turns
// its SDL events into these (app/viewport_events.hpp), tests build them directly, and the
// ViewportController acts on them alike.

#include <glm/glm.hpp>

namespace marionette {

enum class MouseButton { Left, Middle, Right };

// The keys the editor's shortcuts use (editor/ui/shortcuts.hpp); every other key arrives as Other.
// Front, Side and Top are the 1, 3 and 7 keys (and the keypad's), Blender's views.
enum class ViewKey {
    Other,
    Space,
    Tab,
    Escape,
    P,
    F,
    Home,
    Z,
    Y,
    PageUp,
    PageDown,
    Front,
    Side,
    Top,
    E,
    G,
    R,
    S,
    A,
    M,
    BracketRight,
    N,
    O,
    Q,
    H,
    C,
    V,
    K,
    I,
    X,
    W,
    Enter,
    Delete,
    Backspace,
    F1,
    F12
};

struct Modifiers {
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
};

struct ViewportInput {
    enum class Kind { Press, Release, Motion, Wheel, KeyDown, KeyUp, Text };
    Kind kind = Kind::Motion;
    glm::vec2 pixel{0.0f};  // press, release, motion: where the pointer is, window pixels
    glm::vec2 delta{0.0f};  // motion: the pointer's move since the last motion
    MouseButton button = MouseButton::Left;
    float wheel = 0.0f;  // wheel: notches away from the user (positive) or toward
    ViewKey key = ViewKey::Other;
    Modifiers mods;  // held while the event happened
    // Text: a character of a number as the keyboard's layout types it ('0' to '9', '.', '-'; a
    // decimal comma arrives as '.'). An R or G transform reads it. It comes from the text the
    // system types, not from key codes: on a layout whose digits need Shift (AZERTY) the main
    // row's keys are not the digit keys, and the digit keys are also views (Front, Side, Top).
    char typed = 0;

    static ViewportInput press(glm::vec2 at, MouseButton b = MouseButton::Left, Modifiers m = {}) {
        return {Kind::Press, at, {0.0f, 0.0f}, b, 0.0f, ViewKey::Other, m};
    }
    static ViewportInput release(glm::vec2 at, MouseButton b = MouseButton::Left) {
        return {Kind::Release, at, {0.0f, 0.0f}, b, 0.0f, ViewKey::Other, {}};
    }
    static ViewportInput motion(glm::vec2 at, glm::vec2 moved) {
        return {Kind::Motion, at, moved, MouseButton::Left, 0.0f, ViewKey::Other, {}};
    }
    static ViewportInput wheel_by(float notches) {
        return {Kind::Wheel, {0.0f, 0.0f}, {0.0f, 0.0f}, MouseButton::Left, notches, ViewKey::Other, {}};
    }
    static ViewportInput key_down(ViewKey k, Modifiers m = {}) {
        return {Kind::KeyDown, {0.0f, 0.0f}, {0.0f, 0.0f}, MouseButton::Left, 0.0f, k, m};
    }
    static ViewportInput key_up(ViewKey k) { return {Kind::KeyUp, {0.0f, 0.0f}, {0.0f, 0.0f}, MouseButton::Left, 0.0f, k, {}}; }
    static ViewportInput text(char c) {
        ViewportInput in{Kind::Text, {0.0f, 0.0f}, {0.0f, 0.0f}, MouseButton::Left, 0.0f, ViewKey::Other, {}};
        in.typed = c;
        return in;
    }
};

}  // namespace marionette
