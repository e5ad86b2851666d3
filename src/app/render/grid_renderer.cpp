#include "app/render/grid_renderer.hpp"

#include <glad/gl.h>

#include <glm/gtc/type_ptr.hpp>

namespace marionette {

namespace {
const glm::vec3 kLineColor{0.36f, 0.38f, 0.42f};
const glm::vec3 kAxisXColor{0.80f, 0.32f, 0.32f};
const glm::vec3 kAxisYColor{0.38f, 0.74f, 0.38f};
const glm::vec3 kAxisZColor{0.38f, 0.54f, 0.90f};
const float kQuad[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
}  // namespace

Result<std::unique_ptr<GridRenderer>> GridRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "grid.vert", shader_dir / "grid.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<GridRenderer> r(new GridRenderer());
    r->program_ = std::move(program).value();
    const ShaderProgram& p = *r->program_;
    r->u_ = {p.uniform("u_view_projection"), p.uniform("u_center"),     p.uniform("u_extent"),           p.uniform("u_is_2d"),
             p.uniform("u_spacing"),         p.uniform("u_finest"),     p.uniform("u_pixels_per_point"), p.uniform("u_fade_from"),
             p.uniform("u_fade_to"),         p.uniform("u_line_color"), p.uniform("u_first_axis_color"), p.uniform("u_second_axis_color")};
    glGenVertexArrays(1, &r->vao_);
    glGenBuffers(1, &r->vbo_);
    glBindVertexArray(r->vao_);
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof kQuad, kQuad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return r;
}

GridRenderer::~GridRenderer() {
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
}

void GridRenderer::draw(const GridPlan& plan, bool is_2d, const glm::mat4& view_projection, float pixels_per_point) {
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_.view_projection, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform2f(u_.center, plan.center.x, plan.center.y);
    glUniform1f(u_.extent, plan.extent);
    glUniform1i(u_.is_2d, is_2d ? 1 : 0);
    glUniform1f(u_.spacing, plan.spacing);
    glUniform1f(u_.finest, kGridFinestPoints);
    glUniform1f(u_.pixels_per_point, pixels_per_point);
    glUniform1f(u_.fade_from, plan.fade_from);
    glUniform1f(u_.fade_to, plan.fade_to);
    glUniform3fv(u_.line_color, 1, glm::value_ptr(kLineColor));
    glUniform3fv(u_.first_axis_color, 1, glm::value_ptr(kAxisXColor));
    glUniform3fv(u_.second_axis_color, 1, glm::value_ptr(is_2d ? kAxisYColor : kAxisZColor));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glUseProgram(0);
}

}  // namespace marionette
