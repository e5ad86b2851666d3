#include "cli/import_command.hpp"

#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

namespace {

// A layered PSD file: the rig and its pictures beside it (docs/psd.md), every one of them
// checked by the overwrite guard before any is written.
int run_psd_import(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (Status s = check_output_file("--out", file, out_file, overwrite); !s) return print_failure(err, s.message());
    Result<psd::PsdImport> imported = psd::import_psd_file(file, out_file);
    if (!imported) return print_failure(err, imported.message());
    const std::vector<FileSetMember> files = psd::psd_import_files(imported.value(), out_file);
    for (const FileSetMember& f : files) {
        if (Status s = check_output_file("--out", file, f.path.string(), overwrite); !s) return print_failure(err, s.message());
    }
    print_warnings(err, imported.value().warnings);
    if (Status s = write_file_set(files, FileSetOptions{WriteOptions{.replace_read_only = overwrite}}); !s)
        return print_failure(err, s.message());
    const Rig& rig = imported.value().rig;
    print_line(out, "imported=" + file + " bones=" + std::to_string(rig.skeleton.size()) + " slots=" + std::to_string(rig.slots.size()) +
                        " pictures=" + std::to_string(imported.value().pictures.size()) + " out=" + out_file);
    return 0;
}

}  // namespace

int run_import(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (psd::is_psd_path(file)) return run_psd_import(file, out_file, overwrite, out, err);
    if (!is_gltf_path(file)) return print_failure(err, "--import " + file + ": expected a glTF file (.glb or .gltf) or a PSD file (.psd)");
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
