#include "cli/import_command.hpp"

#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

int run_import(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (!is_gltf_path(file)) return print_failure(err, "--import " + file + ": expected a glTF file (.glb or .gltf)");
    if (Status s = check_output_file("--out", file, out_file, overwrite); !s) return print_failure(err, s.message());
    Result<GltfImport> imported = import_gltf_file(file);
    if (!imported) return print_failure(err, imported.message());
    print_warnings(err, imported.value().warnings);
    const Rig& rig = imported.value().rig;
    if (Status s = save_rig_file(rig, out_file, WriteOptions{.replace_read_only = overwrite}); !s) return print_failure(err, s.message());
    print_line(out, "imported=" + file + " bones=" + std::to_string(rig.skeleton.size()) + " states=" + std::to_string(rig.states.size()) +
                        " meshes=" + std::to_string(rig.meshes.meshes().size()) + " out=" + out_file);
    return 0;
}

}  // namespace marionette
