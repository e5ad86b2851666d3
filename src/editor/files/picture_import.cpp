#include "editor/files/picture_import.hpp"

#include <algorithm>

#include "core/io/text_file.hpp"
#include "core/mesh/image_decode.hpp"
#include "core/mesh/slot_images.hpp"

namespace marionette {

namespace fs = std::filesystem;

bool is_picture_path(const fs::path& file) {
    const std::string ext = lowercase_extension(file);
    return std::find(std::begin(kPictureExtensions), std::end(kPictureExtensions), ext) != std::end(kPictureExtensions);
}

Result<SlotEdit> add_picture_file(const Rig& rig, const fs::path& folder, const fs::path& file, int bone, int slot,
                                  const Transform& bone_world) {
    Result<std::string> name = picture_path_from(folder, file);
    if (!name) return Error{name.message()};
    Result<std::vector<std::uint8_t>> bytes = read_image_file(file);
    if (!bytes) return Error{bytes.message()};
    Result<glm::ivec2> size = image_size(bytes.value());
    if (!size) return Error{file.filename().string() + " " + size.message()};
    const glm::vec2 units(size.value());
    return slot >= 0 ? add_slot_attachment(rig, slot, name.value(), units, bone_world)
                     : add_picture_slot(rig, bone, name.value(), units, bone_world);
}

}  // namespace marionette
