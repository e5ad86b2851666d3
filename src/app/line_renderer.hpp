#pragma once
// Draws lines and round points: the ground grid and its axes (and later handles). Bones are
// solid shapes, drawn by ShapeRenderer.

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "app/shader_program.hpp"
#include "core/result.hpp"
#include "core/skeleton.hpp"

namespace marionette {

struct ColoredVertex {
    glm::vec3 position;
    glm::vec4 color;
};

// The draw data for one frame, built on the CPU (and testable without GL).
struct LineDrawData {
    std::vector<ColoredVertex> lines;   // pairs
    std::vector<ColoredVertex> points;
};

void build_grid(float spacing, int half_count, bool is_2d, LineDrawData& out);

class LineRenderer {
public:
    static Result<std::unique_ptr<LineRenderer>> create(const std::filesystem::path& shader_dir);
    ~LineRenderer();
    LineRenderer(const LineRenderer&) = delete;
    LineRenderer& operator=(const LineRenderer&) = delete;

    void draw(const LineDrawData& data, const glm::mat4& view_projection, float point_size);

private:
    LineRenderer() = default;
    void draw_vertices(const std::vector<ColoredVertex>& vertices, unsigned mode);

    std::unique_ptr<ShaderProgram> program_;
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
    int u_view_projection_ = -1;
    int u_point_size_ = -1;
    int u_round_points_ = -1;
};

}  // namespace marionette
