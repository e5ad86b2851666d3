#include "app/shape_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace marionette {

Result<std::unique_ptr<ShapeRenderer>> ShapeRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "shape.vert", shader_dir / "shape.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<ShapeRenderer> r(new ShapeRenderer());
    r->program_ = std::move(program).value();
    r->u_view_projection_ = r->program_->uniform("u_view_projection");
    r->u_light_direction_ = r->program_->uniform("u_light_direction");
    r->u_ambient_ = r->program_->uniform("u_ambient");
    glGenVertexArrays(1, &r->vao_);
    glGenBuffers(1, &r->vbo_);
    glBindVertexArray(r->vao_);
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo_);
    const auto stride = static_cast<GLsizei>(sizeof(ShapeVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, normal)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, color)));
    glBindVertexArray(0);
    return r;
}

ShapeRenderer::~ShapeRenderer() {
    if (vbo_) glDeleteBuffers(1, &vbo_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
}

void ShapeRenderer::draw(const std::vector<ShapeVertex>& triangles, const glm::mat4& view_projection,
                         const glm::vec3& light_direction) {
    if (triangles.empty()) return;
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    const glm::vec3 light = glm::normalize(light_direction);
    glUniform3f(u_light_direction_, light.x, light.y, light.z);
    glUniform1f(u_ambient_, 0.45f);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(triangles.size() * sizeof(ShapeVertex)), triangles.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(triangles.size()));
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace marionette
