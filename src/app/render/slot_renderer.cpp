#include "app/render/slot_renderer.hpp"

#include <glad/gl.h>

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

#include "app/render/gl_texture.hpp"
#include "core/image/image_decode.hpp"
#include "core/mesh/slot_images.hpp"

namespace marionette {

Result<std::unique_ptr<SlotRenderer>> SlotRenderer::create(const std::filesystem::path& shader_dir) {
    auto program = ShaderProgram::load(shader_dir / "slot.vert", shader_dir / "slot.frag");
    if (!program) return Error{program.message()};
    std::unique_ptr<SlotRenderer> r(new SlotRenderer());
    r->program_ = std::move(program).value();
    r->u_view_projection_ = r->program_->uniform("u_view_projection");
    r->u_picture_ = r->program_->uniform("u_picture");
    r->stream_ =
        std::make_unique<VertexStream>(sizeof(SlotVertex), std::initializer_list<VertexAttribute>{{0, 3, offsetof(SlotVertex, position)},
                                                                                                  {1, 2, offsetof(SlotVertex, uv)},
                                                                                                  {2, 4, offsetof(SlotVertex, color)}});
    r->placeholder_ = magenta_checker_texture(4, false);
    return r;
}

SlotRenderer::~SlotRenderer() {
    forget_pictures();
    glDeleteTextures(1, &placeholder_);
}

void SlotRenderer::forget_pictures() {
    for (const auto& [name, id] : textures_) {
        if (id != placeholder_) glDeleteTextures(1, &id);
    }
    textures_.clear();
    decoded_ = ReadBudget{};
}

unsigned SlotRenderer::texture_of(const std::string& image) {
    if (auto it = textures_.find(image); it != textures_.end()) return it->second;
    unsigned id = placeholder_;
    Result<std::vector<std::uint8_t>> bytes = read_image_file(folder_ / image);
    // Pictures count against one budget of decoded bytes, from their headers, before any is
    // decoded: forty pictures of 8192 x 8192 would take 10 GB. One whose header does not read
    // counts nothing; decoding it says why.
    Status within;
    if (bytes) {
        if (const Result<glm::ivec2> size = image_size(bytes.value())) within = slot_picture_budget(decoded_, image, size.value());
    }
    if (!bytes) {
        problems_.push_back("\"" + image + "\" shows as a magenta checker: " + bytes.message());
    } else if (!within) {
        problems_.push_back("\"" + image + "\" shows as a magenta checker: " + within.message());
    } else if (Result<DecodedImage> decoded = decode_image(bytes.value()); !decoded) {
        problems_.push_back("\"" + image + "\" shows as a magenta checker: it " + decoded.message());
    } else {
        premultiply_alpha(decoded.value());
        // Mipmaps of premultiplied pixels: zoomed out, a picture averages without shimmer or
        // dark fringes; zoomed in, it is filtered smoothly; clamped, its edge never borrows the
        // opposite edge's pixels.
        id = make_rgba_texture(decoded.value().width, decoded.value().height, decoded.value().rgba.data(), TextureOptions{});
    }
    textures_.emplace(image, id);
    return id;
}

void SlotRenderer::draw(const SlotTriangles& quads, const std::filesystem::path& folder, const glm::mat4& view_projection) {
    if (folder != folder_) {
        forget_pictures();
        folder_ = folder;
    }
    if (quads.vertices.empty()) return;
    glUseProgram(program_->id());
    glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform1i(u_picture_, 0);
    glActiveTexture(GL_TEXTURE0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    stream_->upload(quads.vertices, quads.indices);
    for (const SlotBatch& batch : quads.batches) {
        glBindTexture(GL_TEXTURE_2D, texture_of(*batch.image));
        stream_->draw_indexed_range(GL_TRIANGLES, static_cast<std::size_t>(batch.first), static_cast<std::size_t>(batch.count));
    }
    glDisable(GL_BLEND);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
}

std::vector<std::string> SlotRenderer::take_problems() { return std::exchange(problems_, {}); }

}  // namespace marionette
