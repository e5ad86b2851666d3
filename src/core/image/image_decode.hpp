#pragma once
// Reading the pictures a rig shows (mesh textures, slot attachments): PNG and JPEG through
// stb_image, held to one size rule so that no file, however it lies about its size, makes the
// editor allocate more than the rule allows. Pure functions; the renderers upload the pixels.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"

namespace marionette {

// The largest side a picture may have: past it a picture is refused before it is decoded.
inline constexpr int kMaxImageSide = 8192;

struct DecodedImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, rows from the top
};

// The picture's type by its first bytes: "image/png", "image/jpeg", or empty for neither.
std::string_view image_mime_type(std::span<const std::uint8_t> bytes);

// The picture's width and height from its header alone (nothing decoded), or why it is not one
// this reads: "does not decode (unknown image type)" for what is no PNG or JPEG (stb_image's
// reason in brackets), "is larger than 8192 pixels a side (W × H)".
Result<glm::ivec2> image_size(std::span<const std::uint8_t> bytes);

// The bytes a picture of `size` takes decoded, four a pixel: what the file's budget of decoded
// pictures counts (read_budget.hpp).
inline std::uint64_t decoded_bytes(glm::ivec2 size) {
    return 4ull * static_cast<std::uint64_t>(size.x) * static_cast<std::uint64_t>(size.y);
}

// The picture as RGBA bytes, after image_size's checks.
Result<DecodedImage> decode_image(std::span<const std::uint8_t> bytes);

// Multiplies each pixel's colour by its alpha (premultiplied alpha), rounding to nearest: the
// form a picture is filtered and blended in, so that its see-through edges never pick up the
// colour of the invisible pixels beside them.
void premultiply_alpha(DecodedImage& image);

// A picture file's bytes (at most kMaxImageBytes, mesh.hpp), or why they cannot be read.
Result<std::vector<std::uint8_t>> read_image_file(const std::filesystem::path& path);

}  // namespace marionette
