#include "core/terminal_text.hpp"

namespace marionette {

namespace {

void append_escape(std::string& out, const char* prefix, unsigned value, int digits) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += prefix;
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xFu];
}

bool is_continuation(unsigned char b) { return (b & 0xC0u) == 0x80u; }

// The length of the valid UTF-8 sequence starting at text[i] (its lead byte is 0x80 or above),
// with its code point; 0 when the bytes there are not one. Overlong forms, surrogates and code
// points past U+10FFFF are not valid (RFC 3629).
std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& code_point) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80;   // the second byte's range, narrower after some lead bytes
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code_point = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        code_point = lead & 0x0Fu;
        if (lead == 0xE0) low = 0xA0;   // below: overlong
        if (lead == 0xED) high = 0x9F;  // above: UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code_point = lead & 0x07u;
        if (lead == 0xF0) low = 0x90;   // below: overlong
        if (lead == 0xF4) high = 0x8F;  // above: past U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (byte(1) < low || byte(1) > high) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if (!is_continuation(byte(k))) return 0;
        code_point = (code_point << 6) | (byte(k) & 0x3Fu);
    }
    return length;
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
        char32_t code_point = 0;
        const std::size_t length = utf8_sequence(text, i, code_point);
        if (length == 0) {
            append_escape(out, "\\x", b, 2);
            ++i;
        } else if (code_point <= 0x9F) {
            append_escape(out, "\\u", static_cast<unsigned>(code_point), 4);
            i += length;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

}  // namespace marionette
