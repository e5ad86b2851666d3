#include "cli/spine_export_command.hpp"

#include <filesystem>
#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/io/spine/spine_export.hpp"
#include "core/io/spine/spine_files.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/opened_rig.hpp"

namespace marionette {

namespace fs = std::filesystem;

int run_spine_export(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (!is_spine_json_path(out_file))
        return print_failure(err, "--out " + out_file + ": --format spine writes a Spine skeleton: expected a .json file name");
    Result<OpenedRig> opened = open_rig_file(file);
    if (!opened) return print_failure(err, opened.message());
    print_warnings(err, opened.value().warnings);
    const Rig& rig = opened.value().rig;
    const fs::path rig_dir = rig_folder(file);
    Result<SpineExport> exported = export_spine(rig, SpineExportOptions{read_spine_pictures(rig, rig_dir)});
    if (!exported) return print_failure(err, exported.message());
    const SpineExport& e = exported.value();

    Result<std::vector<SpineFile>> files = plan_spine_files(e, rig_dir, fs::path(out_file));
    if (!files) return print_failure(err, files.message());
    for (const SpineFile& f : files.value()) {
        if (Status s = check_output_file("--out", file, f.path.string(), overwrite); !s) return print_failure(err, s.message());
    }
    print_warnings(err, e.warnings);  // what the files written will show otherwise
    if (Status s = write_spine_files(files.value(), overwrite); !s) return print_failure(err, s.message());
    print_line(out, "exported=" + file + " bones=" + std::to_string(e.bones) + " slots=" + std::to_string(e.slots) +
                        " animations=" + std::to_string(e.animations) + " out=" + out_file);
    return 0;
}

}  // namespace marionette
