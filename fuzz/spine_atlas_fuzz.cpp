// libFuzzer target: any text through the Spine atlas reader and its contract
// (fuzz/spine_atlas_check.hpp). Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/spine_atlas_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_spine_atlas_text(text)) {
        std::fprintf(stderr, "spine_atlas_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
