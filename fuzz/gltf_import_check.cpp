#include "fuzz/gltf_import_check.hpp"

#include "core/gltf_import.hpp"
#include "fuzz/rig_loader_check.hpp"

namespace marionette::fuzzing {

Violation check_gltf_bytes(std::string_view bytes) {
    const bool binary = bytes.substr(0, 4) == "glTF";
    Result<GltfImport> imported = import_gltf(bytes, binary, {});
    if (!imported) {
        if (imported.message().empty()) return "the import failed without a message";
        return {};
    }
    for (const std::string& w : imported.value().warnings) {
        if (w.empty()) return "an empty warning";
    }
    if (Violation v = check_loaded_rig(imported.value().rig)) return "an imported rig: " + *v;
    return {};
}

}  // namespace marionette::fuzzing
