#pragma once
// An ImGui context without a window or renderer, for testing dialogs: frames are built and
// thrown away, keys, text and the mouse are fed to ImGuiIO as the SDL backend would.

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <functional>
#include <string>
#include <string_view>

#include "app/ui/ui_marks.hpp"

namespace marionette::testing {

// The centre of the widget `marks` names `name` in the last frame; a failure (and a point off
// the window) when none is drawn.
inline ImVec2 mark_centre(const UiMarks& marks, const std::string& name) {
    for (const UiMark& m : marks.marks()) {
        if (m.name == name) return ImVec2((m.min.x + m.max.x) / 2, (m.min.y + m.max.y) / 2);
    }
    ADD_FAILURE() << "no widget " << name;
    return ImVec2(-1, -1);
}

// Whether `marks` names a widget `name` in the last frame.
inline bool has_mark(const UiMarks& marks, const std::string& name) {
    for (const UiMark& m : marks.marks()) {
        if (m.name == name) return true;
    }
    return false;
}

class HeadlessImGui {
public:
    HeadlessImGui() {
        context_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280.0f, 800.0f);
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
        for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k + 1;
    }
    ~HeadlessImGui() { ImGui::DestroyContext(context_); }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;

    // What each frame draws (the dialogs under test).
    void on_frame(std::function<void()> draw) { draw_ = std::move(draw); }

    void frame() {
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        if (draw_) draw_();
        ImGui::Render();
    }
    void frames(int n) {
        for (int i = 0; i < n; ++i) frame();
    }
    // Down for one frame, up the next, as a script's key tap.
    void tap(ImGuiKey key) {
        set_key(key, true);
        frame();
        set_key(key, false);
        frame();
    }
    // Characters arrive with the next frame.
    void type(const std::string& text) {
        ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
        frame();
    }
    void click(ImVec2 at, int button = 0) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = at;
        frame();
        io.MouseDown[button] = true;
        frame();
        io.MouseDown[button] = false;
        frame();
    }
    void right_click(ImVec2 at) { click(at, 1); }
    // Presses at `from`, moves to `to` over a few frames, lets go there.
    void drag(ImVec2 from, ImVec2 to) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = from;
        frame();
        io.MouseDown[0] = true;
        frame();
        for (int i = 1; i <= 8; ++i) {
            const float f = static_cast<float>(i) / 8.0f;
            io.MousePos = ImVec2(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f);
            frame();
        }
        io.MouseDown[0] = false;
        frame();
    }
    void hover(ImVec2 at) {
        ImGui::GetIO().MousePos = at;
        frames(2);
    }
    // Longer than the double-click time, so the next click is a single one.
    void pause() { frames(40); }

    // The last window whose name ends with `suffix`, from ImGui's internals: where a dialog or
    // its list was placed. Null when there is none.
    const ImGuiWindow* window(std::string_view suffix) const {
        const ImGuiWindow* found = nullptr;
        for (const ImGuiWindow* w : context_->Windows) {
            const std::string_view name(w->Name);
            if (name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix) found = w;
        }
        return found;
    }
    // The centre of text row `row` of a list window, as Selectables fill it.
    ImVec2 row_centre(const ImGuiWindow* list, int row) const {
        if (!list) return ImVec2(-1.0f, -1.0f);
        const float pitch = ImGui::GetTextLineHeightWithSpacing();
        return ImVec2(list->Pos.x + list->Size.x * 0.5f,
                      list->Pos.y + context_->Style.WindowPadding.y + pitch * static_cast<float>(row) + ImGui::GetTextLineHeight() * 0.5f);
    }

private:
    static void set_key(ImGuiKey key, bool down) { ImGui::GetIO().KeysDown[ImGui::GetIO().KeyMap[key]] = down; }

    ImGuiContext* context_ = nullptr;
    std::function<void()> draw_;
};

}  // namespace marionette::testing
