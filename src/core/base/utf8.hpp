#pragma once
// Checking that text is well-formed UTF-8: before it becomes a name (the rig writer refuses to
// save a name that is not, so the editor must refuse it when it is typed, not at save time),
// and before it is shown (file names may be any bytes) or printed (terminal_text.hpp).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace marionette {

// The length of the well-formed sequence that starts at text[at] (1 for ASCII), or 0 when the
// bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

// The byte offset where the first ill-formed sequence starts, or nothing when `text` is
// well-formed UTF-8 (Unicode's table 3-7: no stray continuation bytes, no truncated sequences,
// no overlong forms, no surrogates, nothing above U+10FFFF).
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

inline bool is_valid_utf8(std::string_view text) { return !find_invalid_utf8(text).has_value(); }

// `text` with each byte that does not belong to a well-formed sequence replaced by U+FFFD, for
// showing file names (Linux allows any bytes in them) and messages quoting them. Drawn raw,
// ImGui's decoder swallows the bytes after a bad lead byte: "arm-\xE9t\xE9.json" showed as
// "arm-?.json"; this gives "arm-\uFFFDt\uFFFD.json". Valid text comes back unchanged.
std::string displayable_utf8(std::string_view text);

}  // namespace marionette
