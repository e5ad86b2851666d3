// libFuzzer target: any bytes through the rig loader and, when they load, through the checks
// every loaded rig must pass (fuzz/rig_loader_check.hpp). Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/rig_loader_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_rig_text(text)) {
        std::fprintf(stderr, "rig_loader_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
