#include "app/render/gl_texture.hpp"

#include <glad/gl.h>

#include <vector>

namespace marionette {

unsigned make_rgba_texture(int width, int height, const std::uint8_t* rgba, TextureOptions options) {
    unsigned id = 0;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, options.srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (options.smooth) glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, options.smooth ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, options.smooth ? GL_LINEAR : GL_NEAREST);
    const GLint wrap = options.repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    glBindTexture(GL_TEXTURE_2D, 0);
    return id;
}

unsigned magenta_checker_texture(int cells, bool repeat) {
    std::vector<std::uint8_t> checker;
    for (int y = 0; y < cells; ++y) {
        for (int x = 0; x < cells; ++x) {
            const std::uint8_t on = (x + y) % 2 == 0 ? 255 : 0;
            checker.insert(checker.end(), {on, 0, on, 255});
        }
    }
    return make_rgba_texture(cells, cells, checker.data(), TextureOptions{false, false, repeat});
}

}  // namespace marionette
