#include "cli/overwrite_guard.hpp"

#include <filesystem>
#include <system_error>

#include "core/mesh/mesh_data_names.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

namespace {

// Both exist and are one file: compared by device and inode, so "./arm.json", "../x/arm.json",
// a symbolic link and a hard link to it all count.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (!std::filesystem::exists(a, ec) || !std::filesystem::exists(b, ec)) return false;
    const bool same = std::filesystem::equivalent(a, b, ec);
    return !ec && same;
}

}  // namespace

Status check_output_file(const std::string& option, const std::string& input, const std::string& out, bool overwrite) {
    if (overwrite) return {};
    const std::string advice = "; give another file, or --overwrite to replace it";
    if (same_file(input, out)) return Error{option + " " + out + ": is the rig being read" + advice};
    // Whatever loads is a rig someone may want; a file that does not (earlier frames, a
    // screenshot, nothing yet) is the command's to replace.
    if (load_rig_file(out).ok()) return Error{option + " " + out + ": is a rig file" + advice};
    // A rig's mesh data is part of that rig: replaced, the rig no longer opens.
    if (std::filesystem::path p(out); looks_like_mesh_data(p.filename().string()) && std::filesystem::exists(p)) {
        if (const MeshDataUse use = find_rig_naming(p); use.named_by) {
            return Error{option + " " + out + ": is the mesh data of the rig " + use.named_by->string() + advice};
        }
    }
    // Made read-only by someone: not replaced unless asked (the write itself refuses too).
    if (is_read_only_file(out)) return Error{option + " " + out + ": is read-only" + advice};
    return {};
}

}  // namespace marionette
