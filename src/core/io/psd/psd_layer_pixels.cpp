#include "core/io/psd/psd_layer_pixels.hpp"

#include "core/io/psd/psd_channel_decode.hpp"

namespace marionette::psd {

namespace {

// The RGBA component a channel fills, or -1 for one the reader passes over (masks, spot colours).
int component_of(int id) {
    if (id >= 0 && id <= 2) return id;
    return id == -1 ? 3 : -1;
}

}  // namespace

Result<std::vector<std::uint8_t>> read_psd_layer_pixels(PsdCursor& data, const PsdLayerRecord& record, int depth, const std::string& place,
                                                        ReadBudget& budget) {
    const PsdRect& rect = record.rect;
    const std::uint64_t pixels = rect.empty() ? 0 : std::uint64_t(rect.width()) * std::uint64_t(rect.height());
    std::vector<std::uint8_t> rgba;
    bool has_alpha = false;
    for (const PsdChannelInfo& c : record.channels) has_alpha |= c.id == -1;
    if (pixels > 0) {
        if (Status s = budget.take(Budgeted::DecodedImageBytes, 4 * pixels, place, "decoding its pixels"); !s) return Error{s.message()};
        rgba.assign(4 * pixels, 0);
        if (!has_alpha) {
            for (std::size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
        }
    }
    std::vector<std::uint8_t> row;
    for (std::size_t i = 0; i < record.channels.size(); ++i) {
        const PsdChannelInfo& c = record.channels[i];
        const std::string channel = place + ": channel " + std::to_string(i) + " (id " + std::to_string(c.id) + ")";
        PsdCursor bytes;
        if (!data.sub(c.length, bytes)) {
            return Error{channel + ": its length, " + std::to_string(c.length) + " bytes, runs past the layers' image data (" +
                         std::to_string(data.remaining()) + " bytes are left)"};
        }
        const int component = component_of(c.id);
        if (component < 0 || pixels == 0) continue;
        const PsdChannelShape shape{rect.width(), rect.height(), depth, component};
        if (Status s = decode_psd_channel(bytes, shape, rgba, row); !s) return Error{channel + ": " + s.message()};
    }
    return rgba;
}

}  // namespace marionette::psd
