#pragma once
// PackBits, the run-length coding of a PSD's RLE channels (compression 1): a header byte n,
// then n + 1 literal bytes (n from 0 to 127), or one byte repeated 1 - n times (n from -1 to
// -127); -128 is nothing.

#include <cstdint>
#include <span>

namespace marionette::psd {

enum class PackBitsResult {
    Filled,      // `out` filled exactly; packed bytes left over are passed over
    ShortInput,  // the packed bytes end before `out` is full
    Overrun,     // a run or a literal reaches past the end of `out`
};

// Unpacks `in` into exactly `out.size()` bytes.
PackBitsResult unpack_bits(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

}  // namespace marionette::psd
