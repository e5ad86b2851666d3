// The File menu's exports to other programs' formats: glTF (docs/gltf.md) and Spine JSON
// (docs/spine.md). Each writes the whole export or nothing, and says what the file leaves out.

#include "app/actions/file_actions.hpp"

#include "core/base/counted.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/io/spine/spine_export.hpp"
#include "core/io/spine/spine_files.hpp"

namespace marionette {

void FileActions::report_export(const std::filesystem::path& path, const std::string& done, const std::vector<std::string>& warnings) {
    message_ = done;
    if (warnings.empty()) return;
    std::string list;
    for (const std::string& w : warnings) list += "- " + w + "\n";
    errors_.show("Exported " + path.filename().string() + " with warnings", "The file leaves out:\n" + list);
}

void FileActions::export_gltf_to(const std::filesystem::path& path) {
    if (!is_gltf_path(path)) {
        errors_.show("Cannot export " + path.filename().string(), "a glTF file's name ends in .glb (binary) or .gltf (JSON)");
        message_ = std::string();
        return;
    }
    Result<GltfExport> out =
        marionette::export_gltf(document_.rig(), GltfExportOptions{.binary = is_glb_path(path), .pictures_folder = document_.folder()});
    Status written = out ? write_file_atomically(path, out.value().bytes) : out.status();
    if (!written) {
        errors_.show("Cannot export " + path.filename().string(), written.message());
        message_ = std::string();
        return;
    }
    report_export(path, "Exported " + path.string() + " (" + counted(out.value().animations, "animation") + ")", out.value().warnings);
}

void FileActions::export_spine_to(const std::filesystem::path& path) {
    const auto fail = [&](const std::string& why) {
        errors_.show("Cannot export " + path.filename().string(), why);
        message_ = std::string();
    };
    if (!is_spine_json_path(path)) return fail("a Spine skeleton's name ends in .json (its atlas and pictures are written beside it)");
    const Rig& rig = document_.rig();
    Result<SpineExport> out = marionette::export_spine(rig, SpineExportOptions{read_spine_pictures(rig, document_.folder())});
    if (!out) return fail(out.message());
    // The chooser asked before replacing the skeleton; its atlas and pictures go with it.
    Result<std::vector<SpineFile>> files = plan_spine_files(out.value(), document_.folder(), path);
    if (!files) return fail(files.message());
    if (Status s = write_spine_files(files.value(), false); !s) return fail(s.message());
    const SpineExport& e = out.value();
    report_export(path,
                  "Exported " + path.string() + " (" + counted(e.bones, "bone") + ", " + counted(e.slots, "slot") + ", " +
                      counted(e.animations, "animation") + ", " + counted(e.images.size(), "picture") + ")",
                  e.warnings);
}

}  // namespace marionette
