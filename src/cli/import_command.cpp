#include "cli/import_command.hpp"

#include <filesystem>
#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/io/spine_import/spine_import.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

namespace {

// A layered PSD file or a Spine skeleton: the rig and its pictures beside it (docs/psd.md,
// docs/spine.md), every one of them checked by the overwrite guard before any is written.
int run_picture_import(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (Status s = check_output_file("--out", file, out_file, overwrite); !s) return print_failure(err, s.message());
    Result<ImportedRig> imported = psd::is_psd_path(file) ? psd::import_psd_file(file, out_file) : import_spine_file(file, out_file);
    if (!imported) return print_failure(err, imported.message());
    const std::vector<FileSetMember> files = imported_rig_files(imported.value(), out_file);
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
    // A .json file that is no Spine skeleton (a rig, most likely) is refused as any other
    // kind; one that cannot be read says why.
    const bool spine = lowercase_extension(file) == ".json" && (is_spine_skeleton_file(file) || !std::filesystem::exists(file));
    if (psd::is_psd_path(file) || spine) return run_picture_import(file, out_file, overwrite, out, err);
    if (!is_gltf_path(file))
        return print_failure(err,
                             "--import " + file + ": expected a glTF file (.glb or .gltf), a PSD file (.psd) or a Spine skeleton (.json)");
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
