#include "editor/ui/overlay_corner.hpp"

#include <array>
#include <cstddef>

namespace marionette {

glm::vec2 overlay_position(const Viewport& view, OverlayCorner corner, glm::vec2 size, float margin, float top_left_below) {
    const float left = view.x + margin, right = view.x + view.width - margin - size.x;
    const float top = view.y + margin, bottom = view.y + view.height - margin - size.y;
    switch (corner) {
        case OverlayCorner::TopRight: return {right, top};
        case OverlayCorner::TopLeft: return {left, top + top_left_below};
        case OverlayCorner::BottomRight: return {right, bottom};
        case OverlayCorner::BottomLeft: return {left, bottom};
    }
    return {right, top};
}

OverlayCorner quietest_corner(const Viewport& view, glm::vec2 size, float margin, float top_left_below, std::span<const glm::vec2> shown) {
    constexpr std::array corners{OverlayCorner::TopRight, OverlayCorner::TopLeft, OverlayCorner::BottomRight, OverlayCorner::BottomLeft};
    OverlayCorner best = corners[0];
    std::size_t fewest = shown.size() + 1;
    for (const OverlayCorner c : corners) {
        const glm::vec2 lo = overlay_position(view, c, size, margin, top_left_below), hi = lo + size;
        std::size_t covered = 0;
        for (const glm::vec2& p : shown) covered += p.x >= lo.x && p.x < hi.x && p.y >= lo.y && p.y < hi.y;
        if (covered < fewest) {
            fewest = covered;
            best = c;
        }
    }
    return best;
}

}  // namespace marionette
