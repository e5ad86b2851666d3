#include "editor/files/picture_mesh_file.hpp"

#include <algorithm>
#include <cmath>

#include "core/image/image_decode.hpp"
#include "editor/edits/mesh_edits.hpp"

namespace marionette {

Result<Rig> trace_attachment_mesh(const Rig& rig, const std::filesystem::path& folder, int slot, int attachment, float detail) {
    Result<const Attachment*> a = attachment_at(rig, slot, attachment);
    if (!a) return Error{a.message()};
    const std::string& image = a.value()->image;
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
