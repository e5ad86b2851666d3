#pragma once
// Pictures for tests that need real PNG bytes: a whole one-pixel PNG, and a header alone that
// claims any size (a picture that is small on disk and large decoded).

#include <cstdint>
#include <string>
#include <vector>

namespace marionette::testing {

// A 1 x 1 RGBA PNG (one red pixel), as zlib and a PNG writer make it.
inline const std::vector<std::uint8_t> kOnePixelPng = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
                                                       0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
                                                       0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
                                                       0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
                                                       0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

// A PNG of a few dozen bytes whose header says it is `side` pixels a side (its data is empty, so
// it never decodes; a header reader reads its size).
inline std::string png_claiming(std::uint32_t side) {
    std::string png("\x89PNG\r\n\x1a\n", 8);
    const auto word = [&](std::uint32_t v) {
        for (int shift = 24; shift >= 0; shift -= 8) png += static_cast<char>((v >> shift) & 0xff);
    };
    word(13);
    png += "IHDR";
    word(side);
    word(side);
    png += std::string("\x08\x06\x00\x00\x00", 5);  // 8 bits, RGBA, no interlace
    word(0);                                        // the CRC, which a header reader skips
    word(0);
    png += "IDAT";
    word(0);
    return png;
}

}  // namespace marionette::testing
