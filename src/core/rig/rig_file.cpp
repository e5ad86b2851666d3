#include "core/rig/rig_file.hpp"

#include <system_error>
#include <vector>

#include "core/io/file_set.hpp"
#include "core/io/json/json_document.hpp"
#include "core/io/spine_import/spine_import.hpp"
#include "core/io/spine_import/spine_skeleton_reader.hpp"
#include "core/io/text_file.hpp"
#include "core/mesh/mesh_data_names.hpp"
#include "core/mesh/mesh_json.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

namespace {

// Mesh data files of this rig that its JSON no longer names (from saves of other meshes), kept
// while another rig file beside it names one (a copy of this rig, saved before) or while that
// cannot be told.
void remove_stale_mesh_data(const std::filesystem::path& rig_path, const std::string& kept) {
    std::error_code ec;
    std::vector<std::filesystem::path> stale;
    for (const auto& entry : std::filesystem::directory_iterator(folder_of(rig_path), ec)) {
        const std::string name = entry.path().filename().string();
        if (name != kept && is_mesh_data_file_of(rig_path, name)) stale.push_back(entry.path());
    }
    for (const std::filesystem::path& file : stale) {
        const MeshDataUse use = find_rig_naming(file);
        if (!use.named_by && !use.unsure) std::filesystem::remove(file, ec);
    }
}

}  // namespace

Result<Rig> load_rig_file(const std::filesystem::path& path) {
    Result<std::string> text = read_text_file(path, kMaxRigFileBytes, "rig file");
    if (!text) return Error{text.message()};
    Result<Rig> rig = parse_rig(text.value(), folder_of(path));
    if (!rig) {
        // A Spine skeleton is JSON too: say what to do with it rather than what a rig lacks.
        if (Result<Json> document = parse_json_document(text.value()); document && is_spine_skeleton(document.value()))
            return Error{spine_not_a_rig(path)};
        return Error{path.string() + ": " + rig.message()};
    }
    return rig;
}

Result<std::string> write_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options) {
    if (rig.meshes.empty()) {
        Result<std::string> text = serialize_rig(rig);
        if (!text) return Error{path.string() + ": " + text.message()};
        if (Status s = write_file_atomically(path, text.value(), options); !s) return Error{s.message()};
        // Its meshes gone, the rig's earlier mesh data is debris unless another rig names it.
        remove_stale_mesh_data(path, "");
        return text;
    }
    // The mesh data and the JSON are one set (file_set.hpp): both targets checked before either
    // is written, both written before either is renamed, the mesh data renamed first. It has a
    // name of its own hash, which the JSON on disk does not name, so until the new JSON replaces
    // the old one the old rig opens as it was.
    PackedMeshes packed = pack_meshes(rig.meshes.set());
    if (packed.block.size() > kMaxMeshDataBytes) {
        return Error{path.string() + ": the meshes take " + megabytes_text(packed.block.size()) + ", and a mesh data file may be at most " +
                     megabytes_text(kMaxMeshDataBytes) + "; not written"};
    }
    packed.file = mesh_data_file_name(path, fnv1a64(packed.block));
    Result<std::string> text = serialize_rig(rig, kMaxRigFileBytes, &packed);
    if (!text) return Error{path.string() + ": " + text.message()};
    std::vector<FileSetMember> set;
    set.push_back(FileSetMember{folder_of(path) / packed.file, std::move(packed.block), true});
    set.push_back(FileSetMember{path, text.value()});
    if (Status s = write_file_set(set, FileSetOptions{options}); !s) return Error{s.message()};
    remove_stale_mesh_data(path, packed.file);
    return text;
}

Status save_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options) {
    return write_rig_file(rig, path, options).status();
}

}  // namespace marionette
