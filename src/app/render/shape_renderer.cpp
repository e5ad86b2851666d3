#include "app/render/shape_renderer.hpp"

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
    r->stream_ =
        std::make_unique<VertexStream>(sizeof(ShapeVertex), std::initializer_list<VertexAttribute>{{0, 3, offsetof(ShapeVertex, position)},
                                                                                                   {1, 3, offsetof(ShapeVertex, normal)},
                                                                                                   {2, 4, offsetof(ShapeVertex, color)}});
    return r;
}

void ShapeRenderer::draw(const std::vector<ShapeVertex>& triangles, const glm::mat4& view_projection, const glm::vec3& light_direction) {
    if (triangles.empty()) return;
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    const glm::vec3 light = glm::normalize(light_direction);
    glUniform3f(u_light_direction_, light.x, light.y, light.z);
    glUniform1f(u_ambient_, 0.45f);
    stream_->draw(triangles, GL_TRIANGLES);
    glUseProgram(0);
}

}  // namespace marionette
