#pragma once
// One channel's image data, raw (compression 0) or RLE (1), decoded into one component of a
// layer's RGBA pixels, 16-bit samples rounded to 8 bits. ZIP (2 and 3) is refused by name, with
// what to do instead: GIMP and Krita write RLE (docs/psd.md).

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/psd/psd_cursor.hpp"

namespace marionette::psd {

struct PsdChannelShape {
    int width = 0;
    int height = 0;
    int depth = 8;      // bits a sample: 8 or 16
    int component = 0;  // which of R, G, B, A (0 to 3) it fills
};

// Decodes `data` (the channel's bytes, from its compression field on) into `rgba`, a layer's
// shape.width * shape.height pixels, four bytes each; `row` is scratch for one row. Messages
// say what is wrong with the data, for the caller to prefix with the place ("layers[3] "arm":
// channel 2: "): "its RLE rows run past the channel's data".
Status decode_psd_channel(PsdCursor data, const PsdChannelShape& shape, std::span<std::uint8_t> rgba, std::vector<std::uint8_t>& row);

// A 16-bit sample rounded to the nearest 8-bit one.
inline std::uint8_t sample_16_to_8(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255u + 32767u) / 65535u); }

}  // namespace marionette::psd
