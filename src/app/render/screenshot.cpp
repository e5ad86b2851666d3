#include "app/render/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <string>
#include <vector>

#include "core/rig/rig_file.hpp"

namespace marionette {

namespace {
void append_bytes(void* context, void* data, int size) {
    auto* out = static_cast<std::string*>(context);
    out->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}
}  // namespace

Status save_framebuffer_png(const std::filesystem::path& file, int x, int y, int width, int height, WriteOptions options) {
    if (width <= 0 || height <= 0) return Error{file.string() + ": nothing to capture"};
    const std::size_t stride = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> pixels(stride * static_cast<std::size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(x, y, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL's rows run bottom to top; PNG's top to bottom.
    stbi_flip_vertically_on_write(1);
    std::string png;
    const int ok = stbi_write_png_to_func(append_bytes, &png, width, height, 3, pixels.data(), static_cast<int>(stride));
    stbi_flip_vertically_on_write(0);
    if (!ok) return Error{file.string() + ": cannot encode the screenshot"};
    if (Status s = write_file_atomically(file, png, options); !s) return s;
    return {};
}

}  // namespace marionette
