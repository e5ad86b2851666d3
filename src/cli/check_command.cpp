#include "cli/check_command.hpp"

#include <ostream>

#include "core/rig_file.hpp"

namespace marionette {

int run_check(const std::string& file, std::ostream& out, std::ostream& err) {
    Result<Rig> rig = load_rig_file(file);
    if (!rig) {
        err << rig.message() << '\n';
        return 1;
    }
    out << file << ": " << summarize(rig.value()) << '\n';
    return 0;
}

}  // namespace marionette
