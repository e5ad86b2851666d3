#include "app/render/gl_window.hpp"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cfloat>
#include <cstdlib>
#include <string_view>

#include "app/ui/ui_style.hpp"

namespace marionette {

namespace {
// Samples per pixel asked of the driver: 4 smooths edges well at a quarter of 8's memory.
constexpr int kWantedSamples = 4;
}  // namespace

Result<std::unique_ptr<GlWindow>> GlWindow::create(const std::string& title, int width, int height) {
    std::unique_ptr<GlWindow> w(new GlWindow());
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) return Error{std::string("SDL_Init failed: ") + SDL_GetError()};
    w->sdl_started_ = true;

    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);

    // Multisampled first (smooth 3D silhouettes and lines); where the driver has no such
    // framebuffer, or refuses the context on it, a plain one.
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    // MARIONETTE_MSAA=0 turns multisampling off (a driver that is slow or wrong with it).
    const char* msaa = std::getenv("MARIONETTE_MSAA");
    const int wanted = msaa && std::string_view(msaa) == "0" ? 0 : kWantedSamples;
    for (const int samples : {wanted, 0}) {
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 0 ? 1 : 0);
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples);
        w->window_ = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
        if (!w->window_) {
            if (samples > 0) continue;
            return Error{std::string("cannot open a window: ") + SDL_GetError()};
        }
        w->context_ = SDL_GL_CreateContext(w->window_);
        if (w->context_) break;
        if (samples == 0) return Error{std::string("cannot create an OpenGL 3.3 core context: ") + SDL_GetError()};
        SDL_DestroyWindow(w->window_);
        w->window_ = nullptr;
    }
    SDL_GL_MakeCurrent(w->window_, w->context_);
    if (gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress)) == 0) {
        return Error{"cannot load the OpenGL functions (glad)"};
    }
    SDL_GL_SetSwapInterval(1);  // vsync; ignored where unsupported
    int samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    w->samples_ = samples;
    if (samples > 0) glEnable(GL_MULTISAMPLE);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // never write imgui.ini into the working directory
    ImGui_ImplSDL2_InitForOpenGL(w->window_, w->context_);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    w->imgui_started_ = true;
    return w;
}

GlWindow::~GlWindow() {
    if (imgui_started_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
    }
    if (context_) SDL_GL_DeleteContext(context_);
    if (window_) SDL_DestroyWindow(window_);
    if (sdl_started_) SDL_Quit();
}

void GlWindow::drawable_size(int& width, int& height) const { SDL_GL_GetDrawableSize(window_, &width, &height); }

void GlWindow::set_title(const std::string& title) { SDL_SetWindowTitle(window_, title.c_str()); }

std::string GlWindow::graphics_summary() const {
    const auto text = [](GLenum name) {
        const auto* s = reinterpret_cast<const char*>(glGetString(name));
        return std::string(s ? s : "?");
    };
    const std::string smoothing =
        samples_ > 0 ? std::to_string(samples_) + "x multisampling" : "no multisampling (edges smoothed by the shaders)";
    return "OpenGL " + text(GL_VERSION) + " on " + text(GL_RENDERER) + ", " + smoothing;
}

float GlWindow::display_dpi() const {
    const int display = SDL_GetWindowDisplayIndex(window_);
    float diagonal = 0.0f;
    float horizontal = 0.0f;
    float vertical = 0.0f;
    if (display < 0 || SDL_GetDisplayDPI(display, &diagonal, &horizontal, &vertical) != 0) return 0.0f;
    return horizontal;
}

std::string GlWindow::set_appearance(float scale, UiTheme theme) {
    // Before the first frame the renderer has no font texture yet: it makes one from the atlas.
    if (frame_begun_) ImGui_ImplOpenGL3_DestroyFontsTexture();
    std::string problem = load_ui_font(scale);
    ImGui::GetStyle() = ui_style(scale, theme);
    if (frame_begun_) ImGui_ImplOpenGL3_CreateFontsTexture();
    return problem;
}

namespace {
// ImGui's mouse buttons 0, 1, 2 are left, right, middle.
int imgui_button(Uint8 sdl_button) {
    switch (sdl_button) {
        case SDL_BUTTON_LEFT: return 0;
        case SDL_BUTTON_RIGHT: return 1;
        case SDL_BUTTON_MIDDLE: return 2;
        default: return -1;
    }
}
}  // namespace

void GlWindow::process_event(const SDL_Event& e) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) {
        // ImGui 1.86's backend reads the modifiers as SDL holds them when the event is handled,
        // which is after every event of the batch was gathered: a Ctrl let go within the same
        // frame as its Z would be gone. The key's own event has them as they were.
        ImGuiIO& io = ImGui::GetIO();
        const unsigned mods = e.key.keysym.mod;
        io.KeyShift = (mods & KMOD_SHIFT) != 0;
        io.KeyCtrl = (mods & KMOD_CTRL) != 0;
        io.KeyAlt = (mods & KMOD_ALT) != 0;
        io.KeySuper = (mods & KMOD_GUI) != 0;
    }
    switch (e.type) {
        case SDL_MOUSEMOTION:
            mouse_ = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
            mouse_inside_ = true;
            break;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP: {
            mouse_ = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
            mouse_inside_ = true;
            const int b = imgui_button(e.button.button);
            if (b < 0) break;
            buttons_down_[static_cast<std::size_t>(b)] = e.type == SDL_MOUSEBUTTONDOWN;
            if (e.type == SDL_MOUSEBUTTONDOWN) pressed_this_frame_[static_cast<std::size_t>(b)] = true;
            break;
        }
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_LEAVE) mouse_inside_ = false;
            break;
        default: break;
    }
}

void GlWindow::begin_frame(float fixed_step) {
    ImGui_ImplOpenGL3_NewFrame();
    frame_begun_ = true;
    ImGui_ImplSDL2_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (fixed_step > 0.0f) io.DeltaTime = fixed_step;
    const bool held = buttons_down_[0] || buttons_down_[1] || buttons_down_[2];
    // Outside the window ImGui must not see a stale position, unless a drag holds the mouse.
    io.MousePos = mouse_inside_ || held ? ImVec2(mouse_.x, mouse_.y) : ImVec2(-FLT_MAX, -FLT_MAX);
    for (std::size_t b = 0; b < 3; ++b) {
        io.MouseDown[b] = buttons_down_[b] || pressed_this_frame_[b];
        pressed_this_frame_[b] = false;
    }
    ImGui::NewFrame();
}

void GlWindow::render_ui() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void GlWindow::present() { SDL_GL_SwapWindow(window_); }

}  // namespace marionette
