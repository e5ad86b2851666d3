#pragma once
// A number as a person types it on a command line or in a list: "30", "29.97", "+2", "1e3",
// " 2 ". Callers decide which values they take; this only reads the text.

#include <optional>
#include <string_view>

namespace marionette {

// The value of `text` (spaces around it allowed), or nullopt when it is not one decimal
// number. "inf", "nan" and numbers beyond a double's range read as infinities or NaN, so the
// caller can say "not a finite number" rather than "not a number".
std::optional<double> parse_number_text(std::string_view text);

}  // namespace marionette
