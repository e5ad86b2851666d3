#include "core/mesh/mesh_data_names.hpp"

#include <system_error>

#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kTail = ".mesh.bin";
constexpr std::size_t kHashDigits = 16;

// What a rig file holds when it names `name`: the name in quotes; for a name JSON would write
// escaped (quotes, backslashes, control or non-ASCII bytes) its hash and tail, which are never
// escaped and which only the mesh data of these meshes carries.
std::string needle_for(const std::string& name) {
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\' || u < 0x20 || u >= 0x7f) {
            return name.size() >= kHashDigits + kTail.size() + 1 ? name.substr(name.size() - kHashDigits - kTail.size() - 1) : name;
        }
    }
    return "\"" + name + "\"";
}

}  // namespace

bool looks_like_mesh_data(const std::string& name) {
    const std::size_t least = 1 + 1 + kHashDigits + kTail.size();  // a stem of one byte at least
    if (name.size() < least || name.compare(name.size() - kTail.size(), kTail.size(), kTail) != 0) return false;
    const std::size_t hash = name.size() - kTail.size() - kHashDigits;
    if (name[hash - 1] != '.') return false;
    for (std::size_t i = hash; i < hash + kHashDigits; ++i) {
        if (std::string_view("0123456789abcdef").find(name[i]) == std::string_view::npos) return false;
    }
    return true;
}

MeshDataUse find_rig_naming(const fs::path& mesh_data) {
    MeshDataUse use;
    const std::string needle = needle_for(mesh_data.filename().string());
    std::error_code ec;
    for (fs::directory_iterator it(folder_of(mesh_data), ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (lowercase_extension(p) != ".json") continue;
        std::error_code type_ec;
        // Not a rig: a pipe or device (never opened, so never waited on) or a file larger than
        // the loader reads.
        if (!fs::is_regular_file(p, type_ec) || fs::file_size(p, type_ec) > kMaxRigFileBytes || type_ec) continue;
        Result<std::string> text = read_text_file(p, kMaxRigFileBytes, "rig file");
        if (!text) {
            use.unsure = true;
            continue;
        }
        if (text.value().find(needle) != std::string::npos) {
            use.named_by = p;
            return use;
        }
    }
    if (ec) use.unsure = true;
    return use;
}

}  // namespace marionette
