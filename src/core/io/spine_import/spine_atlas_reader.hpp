#pragma once
// Spine's texture atlas text (esotericsoftware.com/spine-atlas-format, libgdx's format): pages,
// each a picture file with the regions packed on it. Spine 4's fields (`bounds`, `offsets`,
// `rotate: 90`) and Spine 3's (`xy`, `size`, `orig`, `offset`, `rotate: true`) are both read.
// A Spine skeleton's region and mesh attachments name their pictures in it.

#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"

namespace marionette {

// The largest page or region side an atlas may give, in pixels (Spine packs pages up to 16,384).
inline constexpr int kMaxAtlasSide = 65'536;

struct SpineAtlasRegion {
    std::string name;
    int page = 0;    // into SpineAtlas::pages
    int index = -1;  // a frame number (name_3.png packs as "name" with index 3), or -1
    // Where it lies on the page, in pixels from the page's top-left corner, and its size as the
    // picture stands (unturned): on the page it covers height x width when turned 90 or 270.
    glm::ivec2 position{0};
    glm::ivec2 size{0};
    int degrees = 0;  // how far it was turned anticlockwise to pack it: 0, 90, 180 or 270
    // The picture before whitespace was trimmed from it: its size, and where the packed part
    // sits in it, from its bottom-left corner (y up, as Spine counts).
    glm::ivec2 original_size{0};
    glm::ivec2 offset{0};
};

struct SpineAtlasPage {
    std::string file;            // the picture's name, relative to the atlas's folder
    glm::ivec2 size{0};          // its pixels as the atlas says (0 x 0: not given)
    bool premultiplied = false;  // its colours are multiplied by alpha (`pma: true`)
};

struct SpineAtlas {
    std::vector<SpineAtlasPage> pages;
    std::vector<SpineAtlasRegion> regions;
    // Fields read and left aside (`split`, `pad`, unknown names), a line each: `line 12: "split"`.
    std::vector<std::string> passed_over;

    // The region named `name` (with `index` when several share it), or nullptr.
    const SpineAtlasRegion* find(std::string_view name, int index = -1) const;
};

// Reads an atlas's text. A line that does not read gives an error naming it ("line 12:
// \"bounds\" needs 4 whole numbers from 0 to 65536"), as do a field where a page's picture file
// is due, a region reaching past its page's given size or its original picture, and a turn
// other than 0, 90, 180 or 270 degrees.
Result<SpineAtlas> read_spine_atlas(std::string_view text);

}  // namespace marionette
