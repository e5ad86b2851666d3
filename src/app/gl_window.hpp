#pragma once
// The SDL2 window with its OpenGL 3.3 core context, glad loaded, and Dear ImGui bound to both.
// One object owns the lot so that shutdown happens in the reverse order of start-up.

#include <memory>
#include <string>

#include "core/result.hpp"

struct SDL_Window;

namespace marionette {

class GlWindow {
public:
    static Result<std::unique_ptr<GlWindow>> create(const std::string& title, int width, int height);
    ~GlWindow();
    GlWindow(const GlWindow&) = delete;
    GlWindow& operator=(const GlWindow&) = delete;

    SDL_Window* sdl() const { return window_; }
    // Size in pixels of the framebuffer (larger than the window size on high-DPI screens).
    void drawable_size(int& width, int& height) const;
    void set_title(const std::string& title);
    void begin_frame();   // starts an ImGui frame
    void render_ui();     // renders ImGui into the back buffer (a screenshot may read it next)
    void present();

private:
    GlWindow() = default;
    SDL_Window* window_ = nullptr;
    void* context_ = nullptr;
    bool sdl_started_ = false;
    bool imgui_started_ = false;
};

}  // namespace marionette
