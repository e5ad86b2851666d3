#pragma once
// Text printed to a terminal that came from outside the program: names from a rig file, paths
// and options typed by the user, messages that quote either. A terminal obeys control
// characters wherever they appear, so a rig named "\x1b]0;title\x07" would retitle the window
// and "\x1b[2J" would wipe the screen while --check only meant to show the name.

#include <string>
#include <string_view>

namespace marionette {

// `text` with every control character written out visibly, everything else unchanged:
// - C0 controls (0x00-0x1F, newline and tab included) and DEL as \x followed by two lowercase
//   hex digits: "\x1b", "\x0a", "\x7f". A newline inside a name is part of the name; only the
//   program's own line ends end lines.
// - C1 controls (U+0080-U+009F) encoded as UTF-8 as \u and four hex digits: "\u009b" for the
//   bytes C2 9B, which a UTF-8 terminal reads as CSI.
// - Each byte that is not part of valid UTF-8 as \x and its two hex digits: "\x9b", "\xe9".
//   A terminal in an 8-bit mode reads a lone 0x80-0x9F as a C1 control, and any other stray
//   byte would show as a replacement mark that hides which byte it was.
// A backslash is left as it is: the result is for a person to read, safely, not an encoding to
// decode, and paths and messages without control characters print exactly as they were.
std::string terminal_safe(std::string_view text);

}  // namespace marionette
