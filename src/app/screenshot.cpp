#include "app/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace marionette {

Status save_framebuffer_png(const std::filesystem::path& file, int width, int height) {
    if (width <= 0 || height <= 0) return Error{file.string() + ": nothing to capture"};
    const std::size_t stride = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> pixels(stride * static_cast<std::size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL's rows run bottom to top; PNG's top to bottom.
    stbi_flip_vertically_on_write(1);
    errno = 0;
    const int ok = stbi_write_png(file.c_str(), width, height, 3, pixels.data(), static_cast<int>(stride));
    stbi_flip_vertically_on_write(0);
    if (!ok) return Error{file.string() + ": cannot write the screenshot" + (errno ? std::string(": ") + std::strerror(errno) : "")};
    return {};
}

}  // namespace marionette
