#include "core/io/psd/psd_layer_record.hpp"

#include <algorithm>
#include <cstring>

#include "core/base/read_budget.hpp"
#include "core/io/psd/psd_text.hpp"

namespace marionette::psd {

namespace {

std::string four_letters(std::span<const std::uint8_t> b) { return std::string(reinterpret_cast<const char*>(b.data()), b.size()); }

bool is_block_signature(std::span<const std::uint8_t> b) {
    return std::memcmp(b.data(), "8BIM", 4) == 0 || std::memcmp(b.data(), "8B64", 4) == 0;
}

// The tagged blocks after the name, up to the end of the record's extra data. A block whose
// signature is not one stops the reading, as psd-tools stops: what follows is not blocks.
Status read_record_blocks(PsdCursor& extra, PsdLayerRecord& r, const std::string& place) {
    while (extra.remaining() >= 12) {
        std::span<const std::uint8_t> signature, key;
        std::uint32_t length = 0;
        PsdCursor block;
        (void)extra.bytes(4, signature);  // 12 bytes are left: these three reads succeed
        (void)extra.bytes(4, key);
        (void)extra.u32(length);
        if (!is_block_signature(signature)) return {};
        const std::string k = four_letters(key);
        if (!extra.sub(length, block)) {
            return Error{place + ": its \"" + k + "\" block's length, " + std::to_string(length) + " bytes, runs past the record (" +
                         std::to_string(extra.remaining()) + " bytes are left)"};
        }
        if (k == "luni") {
            std::uint32_t units = 0;
            std::span<const std::uint8_t> text;
            if (!block.u32(units) || units > block.remaining() / 2 || !block.bytes(2ull * units, text))
                return Error{place + ": its Unicode name runs past its block"};
            r.name = utf16be_to_utf8(text);
        } else if (k == "lsct" || k == "lsdk") {
            std::uint32_t type = 0;
            if (!block.u32(type)) return Error{place + ": its group marker (\"" + k + "\") is shorter than 4 bytes"};
            if (type > 3) return Error{place + ": its group marker says " + std::to_string(type) + ", which is none of 0 to 3"};
            r.section = static_cast<PsdSection>(type);
            std::span<const std::uint8_t> sig, blend;
            if (block.remaining() >= 8 && block.bytes(4, sig) && block.bytes(4, blend) && is_block_signature(sig))
                r.section_blend_mode = four_letters(blend);
        } else if (k == "iOpa") {
            if (!block.u8(r.fill_opacity)) return Error{place + ": its fill opacity (\"iOpa\") block is empty"};
        }
    }
    return {};
}

}  // namespace

Result<PsdLayerRecord> read_psd_layer_record(PsdCursor& cursor, std::size_t index) {
    const std::string place = "layers[" + std::to_string(index) + "]";
    PsdLayerRecord r;
    std::int32_t top = 0, left = 0, bottom = 0, right = 0;
    std::uint16_t channels = 0;
    if (!cursor.i32(top) || !cursor.i32(left) || !cursor.i32(bottom) || !cursor.i32(right) || !cursor.u16(channels))
        return Error{place + ": the layer information ends inside its record"};
    const std::int64_t width = std::int64_t{right} - left, height = std::int64_t{bottom} - top;
    if (width < 0 || height < 0) {
        return Error{place + ": its rectangle runs backwards (top " + std::to_string(top) + ", left " + std::to_string(left) + ", bottom " +
                     std::to_string(bottom) + ", right " + std::to_string(right) + ")"};
    }
    if (width > kMaxPsdSide || height > kMaxPsdSide) {
        return Error{place + ": its rectangle is " + with_thousands(static_cast<std::uint64_t>(width)) + " x " +
                     with_thousands(static_cast<std::uint64_t>(height)) + " pixels; a PSD layer is at most " +
                     with_thousands(static_cast<std::uint64_t>(kMaxPsdSide)) + " a side"};
    }
    r.rect = PsdRect{top, left, bottom, right};
    if (channels > kMaxPsdChannels)
        return Error{place + ": " + std::to_string(channels) + " channels; a PSD layer has at most " + std::to_string(kMaxPsdChannels)};
    r.channels.resize(channels);
    for (PsdChannelInfo& c : r.channels) {
        std::int16_t id = 0;
        if (!cursor.i16(id) || !cursor.u32(c.length)) return Error{place + ": the layer information ends inside its channel list"};
        c.id = id;
    }
    std::span<const std::uint8_t> signature, blend;
    std::uint8_t opacity = 0, clipping = 0, flags = 0;
    std::uint32_t extra_length = 0;
    if (!cursor.bytes(4, signature) || !cursor.bytes(4, blend) || !cursor.u8(opacity) || !cursor.u8(clipping) || !cursor.u8(flags) ||
        !cursor.skip(1) || !cursor.u32(extra_length))
        return Error{place + ": the layer information ends inside its record"};
    if (std::memcmp(signature.data(), "8BIM", 4) != 0) return Error{place + ": its blend mode does not start with \"8BIM\""};
    r.blend_mode = four_letters(blend);
    r.opacity = opacity;
    r.clipping = clipping != 0;
    r.hidden = (flags & 0x02) != 0;
    PsdCursor extra;
    if (!cursor.sub(extra_length, extra)) {
        return Error{place + ": its extra data, " + std::to_string(extra_length) + " bytes, runs past the layer information (" +
                     std::to_string(cursor.remaining()) + " bytes are left)"};
    }
    std::uint32_t mask_length = 0, ranges_length = 0;
    if (!extra.u32(mask_length) || !extra.skip(mask_length)) return Error{place + ": its layer mask data runs past its record"};
    r.has_mask = mask_length > 0;
    if (!extra.u32(ranges_length) || !extra.skip(ranges_length)) return Error{place + ": its blending ranges run past its record"};
    std::uint8_t name_length = 0;
    std::span<const std::uint8_t> name;
    if (!extra.u8(name_length) || !extra.bytes(name_length, name)) return Error{place + ": its name runs past its record"};
    // The Pascal name, its length byte included, is padded to a multiple of 4 bytes (a writer
    // that leaves the padding out at the record's end loses nothing).
    const std::size_t padded = (4 - (1 + std::size_t{name_length}) % 4) % 4;
    if (!extra.skip(std::min(padded, extra.remaining()))) return Error{place + ": its name runs past its record"};
    r.name = mac_roman_to_utf8(name);
    if (Status s = read_record_blocks(extra, r, place + " \"" + r.name + "\""); !s) return Error{s.message()};
    return r;
}

}  // namespace marionette::psd
