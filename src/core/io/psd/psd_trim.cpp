#include "core/io/psd/psd_trim.hpp"

#include <algorithm>
#include <cstring>

namespace marionette::psd {

PsdRect visible_bounds(const PsdLayer& layer) {
    const PsdRect& r = layer.rect;
    if (r.empty() || layer.rgba.size() != 4ull * std::size_t(r.width()) * std::size_t(r.height())) return {};
    const std::size_t w = static_cast<std::size_t>(r.width()), h = static_cast<std::size_t>(r.height());
    std::size_t min_x = w, max_x = 0, min_y = h, max_y = 0;
    bool any = false;
    for (std::size_t y = 0; y < h; ++y) {
        const std::uint8_t* row = layer.rgba.data() + 4 * w * y;
        std::size_t first = w;
        for (std::size_t x = 0; x < w; ++x) {
            if (row[4 * x + 3] != 0) {
                first = x;
                break;
            }
        }
        if (first == w) continue;
        std::size_t last = w - 1;
        while (row[4 * last + 3] == 0) --last;
        any = true;
        min_x = std::min(min_x, first);
        max_x = std::max(max_x, last);
        min_y = std::min(min_y, y);
        max_y = y;
    }
    if (!any) return {};
    return PsdRect{r.top + static_cast<int>(min_y), r.left + static_cast<int>(min_x), r.top + static_cast<int>(max_y) + 1,
                   r.left + static_cast<int>(max_x) + 1};
}

std::vector<std::uint8_t> crop_pixels(const PsdLayer& layer, const PsdRect& bounds) {
    const std::size_t w = static_cast<std::size_t>(layer.rect.width());
    const std::size_t bw = static_cast<std::size_t>(bounds.width()), bh = static_cast<std::size_t>(bounds.height());
    std::vector<std::uint8_t> out(4 * bw * bh);
    for (std::size_t y = 0; y < bh; ++y) {
        const std::size_t from = 4 * ((std::size_t(bounds.top - layer.rect.top) + y) * w + std::size_t(bounds.left - layer.rect.left));
        std::memcpy(out.data() + 4 * bw * y, layer.rgba.data() + from, 4 * bw);
    }
    return out;
}

}  // namespace marionette::psd
