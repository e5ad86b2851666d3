#include "core/base/utf8.hpp"

namespace marionette {

namespace {

// What may follow a lead byte: how many continuation bytes, and the narrower range of the first
// one that rules out overlong forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4).
struct LeadByte {
    std::size_t continuations = 0;
    unsigned char first_lo = 0x80;
    unsigned char first_hi = 0xBF;
};

std::optional<LeadByte> lead_byte(unsigned char b) {
    if (b >= 0xC2 && b <= 0xDF) return LeadByte{1, 0x80, 0xBF};
    if (b == 0xE0) return LeadByte{2, 0xA0, 0xBF};
    if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) return LeadByte{2, 0x80, 0xBF};
    if (b == 0xED) return LeadByte{2, 0x80, 0x9F};
    if (b == 0xF0) return LeadByte{3, 0x90, 0xBF};
    if (b >= 0xF1 && b <= 0xF3) return LeadByte{3, 0x80, 0xBF};
    if (b == 0xF4) return LeadByte{3, 0x80, 0x8F};
    return std::nullopt;  // 80..C1 (continuation or overlong lead) and F5..FF never start a sequence
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
    const auto b = static_cast<unsigned char>(text[at]);
    if (b < 0x80) return 1;
    const std::optional<LeadByte> lead = lead_byte(b);
    if (!lead || text.size() - at <= lead->continuations) return 0;
    for (std::size_t k = 1; k <= lead->continuations; ++k) {
        const auto c = static_cast<unsigned char>(text[at + k]);
        const unsigned char lo = k == 1 ? lead->first_lo : static_cast<unsigned char>(0x80);
        const unsigned char hi = k == 1 ? lead->first_hi : static_cast<unsigned char>(0xBF);
        if (c < lo || c > hi) return 0;
    }
    return lead->continuations + 1;
}

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) return i;
        i += length;
    }
    return std::nullopt;
}

std::string displayable_utf8(std::string_view text) {
    std::string shown;
    shown.reserve(text.size());
    while (!text.empty()) {
        const std::optional<std::size_t> bad = find_invalid_utf8(text);
        const std::size_t good = bad.value_or(text.size());
        shown.append(text.substr(0, good));
        if (!bad) break;
        shown.append("\xEF\xBF\xBD");  // U+FFFD REPLACEMENT CHARACTER, for the one byte
        text.remove_prefix(good + 1);
    }
    return shown;
}

}  // namespace marionette
