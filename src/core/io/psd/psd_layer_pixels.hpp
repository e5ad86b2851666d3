#pragma once
// A layer's pixels from its channels' image data: red, green, blue and transparency decoded
// into straight-alpha RGBA (a layer without a transparency channel is opaque; a colour channel
// the layer lacks reads 0), masks and other channels passed over by their lengths. The decoded
// bytes are charged to the file's budget before they are allocated.

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "core/io/psd/psd_cursor.hpp"
#include "core/io/psd/psd_layer_record.hpp"

namespace marionette::psd {

// Reads the record's channels from `data` (moving past them); `place` names the layer
// (`layers[3] "arm"`). An empty rectangle gives no pixels.
Result<std::vector<std::uint8_t>> read_psd_layer_pixels(PsdCursor& data, const PsdLayerRecord& record, int depth, const std::string& place,
                                                        ReadBudget& budget);

}  // namespace marionette::psd
