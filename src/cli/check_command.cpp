#include "cli/check_command.hpp"

#include <ostream>

#include "cli/printed_line.hpp"
#include "core/rig/opened_rig.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

int run_check(const std::string& file, std::ostream& out, std::ostream& err) {
    Result<OpenedRig> rig = open_rig_file(file);
    if (!rig) {
        print_line(err, rig.message());
        return 1;
    }
    print_warnings(err, rig.value().warnings);
    print_line(out, file + ": " + summarize(rig.value().rig));
    return 0;
}

}  // namespace marionette
