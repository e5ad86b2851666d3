#pragma once
// A layer's picture trimmed to the pixels that show: the smallest rectangle holding every pixel
// whose alpha is above 0, and those pixels copied out.

#include <cstdint>
#include <vector>

#include "core/io/psd/psd_document.hpp"

namespace marionette::psd {

// In canvas pixels; empty when no pixel of the layer shows.
PsdRect visible_bounds(const PsdLayer& layer);

// The layer's pixels inside `bounds` (which lies inside its rectangle), row by row from the top.
std::vector<std::uint8_t> crop_pixels(const PsdLayer& layer, const PsdRect& bounds);

}  // namespace marionette::psd
