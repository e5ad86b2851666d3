#pragma once
// The editor's main object: it owns the window, the renderers, the open document, its undo
// history and the viewport controller, and runs the frame loop. Everything mutable in the editor
// lives here.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/gl_window.hpp"
#include "app/line_renderer.hpp"
#include "app/shape_renderer.hpp"
#include "app/viewport_controller.hpp"
#include "core/document.hpp"
#include "editor/history.hpp"

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
    void pose_world();
    void draw_viewport(int frame_width, int frame_height, float pixels_per_point);
    void draw_frame(int frame_width, int frame_height);
    void save();
    Viewport viewport() const;
    std::string window_title() const;

    EditorOptions options_;
    Document document_;
    History history_;
    std::unique_ptr<ViewportController> controller_;
    std::unique_ptr<GlWindow> window_;
    std::unique_ptr<LineRenderer> lines_;
    std::unique_ptr<ShapeRenderer> shapes_;
    std::vector<Transform> world_;
    // Per-frame buffers, kept to avoid allocating every frame.
    LineDrawData draw_data_;
    std::vector<ShapeVertex> shape_vertices_;
    std::vector<BoneLook> looks_;
    std::string status_;  // the last file message (saved, or why not)
    bool framed_ = false;
    bool quit_ = false;
};

}  // namespace marionette
