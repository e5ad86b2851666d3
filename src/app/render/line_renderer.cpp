#include "app/render/line_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace marionette {

Result<std::unique_ptr<LineRenderer>> LineRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "line.vert", shader_dir / "line.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<LineRenderer> r(new LineRenderer());
    r->program_ = std::move(program).value();
    r->u_view_projection_ = r->program_->uniform("u_view_projection");
    r->u_point_size_ = r->program_->uniform("u_point_size");
    r->u_round_points_ = r->program_->uniform("u_round_points");

    r->stream_ = std::make_unique<VertexStream>(
        sizeof(ColoredVertex),
        std::initializer_list<VertexAttribute>{{0, 3, offsetof(ColoredVertex, position)}, {1, 4, offsetof(ColoredVertex, color)}});
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
