#pragma once
// Reading fuzz bytes as the choices that build a test case. Running out of bytes reads zeros,
// so every byte string, even an empty one, decodes to some case and the fuzzer never has to
// find a length that "fits".

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace marionette::fuzzing {

class ByteReader {
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

    std::uint8_t byte() { return at_ < bytes_.size() ? bytes_[at_++] : 0; }
    // A choice among n (n >= 1).
    int below(int n) { return static_cast<int>(byte() % static_cast<unsigned>(n)); }
    bool flag() { return (byte() & 1) != 0; }
    // Four bytes as a float's bits: every float, NaN and the infinities included.
    float raw_float() {
        std::uint32_t bits = 0;
        for (int i = 0; i < 4; ++i) bits = bits << 8 | byte();
        return std::bit_cast<float>(bits);
    }
    // [0, 1] in 1/65535 steps.
    float unit() {
        const unsigned hi = byte();
        return static_cast<float>(hi << 8 | byte()) / 65535.0f;
    }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t at_ = 0;
};

}  // namespace marionette::fuzzing
