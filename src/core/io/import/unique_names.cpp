#include "core/io/import/unique_names.hpp"

#include <algorithm>
#include <cctype>

namespace marionette {

namespace {

constexpr std::size_t kMaxStemBytes = 64;

}  // namespace

std::string UniqueNames::key(const std::string& name) const {
    if (!case_blind_) return name;
    std::string k = name;
    std::transform(k.begin(), k.end(), k.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return k;
}

std::string UniqueNames::take(const std::string& wanted, std::string_view separator) {
    std::string name = wanted;
    for (int n = 2; taken_.count(key(name)) != 0; ++n) name = wanted + std::string(separator) + std::to_string(n);
    taken_.insert(key(name));
    return name;
}

std::string picture_file_stem(std::string_view name) {
    std::string stem;
    for (char c : name) {
        const unsigned char u = static_cast<unsigned char>(c);
        const bool kept = u < 0x80 && (std::isalnum(u) || c == '-' || c == '_');
        if (kept) stem += c;
        else if (stem.empty() || stem.back() != '_') stem += '_';
        if (stem.size() >= kMaxStemBytes) break;
    }
    while (!stem.empty() && stem.back() == '_') stem.pop_back();
    while (!stem.empty() && stem.front() == '_') stem.erase(stem.begin());
    return stem.empty() ? "layer" : stem;
}

}  // namespace marionette
