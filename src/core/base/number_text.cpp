#include "core/base/number_text.hpp"

#include <charconv>
#include <cstdlib>
#include <string>

namespace marionette {

std::optional<double> parse_number_text(std::string_view text) {
    const auto first = text.find_first_not_of(' ');
    if (first == std::string_view::npos) return std::nullopt;
    text = text.substr(first, text.find_last_not_of(' ') - first + 1);
    // from_chars takes no leading '+', which people do type; "+-2" stays an error.
    if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (end != text.data() + text.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
        // from_chars leaves `value` alone here; strtod gives the infinity (or the zero) it is.
        return std::strtod(std::string(text).c_str(), nullptr);
    }
    if (ec != std::errc{}) return std::nullopt;
    return value;
}

}  // namespace marionette
