#pragma once
// A PSD file's header and the two sections the reader passes over (colour mode data, image
// resources), refused with the reason when the file is not one this reads: PSD version 1 (a
// PSB's version 2 is refused), RGB, 8 or 16 bits a channel, at most 30,000 pixels a side.

#include "core/base/result.hpp"
#include "core/io/psd/psd_cursor.hpp"

namespace marionette::psd {

struct PsdHeader {
    int channels = 0;
    int width = 0;
    int height = 0;
    int depth = 0;  // 8 or 16
};

// Reads the header and moves `cursor` past the colour mode data and the image resources, to the
// layer and mask information. Messages: "header: colour mode CMYK (4): this reads RGB files".
Result<PsdHeader> read_psd_header(PsdCursor& cursor);

}  // namespace marionette::psd
