#include "app/ui/imgui_shortcuts.hpp"

#include <imgui.h>

#include "app/viewport_events.hpp"

namespace marionette {

namespace {

// ImGui's own name for the key where it has one (its key map says where the backend puts it);
// ImGuiKey_COUNT where it has none.
ImGuiKey imgui_key(ViewKey key) {
    switch (key) {
        case ViewKey::A: return ImGuiKey_A;
        case ViewKey::C: return ImGuiKey_C;
        case ViewKey::V: return ImGuiKey_V;
        case ViewKey::Y: return ImGuiKey_Y;
        case ViewKey::Z: return ImGuiKey_Z;
        case ViewKey::Delete: return ImGuiKey_Delete;
        case ViewKey::Backspace: return ImGuiKey_Backspace;
        case ViewKey::Escape: return ImGuiKey_Escape;
        case ViewKey::Space: return ImGuiKey_Space;
        case ViewKey::Tab: return ImGuiKey_Tab;
        case ViewKey::Home: return ImGuiKey_Home;
        case ViewKey::PageUp: return ImGuiKey_PageUp;
        case ViewKey::PageDown: return ImGuiKey_PageDown;
        default: return ImGuiKey_COUNT;
    }
}

bool pressed(ViewKey key) {
    if (const ImGuiKey named = imgui_key(key); named != ImGuiKey_COUNT) return ImGui::IsKeyPressed(ImGui::GetKeyIndex(named), false);
    // The others by SDL scancode, which the SDL backend indexes its keys by.
    const Scancodes codes = scancodes_of(key);
    return (codes.first > 0 && ImGui::IsKeyPressed(codes.first, false)) || (codes.second > 0 && ImGui::IsKeyPressed(codes.second, false));
}

}  // namespace

bool shortcut_pressed(Command command, ShortcutContext context) {
    const ImGuiIO& io = ImGui::GetIO();
    for (const Shortcut& s : shortcuts()) {
        if (s.command != command || s.context != context) continue;
        if (io.KeyCtrl != s.mods.ctrl || io.KeyShift != s.mods.shift || io.KeyAlt != s.mods.alt) continue;
        if (pressed(s.key)) return true;
    }
    return false;
}

}  // namespace marionette
