#include "core/io/spine_import/spine_region_picture.hpp"

#include <algorithm>

namespace marionette {

namespace {

// The packed rectangle's size on the page: a region turned a quarter lies on its side.
glm::ivec2 packed_size(const SpineAtlasRegion& r) { return r.degrees == 90 || r.degrees == 270 ? glm::ivec2(r.size.y, r.size.x) : r.size; }

}  // namespace

bool region_fits_page(const SpineAtlasRegion& region, glm::ivec2 page_size) {
    const glm::ivec2 packed = packed_size(region);
    const glm::ivec2 end = region.position + packed;
    const bool on_page = region.position.x >= 0 && region.position.y >= 0 && end.x <= page_size.x && end.y <= page_size.y;
    const bool in_original = region.offset.x >= 0 && region.offset.y >= 0 && region.offset.x + region.size.x <= region.original_size.x &&
                             region.offset.y + region.size.y <= region.original_size.y;
    const bool turn = region.degrees == 0 || region.degrees == 90 || region.degrees == 180 || region.degrees == 270;
    return on_page && in_original && turn && region.original_size.x >= 1 && region.original_size.y >= 1;
}

DecodedImage cut_atlas_region(const DecodedImage& page, const SpineAtlasRegion& r, bool premultiplied) {
    DecodedImage out;
    out.width = r.original_size.x;
    out.height = r.original_size.y;
    out.rgba.assign(std::size_t(out.width) * std::size_t(out.height) * 4, 0);
    // The packed part's top-left corner in the original picture: the atlas counts its offset
    // from the bottom left, y up.
    const int left = r.offset.x;
    const int top = r.original_size.y - r.offset.y - r.size.y;
    const int w = r.size.x;
    const int h = r.size.y;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            // Where the picture's pixel (x, y), from its top left, lies in the packed rectangle:
            // turned anticlockwise by the region's degrees (spine-core's mesh UVs read the same).
            glm::ivec2 p;
            switch (r.degrees) {
                case 90: p = {y, w - 1 - x}; break;
                case 180: p = {w - 1 - x, h - 1 - y}; break;
                case 270: p = {h - 1 - y, x}; break;
                default: p = {x, y}; break;
            }
            p += r.position;
            const std::uint8_t* from = &page.rgba[(std::size_t(p.y) * std::size_t(page.width) + std::size_t(p.x)) * 4];
            std::uint8_t* to = &out.rgba[(std::size_t(top + y) * std::size_t(out.width) + std::size_t(left + x)) * 4];
            std::copy(from, from + 4, to);
            if (premultiplied && to[3] != 0 && to[3] != 255) {
                // Back to straight alpha, rounding to nearest; a colour past its alpha (a
                // packer's rounding) stays at full.
                for (int c = 0; c < 3; ++c) to[c] = static_cast<std::uint8_t>(std::min(255, (to[c] * 255 + to[3] / 2) / to[3]));
            }
        }
    }
    return out;
}

}  // namespace marionette
