#pragma once
// PNG files of RGBA pictures, 8 bits a channel, straight alpha: the pictures an import writes
// beside the rig (a PSD's layers), through libpng.

#include <cstdint>
#include <span>
#include <string>

namespace marionette {

// The PNG file of `width` x `height` pixels (each at least 1), `rgba` holding them row by row
// from the top, four bytes each; empty when `rgba` is shorter or libpng fails (out of memory).
std::string encode_png(std::span<const std::uint8_t> rgba, int width, int height);

}  // namespace marionette
