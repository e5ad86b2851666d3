#include "app/render/bone_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace marionette {

namespace {

enum Part { kDiamond = 0, kOctahedron = 1, kRing = 2 };

// The ring's quad, corners at +-1 (two triangles).
const BoneShapeVertex kRingQuad[] = {{{-1, -1, 0}, {}}, {{1, -1, 0}, {}}, {{1, 1, 0}, {}},
                                     {{-1, -1, 0}, {}}, {{1, 1, 0}, {}},  {{-1, 1, 0}, {}}};

// The ring's thickness in points.
constexpr float kRingBand = 2.5f;

void* at(std::size_t offset) { return reinterpret_cast<void*>(offset); }

}  // namespace

Result<std::unique_ptr<BoneRenderer>> BoneRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "bone.vert", shader_dir / "bone.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<BoneRenderer> r(new BoneRenderer());
    r->program_ = std::move(program).value();
    const ShaderProgram& p = *r->program_;
    r->u_view_projection_ = p.uniform("u_view_projection");
    r->u_part_ = p.uniform("u_part");
    r->u_world_per_pixel_ = p.uniform("u_world_per_pixel");
    r->u_viewport_pixels_ = p.uniform("u_viewport_pixels");
    r->u_pixels_per_point_ = p.uniform("u_pixels_per_point");
    r->u_waist_ = p.uniform("u_waist");
    r->u_ring_radius_ = p.uniform("u_ring_radius");
    r->u_ring_band_ = p.uniform("u_ring_band");
    r->u_light_direction_ = p.uniform("u_light_direction");
    r->u_ambient_ = p.uniform("u_ambient");
    r->u_eye_ = p.uniform("u_eye");
    r->u_world_per_pixel_per_depth_ = p.uniform("u_world_per_pixel_per_depth");
    glGenBuffers(1, &r->instance_buffer_);
    glGenVertexArrays(3, r->vaos_);
    glGenBuffers(3, r->buffers_);
    r->set_up_shape(r->vaos_[kDiamond], r->buffers_[kDiamond], diamond_vertices());
    r->set_up_shape(r->vaos_[kOctahedron], r->buffers_[kOctahedron], octahedron_vertices());
    r->set_up_shape(r->vaos_[kRing], r->buffers_[kRing], kRingQuad);
    return r;
}

BoneRenderer::~BoneRenderer() {
    glDeleteBuffers(1, &instance_buffer_);
    glDeleteBuffers(3, buffers_);
    glDeleteVertexArrays(3, vaos_);
}

void BoneRenderer::set_up_shape(unsigned vao, unsigned vbo, std::span<const BoneShapeVertex> vertices) {
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size_bytes()), vertices.data(), GL_STATIC_DRAW);
    constexpr auto shape_stride = static_cast<GLsizei>(sizeof(BoneShapeVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, shape_stride, at(offsetof(BoneShapeVertex, corner)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, shape_stride, at(offsetof(BoneShapeVertex, edges)));
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    constexpr auto stride = static_cast<GLsizei>(sizeof(BoneInstance));
    struct Attribute {
        unsigned location;
        int count;
        GLenum type;
        GLboolean normalized;
        std::size_t offset;
    };
    // joint and outline width are adjacent: one vec4.
    static_assert(offsetof(BoneInstance, outline_width) == offsetof(BoneInstance, joint) + sizeof(glm::vec3));
    const Attribute attributes[] = {{2, 4, GL_FLOAT, GL_FALSE, offsetof(BoneInstance, joint)},
                                    {3, 4, GL_FLOAT, GL_FALSE, offsetof(BoneInstance, rotation)},
                                    {4, 3, GL_FLOAT, GL_FALSE, offsetof(BoneInstance, size)},
                                    {5, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(BoneInstance, fill)},
                                    {6, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(BoneInstance, outline)}};
    for (const Attribute& a : attributes) {
        glEnableVertexAttribArray(a.location);
        glVertexAttribPointer(a.location, a.count, a.type, a.normalized, stride, at(a.offset));
        glVertexAttribDivisor(a.location, 1);
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void BoneRenderer::draw(std::span<const BoneInstance> instances, const BoneView& view, bool rings, float ring_radius) {
    if (instances.empty()) return;
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size_bytes()), instances.data(), GL_STREAM_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view.view_projection));
    glUniform1f(u_world_per_pixel_, view.world_per_pixel);
    glUniform2f(u_viewport_pixels_, view.viewport_pixels.x, view.viewport_pixels.y);
    glUniform1f(u_pixels_per_point_, view.pixels_per_point);
    glUniform1f(u_waist_, kBoneWaist);
    glUniform1f(u_ring_radius_, ring_radius);
    glUniform1f(u_ring_band_, kRingBand);
    const glm::vec3 light = glm::normalize(view.light_direction);
    glUniform3f(u_light_direction_, light.x, light.y, light.z);
    glUniform1f(u_ambient_, 0.45f);
    glUniform3f(u_eye_, view.eye.x, view.eye.y, view.eye.z);
    glUniform1f(u_world_per_pixel_per_depth_, view.is_2d ? 0.0f : view.world_per_pixel_per_depth);
    const auto count = static_cast<GLsizei>(instances.size());
    // 2D shapes' and every ring's edges are smoothed by blending their coverage.
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    const Part shape = view.is_2d ? kDiamond : kOctahedron;
    glUniform1i(u_part_, shape);
    glBindVertexArray(vaos_[shape]);
    const std::span<const BoneShapeVertex> vertices = view.is_2d ? diamond_vertices() : octahedron_vertices();
    glDrawArraysInstanced(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()), count);
    if (rings) {
        // Rings write no depth: they sit in front of their joint, not in the scene.
        glDepthMask(GL_FALSE);
        glUniform1i(u_part_, kRing);
        glBindVertexArray(vaos_[kRing]);
        glDrawArraysInstanced(GL_TRIANGLES, 0, 6, count);
        glDepthMask(GL_TRUE);
    }
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glUseProgram(0);
}

}  // namespace marionette
