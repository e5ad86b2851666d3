#include "editor/files/picture_mesh_file.hpp"

#include <algorithm>
#include <cmath>

#include "core/image/image_decode.hpp"
#include "editor/edits/mesh_edits.hpp"

namespace marionette {

Result<Rig> trace_attachment_mesh(const Rig& rig, const std::filesystem::path& folder, int slot, int attachment, float detail) {
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) return Error{"slot " + std::to_string(slot) + " does not exist"};
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (attachment < 0 || attachment >= static_cast<int>(s.attachments.size())) {
        return Error{"slot \"" + s.name + "\" has no attachment " + std::to_string(attachment)};
    }
    const std::string& image = s.attachments[static_cast<std::size_t>(attachment)].image;
    Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / image);
    if (!bytes) return Error{bytes.message()};
    Result<DecodedImage> decoded = decode_image(bytes.value());
    if (!decoded) return Error{image + " " + decoded.message()};
    const DecodedImage& d = decoded.value();
    Result<Rig> made = make_attachment_mesh(rig, slot, attachment, PicturePixels{d.rgba, d.width, d.height}, detail);
    if (!made) return Error{image + ": " + made.message()};
    return made;
}

glm::ivec2 grid_cells(glm::vec2 size, float detail) {
    const float along = 1.0f + std::round(std::clamp(detail, 0.0f, 1.0f) * 15.0f);
    const float longer = std::max(size.x, size.y);
    if (!(longer > 0.0f)) return {1, 1};
    const auto cells = [&](float side) { return std::clamp(static_cast<int>(std::round(along * side / longer)), 1, kMaxGridCells); };
    return {cells(size.x), cells(size.y)};
}

}  // namespace marionette
