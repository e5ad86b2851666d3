#pragma once
// The SDL2 window with its OpenGL 3.3 core context, glad loaded, and Dear ImGui bound to both.
// One object owns the lot so that shutdown happens in the reverse order of start-up.

#include <array>
#include <memory>
#include <string>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "editor/ui/ui_appearance.hpp"

struct SDL_Window;
union SDL_Event;

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
    // Samples per pixel of the window's framebuffer: 4 where the driver offers multisampling,
    // else 0 (the bones' and grid's edges are still smoothed by their shaders).
    int samples() const { return samples_; }
    // The OpenGL version and renderer the driver reports, and the anti-aliasing in use: a line
    // for the About box.
    std::string graphics_summary() const;
    // The horizontal DPI SDL reports for the window's display; 0 when it reports none.
    float display_dpi() const;
    // ImGui's fonts and style for a UI scale and theme (ui_style.hpp), the font texture made
    // again; between frames. Returns why the UI font could not be used, or empty.
    std::string set_appearance(float scale, UiTheme theme);
    // Every event goes here first: ImGui sees it, and the mouse position and buttons ImGui uses
    // are taken from the events (as later ImGui backends do), not from the pointer's global
    // state, so a replayed script and a hand on the mouse look the same to the panels.
    void process_event(const SDL_Event& event);
    // Starts an ImGui frame. `fixed_step` > 0: ImGui's clock advances by that many seconds a
    // frame instead of by real time, so a scripted run's double-clicks (and ImGui's other
    // timings) do not depend on how fast a loaded machine draws its frames.
    void begin_frame(float fixed_step = 0.0f);
    void render_ui();  // renders ImGui into the back buffer (a screenshot may read it next)
    void present();

private:
    GlWindow() = default;
    SDL_Window* window_ = nullptr;
    void* context_ = nullptr;
    bool sdl_started_ = false;
    bool imgui_started_ = false;
    int samples_ = 0;
    bool frame_begun_ = false;  // the renderer has made its font texture (at the first frame)
    glm::vec2 mouse_{-1.0f};
    bool mouse_inside_ = false;
    std::array<bool, 3> buttons_down_{};
    std::array<bool, 3> pressed_this_frame_{};  // a press and release within one frame still clicks
};

}  // namespace marionette
