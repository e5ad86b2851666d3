#pragma once
// A printed line checked against the shape it must have: a POSIX extended regular expression
// that must match the whole text. Not std::regex: at -O1 (the sanitized build, scripts/
// sanitize.sh) GCC 12 warns -Wmaybe-uninitialized inside libstdc++'s own regex compiler
// (std::function moved out of a regex state it takes for uninitialized), which -Werror makes an
// error in a build that has nothing wrong with it.

#include <regex.h>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace marionette::testing {

// The text and its capture groups (element 0 the whole text, then group 1, 2, ...; a group that
// took part in no match is empty) when `pattern` matches all of `text`; nothing otherwise.
inline std::optional<std::vector<std::string>> whole_match(const std::string& text, const std::string& pattern) {
    regex_t compiled;
    if (regcomp(&compiled, pattern.c_str(), REG_EXTENDED) != 0) {
        ADD_FAILURE() << "not an extended regular expression: " << pattern;
        return std::nullopt;
    }
    std::vector<regmatch_t> groups(compiled.re_nsub + 1);
    const bool found = regexec(&compiled, text.c_str(), groups.size(), groups.data(), 0) == 0;
    regfree(&compiled);
    if (!found || groups[0].rm_so != 0 || static_cast<std::size_t>(groups[0].rm_eo) != text.size()) return std::nullopt;
    std::vector<std::string> parts;
    for (const regmatch_t& g : groups) {
        const auto from = static_cast<std::size_t>(g.rm_so), to = static_cast<std::size_t>(g.rm_eo);
        parts.push_back(g.rm_so < 0 ? std::string{} : text.substr(from, to - from));
    }
    return parts;
}

}  // namespace marionette::testing
