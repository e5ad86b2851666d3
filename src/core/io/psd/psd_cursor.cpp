#include "core/io/psd/psd_cursor.hpp"

namespace marionette::psd {

bool PsdCursor::u8(std::uint8_t& v) {
    if (remaining() < 1) return false;
    v = bytes_[at_++];
    return true;
}

bool PsdCursor::u16(std::uint16_t& v) {
    if (remaining() < 2) return false;
    v = static_cast<std::uint16_t>((bytes_[at_] << 8) | bytes_[at_ + 1]);
    at_ += 2;
    return true;
}

bool PsdCursor::i16(std::int16_t& v) {
    std::uint16_t u = 0;
    if (!u16(u)) return false;
    v = static_cast<std::int16_t>(u);
    return true;
}

bool PsdCursor::u32(std::uint32_t& v) {
    if (remaining() < 4) return false;
    v = (std::uint32_t{bytes_[at_]} << 24) | (std::uint32_t{bytes_[at_ + 1]} << 16) | (std::uint32_t{bytes_[at_ + 2]} << 8) |
        std::uint32_t{bytes_[at_ + 3]};
    at_ += 4;
    return true;
}

bool PsdCursor::i32(std::int32_t& v) {
    std::uint32_t u = 0;
    if (!u32(u)) return false;
    v = static_cast<std::int32_t>(u);
    return true;
}

bool PsdCursor::skip(std::size_t n) {
    if (remaining() < n) return false;
    at_ += n;
    return true;
}

bool PsdCursor::bytes(std::size_t n, std::span<const std::uint8_t>& out) {
    if (remaining() < n) return false;
    out = bytes_.subspan(at_, n);
    at_ += n;
    return true;
}

bool PsdCursor::sub(std::size_t n, PsdCursor& out) {
    std::span<const std::uint8_t> part;
    const std::size_t start = offset();
    if (!bytes(n, part)) return false;
    out = PsdCursor(part, start);
    return true;
}

}  // namespace marionette::psd
