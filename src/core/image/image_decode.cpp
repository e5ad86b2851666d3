#include "core/image/image_decode.hpp"

#include <algorithm>
#include <initializer_list>

#include <stb_image.h>

#include <climits>
#include <cstring>
#include <optional>
#include <string>

#include "core/io/text_file.hpp"
#include "core/mesh/mesh.hpp"

namespace marionette {

namespace {

// The size a PNG's header chunk claims, read directly: stb_image refuses a header past its own
// 1 GB limit without saying which format it was, and the message should say "too large".
std::optional<glm::u64vec2> png_header_size(std::span<const std::uint8_t> bytes) {
    static const std::uint8_t kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (bytes.size() < 24 || std::memcmp(bytes.data(), kSignature, 8) != 0 || std::memcmp(bytes.data() + 12, "IHDR", 4) != 0)
        return std::nullopt;
    const auto be32 = [&](std::size_t at) {
        return (std::uint64_t{bytes[at]} << 24) | (std::uint64_t{bytes[at + 1]} << 16) | (std::uint64_t{bytes[at + 2]} << 8) |
               bytes[at + 3];
    };
    return glm::u64vec2{be32(16), be32(20)};
}

std::string too_large(std::uint64_t width, std::uint64_t height) {
    return "is larger than " + std::to_string(kMaxImageSide) + " pixels a side (" + std::to_string(width) + " × " + std::to_string(height) +
           ")";
}

}  // namespace

std::string_view image_mime_type(std::span<const std::uint8_t> bytes) {
    const auto starts = [&](std::initializer_list<std::uint8_t> magic) {
        return bytes.size() >= magic.size() && std::equal(magic.begin(), magic.end(), bytes.begin());
    };
    if (starts({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'})) return "image/png";
    if (starts({0xff, 0xd8, 0xff})) return "image/jpeg";
    return {};
}

Result<glm::ivec2> image_size(std::span<const std::uint8_t> bytes) {
    if (bytes.empty() || bytes.size() > static_cast<std::size_t>(INT_MAX)) return Error{"does not decode"};
    if (const std::optional<glm::u64vec2> png = png_header_size(bytes); png && (png->x > kMaxImageSide || png->y > kMaxImageSide)) {
        return Error{too_large(png->x, png->y)};
    }
    int width = 0, height = 0, channels = 0;
    if (!stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width, &height, &channels)) {
        return Error{std::string("does not decode (") + stbi_failure_reason() +
                     ")"};  // stb_image's reason: "unknown image type", "too large"
    }
    if (width <= 0 || height <= 0) return Error{"does not decode"};
    if (width > kMaxImageSide || height > kMaxImageSide)
        return Error{too_large(static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height))};
    return glm::ivec2{width, height};
}

Result<DecodedImage> decode_image(std::span<const std::uint8_t> bytes) {
    Result<glm::ivec2> size = image_size(bytes);
    if (!size) return Error{size.message()};
    int width = 0, height = 0, channels = 0;
    unsigned char* rgba = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width, &height, &channels, 4);
    if (!rgba) return Error{std::string("does not decode (") + stbi_failure_reason() + ")"};
    // The header said one size; what decoded is what is kept, checked again.
    if (width != size.value().x || height != size.value().y) {
        stbi_image_free(rgba);
        return Error{"does not decode (its size changed while reading)"};
    }
    DecodedImage out{width, height, {}};
    out.rgba.assign(rgba, rgba + static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    stbi_image_free(rgba);
    return out;
}

void premultiply_alpha(DecodedImage& image) {
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        const unsigned a = image.rgba[i + 3];
        for (std::size_t c = 0; c < 3; ++c) image.rgba[i + c] = static_cast<std::uint8_t>((image.rgba[i + c] * a + 127) / 255);
    }
}

Result<std::vector<std::uint8_t>> read_image_file(const std::filesystem::path& path) {
    Result<std::string> text = read_text_file(path, kMaxImageBytes, "picture file");
    if (!text) return Error{text.message()};
    const std::string& bytes = text.value();
    return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

}  // namespace marionette
