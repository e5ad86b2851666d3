#include "app/render/mesh_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>

#include <glm/gtc/type_ptr.hpp>

#include "app/render/gl_texture.hpp"
#include "core/image/image_decode.hpp"
#include "core/mesh/mesh_skinning.hpp"

namespace marionette {

namespace {

struct GpuVertex {
    glm::vec3 position;
    glm::vec3 normal;
    glm::vec2 uv;
    std::uint16_t joints[kInfluencesPerVertex];
    glm::vec4 weights;
};

// Smooth normals from the triangles, weighted by their area, for a mesh that has none.
std::vector<glm::vec3> computed_normals(const Mesh& mesh) {
    std::vector<glm::vec3> normals(mesh.positions.size(), glm::vec3(0.0f));
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const std::uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
        const glm::vec3 n = glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
        normals[a] += n;
        normals[b] += n;
        normals[c] += n;
    }
    for (glm::vec3& n : normals) n = glm::length(n) > 0.0f ? glm::normalize(n) : glm::vec3(0.0f, 0.0f, 1.0f);
    return normals;
}

}  // namespace

struct MeshRenderer::GpuMesh {
    unsigned vao = 0;
    unsigned vbo = 0;
    unsigned ebo = 0;
    int index_count = 0;
};

Result<std::unique_ptr<MeshRenderer>> MeshRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "mesh.vert", shader_dir / "mesh.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<MeshRenderer> r(new MeshRenderer());
    r->program_ = std::move(program).value();
    r->u_view_projection_ = r->program_->uniform("u_view_projection");
    r->u_palette_ = r->program_->uniform("u_palette");
    r->u_base_color_ = r->program_->uniform("u_base_color");
    r->u_color_ = r->program_->uniform("u_color");
    r->u_light_direction_ = r->program_->uniform("u_light_direction");
    r->u_ambient_ = r->program_->uniform("u_ambient");
    const unsigned char white[4] = {255, 255, 255, 255};
    r->white_ = make_rgba_texture(1, 1, white, TextureOptions{false, false, true});
    glGenTextures(1, &r->palette_);
    glBindTexture(GL_TEXTURE_2D, r->palette_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    return r;
}

MeshRenderer::~MeshRenderer() {
    release();
    glDeleteTextures(1, &white_);
    glDeleteTextures(1, &palette_);
}

void MeshRenderer::release() {
    for (GpuMesh& m : meshes_) {
        glDeleteVertexArrays(1, &m.vao);
        glDeleteBuffers(1, &m.vbo);
        glDeleteBuffers(1, &m.ebo);
    }
    meshes_.clear();
    for (unsigned t : textures_) {
        if (t != white_) glDeleteTextures(1, &t);
    }
    textures_.clear();
    uploaded_.reset();
}

unsigned MeshRenderer::texture_of(const MeshImage& image) {
    const Result<DecodedImage> decoded = decode_image(image.bytes);
    if (!decoded) {
        problems_.push_back("the image \"" + image.name + "\" " + decoded.message() + ": its meshes show a magenta checker");
        return magenta_checker_texture(2, true);
    }
    // glTF's uv origin is the image's top-left corner, as the decoded first row: no flip.
    return make_rgba_texture(decoded.value().width, decoded.value().height, decoded.value().rgba.data(), TextureOptions{true, true, true});
}

void MeshRenderer::upload(const std::shared_ptr<const MeshSet>& set) {
    release();
    uploaded_ = set;
    if (!set) return;
    for (const MeshImage& image : set->images) textures_.push_back(texture_of(image));
    std::vector<GpuVertex> vertices;
    for (const Mesh& mesh : set->meshes) {
        const std::vector<glm::vec3> normals = mesh.normals.empty() ? computed_normals(mesh) : mesh.normals;
        vertices.assign(mesh.positions.size(), GpuVertex{});
        for (std::size_t v = 0; v < vertices.size(); ++v) {
            GpuVertex& g = vertices[v];
            g.position = mesh.positions[v];
            g.normal = normals[v];
            g.uv = mesh.uvs.empty() ? glm::vec2(0.0f) : mesh.uvs[v];
            if (mesh.is_skinned()) {
                for (std::size_t k = 0; k < kInfluencesPerVertex; ++k) g.joints[k] = mesh.influences[v].joints[k];
                g.weights = mesh.influences[v].weights;
            } else {
                g.weights = {1.0f, 0.0f, 0.0f, 0.0f};  // all on the one matrix of a rigid or static mesh
            }
        }
        GpuMesh m;
        glGenVertexArrays(1, &m.vao);
        glGenBuffers(1, &m.vbo);
        glGenBuffers(1, &m.ebo);
        glBindVertexArray(m.vao);
        glBindBuffer(GL_ARRAY_BUFFER, m.vbo);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(GpuVertex)), vertices.data(), GL_STATIC_DRAW);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ebo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)), mesh.indices.data(),
                     GL_STATIC_DRAW);
        const auto stride = static_cast<GLsizei>(sizeof(GpuVertex));
        const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(GpuVertex, position)));
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(GpuVertex, normal)));
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(GpuVertex, uv)));
        glEnableVertexAttribArray(3);
        glVertexAttribIPointer(3, 4, GL_UNSIGNED_SHORT, stride, at(offsetof(GpuVertex, joints)));
        glEnableVertexAttribArray(4);
        glVertexAttribPointer(4, 4, GL_FLOAT, GL_FALSE, stride, at(offsetof(GpuVertex, weights)));
        glBindVertexArray(0);
        m.index_count = static_cast<int>(mesh.indices.size());
        meshes_.push_back(m);
    }
}

void MeshRenderer::draw(const Rig& rig, const Pose& pose, std::span<const Transform> world, const glm::mat4& view_projection,
                        const glm::vec3& light_direction) {
    if (rig.meshes.shared() != uploaded_) upload(rig.meshes.shared());
    if (!uploaded_ || !pose.fits(world.size())) return;
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    const glm::vec3 light = glm::normalize(light_direction);
    glUniform3f(u_light_direction_, light.x, light.y, light.z);
    glUniform1f(u_ambient_, 0.35f);
    glUniform1i(u_palette_, 0);
    glUniform1i(u_base_color_, 1);
    for (std::size_t i = 0; i < meshes_.size(); ++i) {
        const Mesh& mesh = uploaded_->meshes[i];
        matrices_.resize(palette_size(mesh));
        const JointMatricesJob job{&mesh, world, &pose, matrices_};
        // A rig edited since the upload (a bone deleted under a mesh) draws nothing wrong.
        if (!job.validate().ok()) continue;
        job.run();
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, palette_);
        // Allocated once for the largest palette, then refilled: no reallocation a frame.
        const auto rows = static_cast<GLsizei>(matrices_.size());
        if (rows > palette_rows_) {
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, rows, 0, GL_RGBA, GL_FLOAT, nullptr);
            palette_rows_ = rows;
        }
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, rows, GL_RGBA, GL_FLOAT, matrices_.data());
        glActiveTexture(GL_TEXTURE1);
        const int image = mesh.material.image;
        glBindTexture(GL_TEXTURE_2D, image >= 0 ? textures_[static_cast<std::size_t>(image)] : white_);
        const glm::vec4& c = mesh.material.base_color;
        glUniform4f(u_color_, c.r, c.g, c.b, c.a);
        glBindVertexArray(meshes_[i].vao);
        glDrawElements(GL_TRIANGLES, meshes_[i].index_count, GL_UNSIGNED_INT, nullptr);
    }
    glBindVertexArray(0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
}

std::vector<std::string> MeshRenderer::take_problems() { return std::exchange(problems_, {}); }

}  // namespace marionette
