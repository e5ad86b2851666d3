#include "core/rig/opened_rig.hpp"

#include "core/io/gltf/gltf_import.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

Result<OpenedRig> open_rig_file(const std::filesystem::path& path) {
    if (is_gltf_path(path)) {
        Result<GltfImport> imported = import_gltf_file(path);
        if (!imported) return Error{imported.message()};
        return OpenedRig{std::move(imported.value().rig), std::move(imported.value().warnings), true};
    }
    if (psd::is_psd_path(path)) return Error{psd::psd_not_a_rig(path)};
    Result<Rig> rig = load_rig_file(path);
    if (!rig) return Error{rig.message()};
    std::vector<std::string> warnings = slot_image_problems(rig.value(), path.parent_path());
    return OpenedRig{std::move(rig).value(), std::move(warnings), false};
}

}  // namespace marionette
