#pragma once

#include <filesystem>

#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"

namespace marionette {

// Reads a rectangle of the current back buffer (framebuffer pixels, x and y from the bottom-left
// as GL counts) and writes it as a PNG, atomically: a failed write leaves no half file.
Status save_framebuffer_png(const std::filesystem::path& file, int x, int y, int width, int height, WriteOptions options = {});

// The whole back buffer.
inline Status save_framebuffer_png(const std::filesystem::path& file, int width, int height, WriteOptions options = {}) {
    return save_framebuffer_png(file, 0, 0, width, height, options);
}

}  // namespace marionette
