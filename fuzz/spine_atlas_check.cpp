#include "fuzz/spine_atlas_check.hpp"

#include "core/io/spine_import/spine_atlas_reader.hpp"

namespace marionette::fuzzing {

Violation check_spine_atlas_text(std::string_view text) {
    const Result<SpineAtlas> atlas = read_spine_atlas(text);
    if (!atlas) return atlas.message().rfind("line ", 0) == 0 ? Violation() : Violation("an error naming no line: " + atlas.message());
    const SpineAtlas& a = atlas.value();
    for (const SpineAtlasRegion& r : a.regions) {
        if (r.page < 0 || r.page >= static_cast<int>(a.pages.size())) return "region \"" + r.name + "\" on no page";
        const auto within = [](glm::ivec2 v) { return v.x >= 0 && v.y >= 0 && v.x <= kMaxAtlasSide && v.y <= kMaxAtlasSide; };
        if (!within(r.position) || !within(r.size) || !within(r.offset) || !within(r.original_size))
            return "region \"" + r.name + "\": a size or place out of range";
        if (r.degrees != 0 && r.degrees != 90 && r.degrees != 180 && r.degrees != 270) return "region \"" + r.name + "\": a turn";
        if (r.offset.x + r.size.x > r.original_size.x || r.offset.y + r.size.y > r.original_size.y)
            return "region \"" + r.name + "\": outside its original picture";
        const SpineAtlasPage& page = a.pages[static_cast<std::size_t>(r.page)];
        const bool turned = r.degrees == 90 || r.degrees == 270;
        const glm::ivec2 packed = turned ? glm::ivec2(r.size.y, r.size.x) : r.size;
        if (page.size.x > 0 && page.size.y > 0 && (r.position.x + packed.x > page.size.x || r.position.y + packed.y > page.size.y))
            return "region \"" + r.name + "\": outside its page";
    }
    for (const SpineAtlasPage& p : a.pages) {
        if (p.file.empty()) return "a page without a file";
    }
    return {};
}

}  // namespace marionette::fuzzing
