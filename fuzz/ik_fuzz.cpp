// libFuzzer target: bytes decoded into an IK chain, start pose, target and settings
// (fuzz/ik_case.hpp), solved and checked against the solvers' contract (fuzz/ik_check.hpp).
// Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/ik_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_ik_bytes({data, size})) {
        std::fprintf(stderr, "ik_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
