// libFuzzer target: any bytes through the glTF importer and, when they import, through the
// checks every loaded rig must pass (fuzz/gltf_import_check.hpp). Built by scripts/fuzz.sh.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/gltf_import_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    if (marionette::fuzzing::Violation v = marionette::fuzzing::check_gltf_bytes(bytes)) {
        std::fprintf(stderr, "gltf_import_fuzz: %s\n", v->c_str());
        std::abort();
    }
    return 0;
}
