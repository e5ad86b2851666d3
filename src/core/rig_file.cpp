#include "core/rig_file.hpp"

#include <system_error>

#include "core/mesh_json.hpp"
#include "core/rig_json.hpp"
#include "core/text_file.hpp"

namespace marionette {

namespace {

// Whether `path` already holds exactly `bytes` (its name carries their hash, so it usually does).
bool holds(const std::filesystem::path& path, const std::string& bytes) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || std::filesystem::file_size(path, ec) != bytes.size() || ec) return false;
    Result<std::string> read = read_text_file(path, kMaxMeshDataBytes, "mesh data file");
    return read && read.value() == bytes;
}

// Mesh data files of this rig that its JSON no longer names (from saves of other meshes).
void remove_stale_mesh_data(const std::filesystem::path& rig_path, const std::string& kept) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder_of(rig_path), ec)) {
        const std::string name = entry.path().filename().string();
        if (name != kept && is_mesh_data_file_of(rig_path, name)) std::filesystem::remove(entry.path(), ec);
    }
}

}  // namespace

Result<Rig> load_rig_file(const std::filesystem::path& path) {
    Result<std::string> text = read_text_file(path, kMaxRigFileBytes, "rig file");
    if (!text) return Error{text.message()};
    Result<Rig> rig = parse_rig(text.value(), folder_of(path));
    if (!rig) return Error{path.string() + ": " + rig.message()};
    return rig;
}

Result<std::string> write_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options) {
    if (rig.meshes.empty()) {
        Result<std::string> text = serialize_rig(rig);
        if (!text) return Error{path.string() + ": " + text.message()};
        if (Status s = write_file_atomically(path, text.value(), options); !s) return Error{s.message()};
        return text;
    }
    // The mesh data first, under a name of its own hash: the JSON on disk goes on naming the
    // file it was saved with until the new JSON replaces it, so a failure at any step leaves a
    // rig that opens as it was.
    PackedMeshes packed = pack_meshes(rig.meshes.set());
    if (packed.block.size() > kMaxMeshDataBytes) {
        return Error{path.string() + ": the meshes take " + megabytes_text(packed.block.size()) + ", and a mesh data file may be at most " +
                     megabytes_text(kMaxMeshDataBytes) + "; not written"};
    }
    packed.file = mesh_data_file_name(path, fnv1a64(packed.block));
    Result<std::string> text = serialize_rig(rig, kMaxRigFileBytes, &packed);
    if (!text) return Error{path.string() + ": " + text.message()};
    const std::filesystem::path data_path = folder_of(path) / packed.file;
    if (!holds(data_path, packed.block)) {
        if (Status s = write_file_atomically(data_path, packed.block, options); !s) return Error{s.message()};
    }
    if (Status s = write_file_atomically(path, text.value(), options); !s) return Error{s.message()};
    remove_stale_mesh_data(path, packed.file);
    return text;
}

Status save_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options) {
    return write_rig_file(rig, path, options).status();
}

}  // namespace marionette
