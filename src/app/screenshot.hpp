#pragma once

#include <filesystem>

#include "core/result.hpp"

namespace marionette {

// Reads the current back buffer (width x height pixels) and writes it as a PNG.
Status save_framebuffer_png(const std::filesystem::path& file, int width, int height);

}  // namespace marionette
