#pragma once
// A corner of a lit, coloured triangle: what the handles over the bones are built of
// (chain_handles.hpp) and app/render/shape_renderer draws.

#include <glm/glm.hpp>

namespace marionette {

struct ShapeVertex {
    glm::vec3 position;
    glm::vec3 normal;  // (0, 0, 1) for flat 2D shapes
    glm::vec4 color;
};

}  // namespace marionette
