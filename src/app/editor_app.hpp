#pragma once
// The editor's main object: it owns the window, the renderer and the open document, and runs
// the frame loop. Everything mutable in the editor lives here.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/line_renderer.hpp"
#include "app/shape_renderer.hpp"
#include "app/gl_window.hpp"
#include "core/document.hpp"

namespace marionette {

struct EditorOptions {
    std::filesystem::path data_dir;   // holds shaders/
    int quit_after_frames = 0;        // 0: until the user quits
    std::filesystem::path screenshot; // written after the last frame when set
};

class EditorApp {
public:
    static Result<std::unique_ptr<EditorApp>> create(Document document, EditorOptions options);
    // Returns the process exit code.
    int run();

private:
    EditorApp() = default;
    void handle_events();
    void draw_frame(int frame_width, int frame_height);
    std::string window_title() const;

    EditorOptions options_;
    Document document_;
    std::unique_ptr<GlWindow> window_;
    std::unique_ptr<LineRenderer> lines_;
    std::unique_ptr<ShapeRenderer> shapes_;
    std::vector<Transform> world_;
    // Per-frame buffers, kept to avoid allocating every frame.
    LineDrawData draw_data_;
    std::vector<ShapeVertex> shape_vertices_;
    std::vector<glm::vec3> joint_points_;
    bool quit_ = false;
};

}  // namespace marionette
