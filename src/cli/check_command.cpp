#include "cli/check_command.hpp"

#include <ostream>

#include "cli/printed_line.hpp"
#include "core/rig_file.hpp"

namespace marionette {

int run_check(const std::string& file, std::ostream& out, std::ostream& err) {
    Result<Rig> rig = load_rig_file(file);
    if (!rig) {
        print_line(err, rig.message());
        return 1;
    }
    print_line(out, file + ": " + summarize(rig.value()));
    return 0;
}

}  // namespace marionette
