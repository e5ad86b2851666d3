#include "app/editor_app.hpp"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <cmath>
#include <iostream>

#include "app/bone_list_panel.hpp"
#include "app/screenshot.hpp"
#include "app/view_camera.hpp"
#include "core/forward_kinematics.hpp"

namespace marionette {

namespace {
constexpr float kPanelWidth = 260.0f;  // in window points
}

Result<std::unique_ptr<EditorApp>> EditorApp::create(Document document, EditorOptions options) {
    std::unique_ptr<EditorApp> app(new EditorApp());
    app->options_ = std::move(options);
    app->document_ = std::move(document);
    auto window = GlWindow::create(app->window_title(), 1280, 800);
    if (!window) return Error{window.message()};
    app->window_ = std::move(window).value();
    auto lines = LineRenderer::create(app->options_.data_dir / "shaders");
    if (!lines) return Error{lines.message()};
    app->lines_ = std::move(lines).value();
    auto shapes = ShapeRenderer::create(app->options_.data_dir / "shaders");
    if (!shapes) return Error{shapes.message()};
    app->shapes_ = std::move(shapes).value();
    return app;
}

std::string EditorApp::window_title() const {
    const std::string name = document_.path().empty() ? "untitled" : document_.path().filename().string();
    return (document_.modified() ? "*" : "") + name + " - Marionette";
}

void EditorApp::handle_events() {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        if (e.type == SDL_QUIT) quit_ = true;
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE) quit_ = true;
        // Input goes to ImGui first; the editor acts only on what ImGui does not want.
        if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE && !ImGui::GetIO().WantCaptureKeyboard) quit_ = true;
    }
}

void EditorApp::draw_frame(int frame_width, int frame_height) {
    const Rig& rig = document_.rig();
    world_.resize(rig.skeleton.size());
    const ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world_};
    const bool posed = fk.validate().ok();
    if (posed) fk.run();

    int window_width = 0;
    int window_height = 0;
    SDL_GetWindowSize(window_->sdl(), &window_width, &window_height);
    const float pixels_per_point = window_width > 0 ? static_cast<float>(frame_width) / static_cast<float>(window_width) : 1.0f;
    const int panel_pixels = static_cast<int>(kPanelWidth * pixels_per_point);
    const int view_x = std::min(panel_pixels, frame_width - 1);
    const int view_w = std::max(1, frame_width - view_x);

    glViewport(0, 0, frame_width, frame_height);
    glClearColor(0.13f, 0.14f, 0.16f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

    if (posed) {
        draw_data_.lines.clear();
        draw_data_.points.clear();
        joint_points_.clear();
        for (std::size_t i = 0; i < world_.size(); ++i) {
            joint_points_.push_back(world_[i].translation);
            joint_points_.push_back(bone_tip(world_[i], rig.skeleton[i].length));
        }
        const Bounds bounds = bounds_of(joint_points_);
        // A power-of-ten spacing near a tenth of the rig's size; the grid reaches past the rig.
        const float size = std::max(bounds.radius(), 1e-3f);
        const float spacing = std::pow(10.0f, std::floor(std::log10(size * 0.2f)));
        const float reach = glm::length(bounds.center()) + 2.0f * size;
        build_grid(spacing, std::min(200, static_cast<int>(std::ceil(reach / spacing))), rig.is_2d(), draw_data_);
        glViewport(view_x, 0, view_w, frame_height);
        const float aspect = static_cast<float>(view_w) / static_cast<float>(std::max(frame_height, 1));
        const glm::mat4 view_projection = framing_view_projection(bounds, rig.is_2d(), aspect);
        lines_->draw(draw_data_, view_projection, 9.0f * pixels_per_point);
        // Joint discs keep their size on screen: about 4.5 pixels of radius at any zoom. For the
        // orthographic 2D view one pixel is 2 / (scale_y * height) world units.
        const float world_per_pixel = 2.0f / (std::fabs(view_projection[1][1]) * static_cast<float>(std::max(frame_height, 1)));
        shape_vertices_.clear();
        build_bone_shapes(rig.skeleton, world_, rig.is_2d(), {}, 4.5f * pixels_per_point * world_per_pixel, shape_vertices_);
        if (!rig.is_2d()) {
            glEnable(GL_DEPTH_TEST);
            glClear(GL_DEPTH_BUFFER_BIT);  // bones over the grid, but sorted among themselves
        }
        shapes_->draw(shape_vertices_, view_projection, rig.is_2d() ? glm::vec3{0, 0, 1} : glm::vec3{0.35f, 0.8f, 0.5f});
        glDisable(GL_DEPTH_TEST);
        glViewport(0, 0, frame_width, frame_height);
    }

    window_->begin_frame();
    draw_bone_list_panel(rig, kPanelWidth, static_cast<float>(window_height));
    window_->render_ui();
}

int EditorApp::run() {
    for (int frame = 1; !quit_; ++frame) {
        handle_events();
        int w = 0;
        int h = 0;
        window_->drawable_size(w, h);
        draw_frame(w, h);
        const bool last = options_.quit_after_frames > 0 && frame >= options_.quit_after_frames;
        if (last && !options_.screenshot.empty()) {
            if (Status s = save_framebuffer_png(options_.screenshot, w, h); !s) {
                std::cerr << "marionette: " << s.message() << '\n';
                return 1;
            }
        }
        window_->present();
        if (last) quit_ = true;
    }
    return 0;
}

}  // namespace marionette
