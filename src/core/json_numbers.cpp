#include "core/json_numbers.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace marionette {

Json json_number(double d) {
    // Below 2^53 every whole double is exact as a long long; 1e15 keeps well inside that.
    if (d == std::floor(d) && std::fabs(d) < 1e15) return static_cast<long long>(d);
    return d;
}

Json json_float(float v) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    (void)ec;  // 32 characters hold any float
    // The double nearest that decimal: JSON's writer prints it back as the same short text.
    return json_number(std::stod(std::string(buf, end)));
}

}  // namespace marionette
