#pragma once
// `marionette --help`: every option the command line takes, one line each, grouped, from this
// one table (tests check the parser knows each and the help names each once).

#include <span>
#include <string>
#include <string_view>

namespace marionette {

struct OptionHelp {
    std::string_view option;  // "--pose FILE"
    std::string_view text;    // what it does, one line
};

struct OptionGroup {
    std::string_view title;
    std::span<const OptionHelp> options;
};

std::span<const OptionGroup> option_groups();

// The whole help: usage lines, then each group's options, one line each.
std::string help_text();

// What a bad command line prints after its error.
inline constexpr std::string_view kHelpHint = "run 'marionette --help' for every option\n";

}  // namespace marionette
