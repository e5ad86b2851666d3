#include "core/io/spine/spine_atlas.hpp"

namespace marionette {

std::string spine_atlas(const SpineRegions& regions) {
    std::string out;
    for (const SpineRegion& r : regions.regions) {
        if (!r.present) continue;
        const std::string w = std::to_string(r.pixels.x);
        const std::string h = std::to_string(r.pixels.y);
        if (!out.empty()) out += "\n";
        out += r.page + "\n";
        out += "size: " + w + ", " + h + "\n";
        // Straight (not premultiplied) alpha, as the pictures are stored: "pma" is left out.
        out += "filter: Linear, Linear\n";
        out += r.name + "\n";
        out += "bounds: 0, 0, " + w + ", " + h + "\n";
    }
    return out;
}

}  // namespace marionette
