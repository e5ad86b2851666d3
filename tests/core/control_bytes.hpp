#pragma once
// Whether text printed to a terminal could make it act rather than show: the check on what
// terminal_safe gives and on what the command-line modes print.

#include <string_view>

namespace marionette::testing {

// Whether `text` holds a byte a terminal could act on: C0 or DEL, a C1 control in UTF-8 (C2 80
// to C2 9F), or a byte outside a UTF-8 sequence (a lone 0x80-0x9F is C1 to an 8-bit terminal).
inline bool holds_control_byte(std::string_view text) {
    const auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char b = at(i);
        if (b < 0x80) {
            if (b < 0x20 || b == 0x7F) return true;
            ++i;
            continue;
        }
        const std::size_t length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        if (length == 0 || i + length > text.size()) return true;
        for (std::size_t k = 1; k < length; ++k) {
            if ((at(i + k) & 0xC0) != 0x80) return true;
        }
        if (b == 0xC2 && at(i + 1) < 0xA0) return true;
        i += length;
    }
    return false;
}

// Whether `printed` is whole lines, each ended by the program's line end, with no control in them.
inline bool is_safe_lines(std::string_view printed) {
    if (printed.empty()) return true;
    if (printed.back() != '\n') return false;
    std::size_t start = 0;
    for (std::size_t end; (end = printed.find('\n', start)) != std::string_view::npos; start = end + 1) {
        if (holds_control_byte(printed.substr(start, end - start))) return false;
    }
    return true;
}

}  // namespace marionette::testing
