#pragma once
// One layer record of a PSD file's layer information: the rectangle, the channels and their
// lengths, blending, flags, the name, and what the reader uses of the tagged blocks that follow
// (the Unicode name "luni", the group markers "lsct"/"lsdk", the fill opacity "iOpa"); the rest
// (masks' and blending ranges' contents, effects, text) is passed over by its length.

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/psd/psd_cursor.hpp"
#include "core/io/psd/psd_document.hpp"

namespace marionette::psd {

struct PsdChannelInfo {
    int id = 0;                // 0, 1, 2: red, green, blue; -1: transparency; -2, -3: masks
    std::uint32_t length = 0;  // of its image data, the compression's 2 bytes included
};

// What a record says about groups ("lsct"): a plain layer, a group's own record (open or closed
// in the Layers panel), or the marker ending the group from below.
enum class PsdSection { Layer = 0, OpenGroup = 1, ClosedGroup = 2, GroupEnd = 3 };

struct PsdLayerRecord {
    PsdRect rect;
    std::vector<PsdChannelInfo> channels;
    std::string blend_mode;  // four letters
    std::uint8_t opacity = 255;
    bool clipping = false;
    bool hidden = false;
    bool has_mask = false;
    std::string name;  // UTF-8, the Unicode name when there is one
    PsdSection section = PsdSection::Layer;
    std::string section_blend_mode;  // the group's own blend key from "lsct", when given ("pass")
    std::uint8_t fill_opacity = 255;
};

// Reads record `index` (counted from the bottom); messages name it: "layers[2]: ...", with its
// name once that is read.
Result<PsdLayerRecord> read_psd_layer_record(PsdCursor& cursor, std::size_t index);

}  // namespace marionette::psd
