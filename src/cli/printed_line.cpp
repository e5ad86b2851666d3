#include "cli/printed_line.hpp"

#include <ostream>
#include <string>

#include "core/base/terminal_text.hpp"

namespace marionette {

void print_line(std::ostream& stream, std::string_view text) { stream << terminal_safe(text) << '\n'; }

int print_failure(std::ostream& err, std::string_view message) {
    print_line(err, "marionette: " + std::string(message));
    return 1;
}

void print_warnings(std::ostream& err, const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) print_line(err, "marionette: warning: " + w);
}

}  // namespace marionette
