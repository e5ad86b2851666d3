#pragma once
// Draws the ground grid planned by editor/viewport/grid_plan.hpp: one quad, its lines drawn by the shader.

#include <filesystem>
#include <memory>

#include <glm/glm.hpp>

#include "app/render/shader_program.hpp"
#include "core/base/result.hpp"
#include "editor/viewport/grid_plan.hpp"

namespace marionette {

class GridRenderer {
public:
    static Result<std::unique_ptr<GridRenderer>> create(const std::filesystem::path& shader_dir);
    ~GridRenderer();
    GridRenderer(const GridRenderer&) = delete;
    GridRenderer& operator=(const GridRenderer&) = delete;

    void draw(const GridPlan& plan, bool is_2d, const glm::mat4& view_projection, float pixels_per_point);

private:
    GridRenderer() = default;
    std::unique_ptr<ShaderProgram> program_;
    struct Uniforms {
        int view_projection, center, extent, is_2d, spacing, finest, pixels_per_point, fade_from, fade_to, line_color, first_axis_color,
            second_axis_color;
    };
    Uniforms u_{};  // looked up once, not every frame
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
};

}  // namespace marionette
