#pragma once
// Draws lit triangles: the chain handles built by the editor library (bones are BoneRenderer's).

#include <filesystem>
#include <memory>
#include <vector>

#include "app/render/shader_program.hpp"
#include "app/render/vertex_stream.hpp"
#include "core/base/result.hpp"
#include "editor/viewport/shape_vertex.hpp"

namespace marionette {

class ShapeRenderer {
public:
    static Result<std::unique_ptr<ShapeRenderer>> create(const std::filesystem::path& shader_dir);

    // light_direction: toward the light, in world space.
    void draw(const std::vector<ShapeVertex>& triangles, const glm::mat4& view_projection, const glm::vec3& light_direction);

private:
    ShapeRenderer() = default;
    std::unique_ptr<ShaderProgram> program_;
    std::unique_ptr<VertexStream> stream_;
    int u_view_projection_ = -1;
    int u_light_direction_ = -1;
    int u_ambient_ = -1;
};

}  // namespace marionette
