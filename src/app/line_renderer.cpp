#include "app/line_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace marionette {

namespace {
const glm::vec4 kGridColor{0.26f, 0.28f, 0.31f, 1.0f};
const glm::vec4 kAxisXColor{0.75f, 0.30f, 0.30f, 1.0f};
const glm::vec4 kAxisYColor{0.35f, 0.70f, 0.35f, 1.0f};
const glm::vec4 kAxisZColor{0.35f, 0.50f, 0.85f, 1.0f};
}  // namespace

void build_grid(float spacing, int half_count, bool is_2d, LineDrawData& out) {
    const float extent = spacing * static_cast<float>(half_count);
    // 2D grids lie in the xy plane; 3D grids on the ground, the xz plane.
    auto at = [is_2d](float a, float b) { return is_2d ? glm::vec3{a, b, 0.0f} : glm::vec3{a, 0.0f, b}; };
    for (int i = -half_count; i <= half_count; ++i) {
        const float s = spacing * static_cast<float>(i);
        const glm::vec4 ca = i == 0 ? (is_2d ? kAxisYColor : kAxisZColor) : kGridColor;
        const glm::vec4 cb = i == 0 ? kAxisXColor : kGridColor;
        out.lines.push_back({at(s, -extent), ca});
        out.lines.push_back({at(s, extent), ca});
        out.lines.push_back({at(-extent, s), cb});
        out.lines.push_back({at(extent, s), cb});
    }
}

Result<std::unique_ptr<LineRenderer>> LineRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "bone.vert", shader_dir / "bone.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<LineRenderer> r(new LineRenderer());
    r->program_ = std::move(program).value();
    r->u_view_projection_ = r->program_->uniform("u_view_projection");
    r->u_point_size_ = r->program_->uniform("u_point_size");
    r->u_round_points_ = r->program_->uniform("u_round_points");

    r->stream_ = std::make_unique<VertexStream>(sizeof(ColoredVertex),
                                                std::initializer_list<VertexAttribute>{{0, 3, offsetof(ColoredVertex, position)},
                                                                                       {1, 4, offsetof(ColoredVertex, color)}});
    return r;
}

void LineRenderer::draw(const LineDrawData& data, const glm::mat4& view_projection, float point_size) {
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform1f(u_point_size_, point_size);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glUniform1i(u_round_points_, 0);
    stream_->draw(data.lines, GL_LINES);
    glUniform1i(u_round_points_, 1);
    stream_->draw(data.points, GL_POINTS);
    glUseProgram(0);
}

}  // namespace marionette
