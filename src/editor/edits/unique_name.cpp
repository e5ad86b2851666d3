#include "editor/edits/unique_name.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace marionette {

namespace {
// "bone.001" -> "bone": the part before a trailing dot and digits.
std::string_view name_stem(std::string_view name) {
    const std::size_t dot = name.find_last_of('.');
    if (dot == std::string_view::npos || dot + 1 == name.size() || dot == 0) return name;
    const bool digits = std::all_of(name.begin() + static_cast<std::ptrdiff_t>(dot) + 1, name.end(),
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    return digits ? name.substr(0, dot) : name;
}
}  // namespace

std::string unique_name(const std::unordered_set<std::string_view>& taken, std::string_view base) {
    if (!taken.contains(base)) return std::string(base);
    const std::string stem(name_stem(base));
    // At most size() names are taken, so one of the first size() + 1 numbers is free.
    for (std::size_t k = 1;; ++k) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, ".%03zu", k);
        std::string candidate = stem + suffix;
        if (!taken.contains(candidate)) return candidate;
    }
}

}  // namespace marionette
