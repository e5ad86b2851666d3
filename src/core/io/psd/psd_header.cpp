#include "core/io/psd/psd_header.hpp"

#include <string>

#include "core/io/psd/psd_document.hpp"

namespace marionette::psd {

namespace {

const char* colour_mode_name(std::uint16_t mode) {
    switch (mode) {
        case 0: return "bitmap";
        case 1: return "grayscale";
        case 2: return "indexed";
        case 3: return "RGB";
        case 4: return "CMYK";
        case 7: return "multichannel";
        case 8: return "duotone";
        case 9: return "Lab";
        default: return "unknown";
    }
}

// Passes over a section that is a 4-byte length and that many bytes.
Status skip_section(PsdCursor& cursor, const char* section) {
    std::uint32_t length = 0;
    if (!cursor.u32(length)) return Error{std::string(section) + ": the file ends before its length"};
    if (!cursor.skip(length)) {
        return Error{std::string(section) + ": its length, " + std::to_string(length) + " bytes, runs past the end of the file (" +
                     std::to_string(cursor.remaining()) + " bytes are left)"};
    }
    return {};
}

}  // namespace

Result<PsdHeader> read_psd_header(PsdCursor& cursor) {
    std::span<const std::uint8_t> signature;
    if (!cursor.bytes(4, signature) || signature[0] != '8' || signature[1] != 'B' || signature[2] != 'P' || signature[3] != 'S')
        return Error{"not a PSD file: it does not start with \"8BPS\""};
    std::uint16_t version = 0, channels = 0, depth = 0, mode = 0;
    std::uint32_t height = 0, width = 0;
    if (!cursor.u16(version) || !cursor.skip(6) || !cursor.u16(channels) || !cursor.u32(height) || !cursor.u32(width) ||
        !cursor.u16(depth) || !cursor.u16(mode))
        return Error{"header: the file ends inside its 26-byte header"};
    if (version == 2) return Error{"header: version 2, a PSB (large document) file: this reads PSD files (version 1); save as PSD"};
    if (version != 1) return Error{"header: version " + std::to_string(version) + ": this reads PSD files (version 1)"};
    if (channels < 1 || channels > kMaxPsdChannels)
        return Error{"header: " + std::to_string(channels) + " channels: a PSD file has 1 to " + std::to_string(kMaxPsdChannels)};
    if (width < 1 || height < 1 || width > kMaxPsdSide || height > kMaxPsdSide) {
        return Error{"header: a canvas of " + std::to_string(width) + " x " + std::to_string(height) + " pixels: a PSD file's is 1 to " +
                     std::to_string(kMaxPsdSide) + " a side"};
    }
    if (depth != 8 && depth != 16) return Error{"header: " + std::to_string(depth) + " bits a channel: this reads 8- and 16-bit files"};
    if (mode != 3) {
        return Error{std::string("header: colour mode ") + colour_mode_name(mode) + " (" + std::to_string(mode) +
                     "): this reads RGB files (3)"};
    }
    if (Status s = skip_section(cursor, "colour mode data"); !s) return Error{s.message()};
    if (Status s = skip_section(cursor, "image resources"); !s) return Error{s.message()};
    return PsdHeader{channels, static_cast<int>(width), static_cast<int>(height), depth};
}

}  // namespace marionette::psd
