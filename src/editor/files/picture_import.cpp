#include "editor/files/picture_import.hpp"

#include <algorithm>

#include "core/image/image_decode.hpp"
#include "core/io/text_file.hpp"
#include "core/mesh/slot_images.hpp"

namespace marionette {

namespace fs = std::filesystem;

bool is_picture_path(const fs::path& file) {
    const std::string ext = lowercase_extension(file);
    return std::find(std::begin(kPictureExtensions), std::end(kPictureExtensions), ext) != std::end(kPictureExtensions);
}

float pixels_per_unit(const Rig& rig, const fs::path& folder) {
    for (const Slot& slot : rig.slots) {
        for (const Attachment& a : slot.attachments) {
            if (!(a.size.x > 0.0f)) continue;
            Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / a.image);
            if (!bytes) continue;
            const Result<glm::ivec2> size = image_size(bytes.value());
            if (size) return static_cast<float>(size.value().x) / a.size.x;
        }
    }
    return 1.0f;
}

Result<SlotEdit> add_picture_file(const Rig& rig, const fs::path& folder, const fs::path& file, int bone, int slot,
                                  const Transform& bone_world) {
    Result<std::string> name = picture_path_from(folder, file);
    if (!name) return Error{name.message()};
    Result<std::vector<std::uint8_t>> bytes = read_image_file(file);
    if (!bytes) return Error{bytes.message()};
    Result<glm::ivec2> size = image_size(bytes.value());
    if (!size) return Error{file.filename().string() + " " + size.message()};
    // At the density of the rig's own art (Io's is two pixels a unit), so a new picture comes in
    // at the size its neighbours were drawn at.
    const glm::vec2 units = glm::vec2(size.value()) / pixels_per_unit(rig, folder);
    return slot >= 0 ? add_slot_attachment(rig, slot, name.value(), units, bone_world)
                     : add_picture_slot(rig, bone, name.value(), units, bone_world);
}

}  // namespace marionette
