#pragma once

#include <iosfwd>
#include <string>

namespace marionette {

// `marionette --check FILE`: prints "FILE: <summary>" and returns 0, or the load error and 1.
int run_check(const std::string& file, std::ostream& out, std::ostream& err);

}  // namespace marionette
