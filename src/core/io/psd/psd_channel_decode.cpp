#include "core/io/psd/psd_channel_decode.hpp"

#include <string>

#include "core/io/psd/psd_packbits.hpp"

namespace marionette::psd {

namespace {

// One decoded row of samples into its component of the row's pixels.
void scatter_row(std::span<const std::uint8_t> samples, int depth, std::uint8_t* pixels, std::size_t width) {
    if (depth == 8) {
        for (std::size_t x = 0; x < width; ++x) pixels[4 * x] = samples[x];
    } else {
        for (std::size_t x = 0; x < width; ++x) pixels[4 * x] = sample_16_to_8((std::uint32_t{samples[2 * x]} << 8) | samples[2 * x + 1]);
    }
}

}  // namespace

Status decode_psd_channel(PsdCursor data, const PsdChannelShape& shape, std::span<std::uint8_t> rgba, std::vector<std::uint8_t>& row) {
    std::uint16_t compression = 0;
    if (!data.u16(compression)) return Error{"its data ends before its compression"};
    const std::size_t width = static_cast<std::size_t>(shape.width), height = static_cast<std::size_t>(shape.height);
    const std::size_t row_bytes = width * static_cast<std::size_t>(shape.depth / 8);
    std::uint8_t* const first = rgba.data() + shape.component;
    if (compression == 0) {
        if (data.remaining() / (row_bytes == 0 ? 1 : row_bytes) < height) {
            return Error{"its raw data holds " + std::to_string(data.remaining()) + " bytes; " + std::to_string(width) + " x " +
                         std::to_string(height) + " samples of " + std::to_string(shape.depth) + " bits need " +
                         std::to_string(row_bytes * height)};
        }
        for (std::size_t y = 0; y < height; ++y) {
            std::span<const std::uint8_t> samples;
            (void)data.bytes(row_bytes, samples);  // the length was checked above
            scatter_row(samples, shape.depth, first + 4 * width * y, width);
        }
        return {};
    }
    if (compression == 1) {
        // A count of packed bytes per row, then the rows.
        PsdCursor counts;
        if (data.remaining() / 2 < height || !data.sub(2 * height, counts))
            return Error{"its RLE row counts (" + std::to_string(height) + " rows) run past the channel's data"};
        row.resize(row_bytes);
        for (std::size_t y = 0; y < height; ++y) {
            std::uint16_t packed = 0;
            std::span<const std::uint8_t> bytes;
            (void)counts.u16(packed);
            if (!data.bytes(packed, bytes)) {
                return Error{"row " + std::to_string(y) + ": its RLE data, " + std::to_string(packed) +
                             " bytes by its count, runs past the channel's data (" + std::to_string(data.remaining()) + " bytes are left)"};
            }
            switch (unpack_bits(bytes, row)) {
                case PackBitsResult::Filled: break;
                case PackBitsResult::ShortInput:
                    return Error{"row " + std::to_string(y) + ": its RLE data ends before the row's " + std::to_string(row_bytes) +
                                 " bytes are filled"};
                case PackBitsResult::Overrun:
                    return Error{"row " + std::to_string(y) + ": an RLE run reaches past the row's " + std::to_string(row_bytes) +
                                 " bytes"};
            }
            scatter_row(row, shape.depth, first + 4 * width * y, width);
        }
        return {};
    }
    if (compression == 2 || compression == 3) {
        return Error{std::string("ZIP compression (") + std::to_string(compression) + ") is not read; save the file with RLE compression"};
    }
    return Error{"unknown compression " + std::to_string(compression) + " (0 is raw, 1 RLE, 2 and 3 ZIP)"};
}

}  // namespace marionette::psd
