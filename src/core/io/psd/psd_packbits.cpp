#include "core/io/psd/psd_packbits.hpp"

#include <cstring>

namespace marionette::psd {

PackBitsResult unpack_bits(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
    std::size_t i = 0, o = 0;
    while (o < out.size()) {
        if (i >= in.size()) return PackBitsResult::ShortInput;
        const int n = static_cast<std::int8_t>(in[i++]);
        if (n >= 0) {
            const std::size_t count = static_cast<std::size_t>(n) + 1;
            if (in.size() - i < count) return PackBitsResult::ShortInput;
            if (out.size() - o < count) return PackBitsResult::Overrun;
            std::memcpy(out.data() + o, in.data() + i, count);
            i += count;
            o += count;
        } else if (n != -128) {
            const std::size_t count = static_cast<std::size_t>(1 - n);
            if (i >= in.size()) return PackBitsResult::ShortInput;
            if (out.size() - o < count) return PackBitsResult::Overrun;
            std::memset(out.data() + o, in[i++], count);
            o += count;
        }
    }
    return PackBitsResult::Filled;
}

}  // namespace marionette::psd
