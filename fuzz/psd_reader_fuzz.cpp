// libFuzzer target: any bytes through the PSD reader and, when they read, through the PSD import
// and the checks every loaded rig must pass (fuzz/psd_reader_check.hpp). Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/psd_reader_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_psd_bytes(bytes)) {
        std::fprintf(stderr, "psd_reader_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
