// libFuzzer target: any text through the Spine skeleton import and its contract
// (fuzz/spine_skeleton_check.hpp). Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/spine_skeleton_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_spine_skeleton_text(text)) {
        std::fprintf(stderr, "spine_skeleton_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
