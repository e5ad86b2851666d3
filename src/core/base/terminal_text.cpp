#include "core/base/terminal_text.hpp"

#include "core/base/utf8.hpp"

namespace marionette {

namespace {

void append_escape(std::string& out, const char* prefix, unsigned value, int digits) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += prefix;
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xFu];
}

}  // namespace

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x80) {
            if (b < 0x20 || b == 0x7F) {
                append_escape(out, "\\x", b, 2);
            } else {
                out += static_cast<char>(b);
            }
            ++i;
            continue;
        }
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            append_escape(out, "\\x", b, 2);
            ++i;
        } else if (b == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            // U+0080..U+009F, the C1 controls (0x9B alone is a terminal's CSI)
            append_escape(out, "\\u", static_cast<unsigned>(static_cast<unsigned char>(text[i + 1])), 4);
            i += length;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

}  // namespace marionette
