#include "core/rig_file.hpp"

#include "core/rig_json.hpp"
#include "core/text_file.hpp"

namespace marionette {

Result<Rig> load_rig_file(const std::filesystem::path& path) {
    Result<std::string> text = read_text_file(path, kMaxRigFileBytes, "rig file");
    if (!text) return Error{text.message()};
    Result<Rig> rig = parse_rig(text.value());
    if (!rig) return Error{path.string() + ": " + rig.message()};
    return rig;
}

Status save_rig_file(const Rig& rig, const std::filesystem::path& path, WriteOptions options) {
    Result<std::string> text = serialize_rig(rig);
    if (!text) return Error{path.string() + ": " + text.message()};
    return write_file_atomically(path, text.value(), options);
}

}  // namespace marionette
