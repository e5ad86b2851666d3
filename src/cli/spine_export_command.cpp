#include "cli/spine_export_command.hpp"

#include <cctype>
#include <filesystem>
#include <ostream>
#include <utility>
#include <vector>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/atomic_file.hpp"
#include "core/image_decode.hpp"
#include "core/opened_rig.hpp"
#include "core/slot_images.hpp"
#include "core/spine_export.hpp"

namespace marionette {

namespace fs = std::filesystem;

namespace {

bool is_json_path(const fs::path& path) {
    std::string extension = path.extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".json";
}

// One file the export writes, with its contents.
struct Output {
    fs::path path;
    std::string bytes;
};

}  // namespace

int run_spine_export(const std::string& file, const std::string& out_file, bool overwrite, std::ostream& out, std::ostream& err) {
    if (!is_json_path(out_file)) return print_failure(err, "--out " + out_file + ": --format spine writes a Spine skeleton: expected a .json file name");
    Result<OpenedRig> opened = open_rig_file(file);
    if (!opened) return print_failure(err, opened.message());
    print_warnings(err, opened.value().warnings);
    const Rig& rig = opened.value().rig;
    const fs::path rig_dir = rig_folder(file);
    Result<SpineExport> exported = export_spine(rig, SpineExportOptions{read_spine_pictures(rig, rig_dir)});
    if (!exported) return print_failure(err, exported.message());
    const SpineExport& e = exported.value();

    // Everything to write, in the order it is written: the pictures, the atlas, and last the
    // skeleton that names them.
    const fs::path json_path(out_file);
    fs::path atlas_path = json_path;
    atlas_path.replace_extension(".atlas");
    const fs::path out_dir = json_path.parent_path();
    std::vector<Output> outputs;
    for (const SpineImageCopy& copy : e.images) {
        Result<std::vector<std::uint8_t>> bytes = read_image_file(rig_dir / copy.source);
        if (!bytes) return print_failure(err, bytes.message());
        outputs.push_back(Output{out_dir / copy.destination, std::string(bytes.value().begin(), bytes.value().end())});
    }
    outputs.push_back(Output{atlas_path, e.atlas});
    outputs.push_back(Output{json_path, e.json});
    for (const Output& o : outputs) {
        if (Status s = check_output_file("--out", file, o.path.string(), overwrite); !s) return print_failure(err, s.message());
    }
    print_warnings(err, e.warnings);  // what the files written will show otherwise
    for (const Output& o : outputs) {
        if (!o.path.parent_path().empty()) {
            std::error_code ec;
            fs::create_directories(o.path.parent_path(), ec);
            if (ec) return print_failure(err, o.path.parent_path().string() + ": cannot create the folder: " + ec.message());
        }
        if (Status s = write_file_atomically(o.path, o.bytes, WriteOptions{.replace_read_only = overwrite}); !s) return print_failure(err, s.message());
    }
    print_line(out, "exported=" + file + " bones=" + std::to_string(e.bones) + " slots=" + std::to_string(e.slots) +
                        " animations=" + std::to_string(e.animations) + " out=" + out_file);
    return 0;
}

}  // namespace marionette
