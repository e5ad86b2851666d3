#pragma once
// Draws the bones instanced: one instance per bone (editor/viewport/bone_shapes.hpp), the unit shapes
// uploaded once, so a frame sends 52 bytes a bone instead of its triangles.

#include <filesystem>
#include <memory>
#include <span>

#include <glm/glm.hpp>

#include "app/render/shader_program.hpp"
#include "core/base/result.hpp"
#include "editor/viewport/bone_shapes.hpp"

namespace marionette {

// What a draw of the bones needs to know of the view.
struct BoneView {
    glm::mat4 view_projection{1.0f};
    glm::vec2 viewport_pixels{1.0f};              // the viewport's size in framebuffer pixels
    float pixels_per_point = 1.0f;                // framebuffer pixels per point, UI scale included
    float world_per_pixel = 1.0f;                 // 2D: world units per framebuffer pixel
    glm::vec3 light_direction{0.0f, 0.0f, 1.0f};  // 3D: toward the light
    glm::vec3 eye{0.0f};                          // 3D: the camera's position
    float world_per_pixel_per_depth = 0.0f;       // 3D: a pixel's world size per unit from the eye
    bool is_2d = true;
};

class BoneRenderer {
public:
    static Result<std::unique_ptr<BoneRenderer>> create(const std::filesystem::path& shader_dir);
    ~BoneRenderer();
    BoneRenderer(const BoneRenderer&) = delete;
    BoneRenderer& operator=(const BoneRenderer&) = delete;

    // The bones' shapes and, with `rings`, a ring at each joint over them (`ring_radius` points).
    // 2D: blended in order, no depth; 3D: the shapes depth-tested, the rings just in front.
    // With rings, depth writes are on afterwards (without, as the caller left them: the ghosts
    // draw with them off).
    void draw(std::span<const BoneInstance> instances, const BoneView& view, bool rings, float ring_radius = 5.0f);

private:
    BoneRenderer() = default;
    void set_up_shape(unsigned vao, unsigned vbo, std::span<const BoneShapeVertex> vertices);

    std::unique_ptr<ShaderProgram> program_;
    unsigned instance_buffer_ = 0;
    unsigned vaos_[3] = {0, 0, 0};     // diamond, octahedron, ring
    unsigned buffers_[3] = {0, 0, 0};  // their unit shapes
    int u_view_projection_ = -1;
    int u_part_ = -1;
    int u_world_per_pixel_ = -1;
    int u_viewport_pixels_ = -1;
    int u_pixels_per_point_ = -1;
    int u_waist_ = -1;
    int u_ring_radius_ = -1;
    int u_ring_band_ = -1;
    int u_light_direction_ = -1;
    int u_ambient_ = -1;
    int u_eye_ = -1;
    int u_world_per_pixel_per_depth_ = -1;
};

}  // namespace marionette
