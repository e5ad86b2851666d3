#pragma once
// Where a panel floating over the viewport (mesh mode's tools) sits: the corner of the viewport
// where it covers least of the puppet, so the part being edited stays in sight (a raised arm
// at the top right sends the panel to the top left).

#include <span>

#include <glm/glm.hpp>

#include "editor/viewport/viewport.hpp"

namespace marionette {

enum class OverlayCorner { TopRight, TopLeft, BottomRight, BottomLeft };

// The panel's top-left pixel in `corner` of `view`, `margin` from its edges; at the top left
// it sits `top_left_below` lower (under the playback overlay there, when one shows).
glm::vec2 overlay_position(const Viewport& view, OverlayCorner corner, glm::vec2 size, float margin, float top_left_below);

// The corner where a panel of `size` covers the fewest of `shown` (the puppet's points on
// screen, window pixels); ties go to the earlier corner of TopRight, TopLeft, BottomRight,
// BottomLeft.
OverlayCorner quietest_corner(const Viewport& view, glm::vec2 size, float margin, float top_left_below, std::span<const glm::vec2> shown);

}  // namespace marionette
