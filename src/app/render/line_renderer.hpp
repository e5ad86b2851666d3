#pragma once
// Draws lines and round points: what the viewport shows over the bones (limit arcs, pole
// lines, the gizmo's rings, a picture's outline and pivot).

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "app/render/shader_program.hpp"
#include "app/render/vertex_stream.hpp"
#include "core/base/result.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

struct ColoredVertex {
    glm::vec3 position;
    glm::vec4 color;
};

// The draw data for one frame, built on the CPU (and testable without GL).
struct LineDrawData {
    std::vector<ColoredVertex> lines;  // pairs
    std::vector<ColoredVertex> points;
};

class LineRenderer {
public:
    static Result<std::unique_ptr<LineRenderer>> create(const std::filesystem::path& shader_dir);

    void draw(const LineDrawData& data, const glm::mat4& view_projection, float point_size);

private:
    LineRenderer() = default;
    std::unique_ptr<ShaderProgram> program_;
    std::unique_ptr<VertexStream> stream_;
    int u_view_projection_ = -1;
    int u_point_size_ = -1;
    int u_round_points_ = -1;
};

}  // namespace marionette
