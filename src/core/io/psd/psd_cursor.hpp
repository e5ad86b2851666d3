#pragma once
// Reading a PSD file's bytes: big-endian numbers and spans taken from a bounded window, each
// read checked against what is left of it, so a length in the file that lies can only make a
// read fail, never reach past the window. Readers of one section work on a cursor over that
// section alone (a sub-cursor), so a section's own length bounds everything read inside it.
// Offsets count from the start of the file, for messages.

#include <cstddef>
#include <cstdint>
#include <span>

namespace marionette::psd {

class PsdCursor {
public:
    PsdCursor() = default;
    // A cursor over `bytes`, whose first byte sits at `offset` in the file.
    explicit PsdCursor(std::span<const std::uint8_t> bytes, std::size_t offset = 0) : bytes_(bytes), base_(offset) {}

    std::size_t remaining() const { return bytes_.size() - at_; }
    std::size_t offset() const { return base_ + at_; }  // of the next byte, in the file
    bool at_end() const { return at_ == bytes_.size(); }

    // Each returns false, reading nothing, when fewer bytes are left than it needs.
    bool u8(std::uint8_t& v);
    bool u16(std::uint16_t& v);
    bool i16(std::int16_t& v);
    bool u32(std::uint32_t& v);
    bool i32(std::int32_t& v);
    bool skip(std::size_t n);
    bool bytes(std::size_t n, std::span<const std::uint8_t>& out);
    // The next `n` bytes as a cursor of their own (this one moves past them).
    bool sub(std::size_t n, PsdCursor& out);

private:
    std::span<const std::uint8_t> bytes_{};
    std::size_t base_ = 0;
    std::size_t at_ = 0;
};

}  // namespace marionette::psd
