#pragma once
// RGBA textures as the renderers make them, and the checker that stands in for a picture that
// cannot be shown. Call with a GL context current.

#include <cstdint>

namespace marionette {

struct TextureOptions {
    bool srgb = false;    // the pixels are sRGB-encoded colours read in linear light (meshes)
    bool smooth = true;   // mipmapped and filtered linearly; else nearest pixels, no mipmaps
    bool repeat = false;  // the picture repeats past its edges (glTF's default); else clamped
};

// A texture of `width` x `height` RGBA pixels, rows from the top, tightly packed.
unsigned make_rgba_texture(int width, int height, const std::uint8_t* rgba, TextureOptions options);

// A picture that cannot be shown: a magenta and black checker, `cells` a side, seen at once.
unsigned magenta_checker_texture(int cells, bool repeat);

}  // namespace marionette
